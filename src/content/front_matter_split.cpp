#include "content/front_matter_split.h"

#include <cstdio>

#include "content/content.h"
#include "core/code_points.h"
#include "core/text.h"
#include "core/yaml_escapes.h"

namespace pp {

namespace {

// 1-based line and column (in code points) of byte `offset` in `text`.
SourceLocation position_of(const std::string& path, const std::string& text, std::size_t offset) {
  int line = 1;
  std::size_t line_start = 0;
  for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
    if (text[i] == '\n' || (text[i] == '\r' && (i + 1 >= text.size() || text[i + 1] != '\n'))) {
      ++line;
      line_start = i + 1;
    }
  }
  const int col =
      count_code_points(std::string_view(text).substr(line_start, offset - line_start)) + 1;
  return {path, line, col};
}

bool check_bytes(const std::string& path, const std::string& text, DiagnosticSink& sink) {
  if (const auto bad = find_invalid_utf8(text); bad != std::string::npos) {
    char hex[8];
    std::snprintf(hex, sizeof hex, "%02X", static_cast<unsigned char>(text[bad]));
    sink.error(position_of(path, text, bad), "front-matter/encoding",
               std::string("invalid UTF-8 (byte 0x") + hex + ")");
    return false;
  }
  // Control characters (C0 but TAB, LF and CR; DEL; C1) and noncharacters
  // are refused anywhere in the file: XML and HTML refuse them, terminals act
  // on them. Bidi overrides are judged per value (front matter) instead. A
  // form feed is CommonMark whitespace, allowed in the body: front_matter_has_form_feed
  // refuses it in the front matter once the body is found (docs/spec.md §4).
  for (std::size_t i = 0; i < text.size();) {
    i = plain_utf8_run(text, i);
    if (i == text.size()) break;
    const CodePoint cp = decode_utf8_at(text, i);
    const char32_t c = cp.value;
    std::string rule;
    if (c != '\r' && c != '\f' && c != 0x202D && c != 0x202E) {
      if (const std::string m = refused_front_matter_character(c, false, rule); !m.empty()) {
        sink.error(position_of(path, text, i), rule, m);
        return false;
      }
    }
    if (c == 0xFEFF) {
      sink.error(position_of(path, text, i), "front-matter/encoding",
                 "byte order mark inside the file");
      return false;
    }
    i += cp.length;
  }
  return true;
}

// Whether `text` has a form feed before byte `end` (front matter's rules),
// reported as check_bytes reports any other control character.
bool front_matter_has_form_feed(const std::string& path, const std::string& text, std::size_t end,
                                DiagnosticSink& sink) {
  const auto at = text.find('\f');
  if (at == std::string::npos || at >= end) return false;
  std::string rule;
  sink.error(position_of(path, text, at), "front-matter/encoding",
             refused_front_matter_character('\f', false, rule));
  return true;
}

std::string normalize_newlines(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\r') {
      out += '\n';
      if (i + 1 < text.size() && text[i + 1] == '\n') ++i;
    } else {
      out += text[i];
    }
  }
  return out;
}

}  // namespace

std::optional<SplitFile> split_front_matter(const std::string& path, const std::string& bytes,
                                            DiagnosticSink& sink) {
  std::string text = bytes;
  if (text.size() >= 3 && text.compare(0, 3, "\xEF\xBB\xBF") == 0) text.erase(0, 3);
  if (!check_bytes(path, text, sink)) return std::nullopt;
  text = normalize_newlines(text);

  // Delimiter lines are "---", optionally followed by spaces or tabs.
  auto is_delimiter = [&](std::size_t from, std::size_t to) {
    if (to - from < 3 || text.compare(from, 3, "---") != 0) return false;
    for (std::size_t i = from + 3; i < to; ++i)
      if (text[i] != ' ' && text[i] != '\t') return false;
    return true;
  };
  const std::size_t first_end = std::min(text.find('\n'), text.size());
  if (!is_delimiter(0, first_end)) {
    // Without front matter the whole file is under its rules.
    if (front_matter_has_form_feed(path, text, text.size(), sink)) return std::nullopt;
    sink.error({path, 1, 1}, "front-matter/missing",
               "the file must start with a '---' line that opens the front matter");
    return std::nullopt;
  }
  // Find the closing delimiter: a whole line "---".
  const std::size_t yaml_start = std::min(first_end + 1, text.size());
  std::size_t pos = yaml_start;
  int line = 2;
  while (pos <= text.size()) {
    std::size_t end = text.find('\n', pos);
    const bool last = end == std::string::npos;
    if (last) end = text.size();
    if (is_delimiter(pos, end)) {
      if (front_matter_has_form_feed(path, text, end, sink)) return std::nullopt;
      SplitFile f;
      f.yaml = text.substr(yaml_start, pos - yaml_start);
      f.yaml_first_line = 2;
      f.body = last ? std::string() : text.substr(end + 1);
      f.body_first_line = line + 1;
      if (f.yaml.size() > kMaxFrontMatterBytes) {
        sink.error({path, 1, 1}, "front-matter/too-large", "front matter is larger than 64 KiB");
        return std::nullopt;
      }
      return f;
    }
    if (last) break;
    pos = end + 1;
    if (pos == text.size()) break;
    ++line;
  }
  if (front_matter_has_form_feed(path, text, text.size(), sink)) return std::nullopt;
  sink.error({path, 1, 1}, "front-matter/unterminated",
             "unterminated front matter: no closing '---' line");
  return std::nullopt;
}

}  // namespace pp
