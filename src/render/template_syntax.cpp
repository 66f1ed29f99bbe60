// Mustache section structure checked by hand, with the place of each mistake.
#include "render/template_syntax.h"

#include <algorithm>
#include <vector>

#include "core/text.h"
#include "render/template_tags.h"

namespace pp {

namespace {

std::string trimmed(std::string_view s) {
  const auto b = s.find_first_not_of(" \t\r\n");
  if (b == std::string_view::npos) return "";
  const auto e = s.find_last_not_of(" \t\r\n");
  return std::string(s.substr(b, e + 1 - b));
}

}  // namespace

int code_point_column(std::string_view text, std::size_t line_start, std::size_t at) {
  return 1 + count_code_points(text.substr(line_start, at - line_start));
}

std::optional<TemplateMistake> template_mistake(std::string_view text) {
  struct Open {
    std::string name;
    std::size_t offset;
  };
  std::vector<Open> open;
  auto where = [&](std::size_t offset) {
    const auto [line, column] = line_and_column(text, offset);
    return std::to_string(line) + ":" + std::to_string(column);
  };
  const TemplateTags found = find_tags(text);
  if (found.changes_delimiters) return std::nullopt;  // kainjow judges those
  for (const auto& tag : found.tags) {
    if (tag.text.empty() || (tag.text[0] != '#' && tag.text[0] != '^' && tag.text[0] != '/'))
      continue;
    const std::string name = trimmed(std::string_view(tag.text).substr(1));
    if (tag.text[0] != '/') {
      open.push_back({name, tag.position});
    } else if (open.empty()) {
      return TemplateMistake{tag.position, "closing tag {{/" + name + "}} closes no open section"};
    } else if (open.back().name != name) {
      return TemplateMistake{tag.position, "closing tag {{/" + name +
                                               "}} does not close section \"" + open.back().name +
                                               "\" opened at " + where(open.back().offset) +
                                               "; write {{/" + open.back().name + "}}"};
    } else {
      open.pop_back();
    }
  }
  if (found.unclosed)
    return TemplateMistake{*found.unclosed,
                           std::string("tag opened here is never closed with ") +
                               (text.substr(*found.unclosed).starts_with("{{{") ? "}}}" : "}}")};
  if (!open.empty())
    return TemplateMistake{open.back().offset, "section \"" + open.back().name +
                                                   "\" is never closed (write {{/" +
                                                   open.back().name + "}})"};
  return std::nullopt;
}

}  // namespace pp
