// A character scan of YAML text for constructs refused before yaml-cpp sees them.
#include <vector>

#include "core/text.h"
#include "core/yaml_escapes.h"
#include "core/yaml_util.h"

namespace pp {

namespace {

bool is_indicator_context(char prev) {
  return prev == '\0' || prev == ' ' || prev == '[' || prev == '{' || prev == ',' || prev == '-' ||
         prev == ':';
}

}  // namespace

bool prescan_yaml(const std::string& text, const YamlOrigin& origin, int max_depth,
                  DiagnosticSink& sink) {
  int line = origin.first_line;
  std::size_t line_start = 0;
  int depth = 0;
  char quote = 0;
  bool in_indent = true;
  std::vector<int> indents;   // indentation of the open block levels
  bool block_scalar = false;  // inside a | or > block: skip its lines
  int block_indent = -1;
  auto where = [&](std::size_t i) {
    return SourceLocation{
        origin.path, line,
        count_code_points(std::string_view(text).substr(line_start, i - line_start)) + 1};
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\n') {
      ++line;
      line_start = i + 1;
      in_indent = true;
      if (quote == '\'' || quote == '"') continue;  // multi-line quoted scalar
      continue;
    }
    if (block_scalar) {
      // Lines indented deeper than the block's parent belong to the block.
      std::size_t j = line_start;
      while (j < text.size() && text[j] == ' ') ++j;
      const int indent = static_cast<int>(j - line_start);
      if (j < text.size() && text[j] != '\n' && indent <= block_indent) {
        block_scalar = false;
      } else {
        const auto nl = text.find('\n', i);
        if (nl == std::string::npos) break;
        i = nl - 1;
        continue;
      }
    }
    if (in_indent && c != ' ' && c != '\t' && !quote && depth == 0 && c != '#') {
      // First character of a block line: the indentation levels open above it
      // plus compact sequence entries ("- - - x") give its nesting depth.
      const int indent = static_cast<int>(i - line_start);
      while (!indents.empty() && indents.back() > indent) indents.pop_back();
      if (indents.empty() || indents.back() < indent) indents.push_back(indent);
      int dashes = 0;
      for (std::size_t k = i; k + 1 < text.size() && text[k] == '-' && text[k + 1] == ' ';) {
        ++dashes;
        k += 2;
        while (k < text.size() && text[k] == ' ') ++k;
      }
      if (static_cast<int>(indents.size()) + dashes > max_depth) {
        sink.error(where(i), "front-matter/too-deep",
                   "nesting deeper than " + std::to_string(max_depth) + " levels");
        return false;
      }
    }
    if (in_indent) {
      if (c == '\t' && !quote) {
        sink.error(where(i), "front-matter/tab", "tab character in indentation; use spaces");
        return false;
      }
      if (c != ' ') in_indent = false;
    }
    if (quote) {
      if (quote == '"' && c == '\\') {
        if (!check_yaml_escape(text, i, where(i), sink)) return false;
        ++i;
      } else if (c == quote) {
        if (quote == '\'' && i + 1 < text.size() && text[i + 1] == '\'')
          ++i;
        else
          quote = 0;
      }
      continue;
    }
    const char prev = i > line_start ? text[i - 1] : '\0';
    if (c == '#' && (prev == '\0' || prev == ' ')) {
      const auto nl = text.find('\n', i);
      if (nl == std::string::npos) break;
      i = nl - 1;
      continue;
    }
    if ((c == '"' || c == '\'') && is_indicator_context(prev)) {
      quote = c;
      continue;
    }
    if ((c == '&' || c == '*') && is_indicator_context(prev) && i + 1 < text.size() &&
        text[i + 1] != ' ' && text[i + 1] != '\n') {
      sink.error(where(i), "front-matter/anchor",
                 std::string(c == '&' ? "YAML anchors" : "YAML aliases") +
                     " are not allowed in front matter");
      return false;
    }
    if (c == '!' && is_indicator_context(prev)) {
      sink.error(where(i), "front-matter/yaml-tag", "YAML tags are not allowed in front matter");
      return false;
    }
    if ((c == '|' || c == '>') && (prev == ' ' || prev == '\0')) {
      // Block scalar header after "key:" or "-": the following more-indented lines are text.
      std::size_t k = i + 1;
      while (k < text.size() && text[k] != '\n' && text[k] != '#' &&
             (text[k] == '-' || text[k] == '+' || (text[k] >= '0' && text[k] <= '9') ||
              text[k] == ' '))
        ++k;
      if (k >= text.size() || text[k] == '\n' || text[k] == '#') {
        std::size_t j = line_start;
        while (j < text.size() && text[j] == ' ') ++j;
        block_indent = static_cast<int>(j - line_start);
        block_scalar = true;
        const auto nl = text.find('\n', i);
        if (nl == std::string::npos) break;
        i = nl - 1;
        continue;
      }
    }
    if (c == '[' || c == '{') {
      if (++depth > max_depth) {
        sink.error(where(i), "front-matter/too-deep",
                   "nesting deeper than " + std::to_string(max_depth) + " levels");
        return false;
      }
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  // Block nesting: indentation deeper than max_depth levels of two spaces.
  return true;
}

}  // namespace pp
