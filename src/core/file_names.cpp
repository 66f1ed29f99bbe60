#include "core/file_names.h"

#include "core/code_points.h"
#include "core/file_io.h"
#include "core/limits.h"
#include "core/text.h"

namespace pp {

namespace {

bool ends_with(std::string_view s, std::string_view end) {
  return s.size() >= end.size() && s.substr(s.size() - end.size()) == end;
}

char lower(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

}  // namespace

std::string unsafe_file_name_reason(std::string_view name) {
  if (find_invalid_utf8(name) != std::string_view::npos) return "is not valid UTF-8";
  for (std::size_t i = 0; i < name.size();) {
    const CodePoint cp = decode_utf8_at(name, i);
    const char32_t c = cp.value;
    i += cp.length;
    if (c == '\n' || c == '\r' || c == 0x85 || c == 0x2028 || c == 0x2029)
      return "holds a line break (" + code_point_name(c) + ")";
    if (is_control_character(c)) return "holds a control character (" + code_point_name(c) + ")";
    if (is_layout_control(c)) return "holds a bidirectional control (" + code_point_name(c) + ")";
    if (c == 0xFEFF || (c >= 0xFFF9 && c <= 0xFFFB) || is_noncharacter(c))
      return "holds an invisible or non-character code point (" + code_point_name(c) + ")";
  }
  return "";
}

bool is_editor_leftover(std::string_view name) {
  if (name.empty()) return false;
  if (name.back() == '~') return true;                                             // Emacs, nano
  if (name.size() >= 2 && name.front() == '#' && name.back() == '#') return true;  // Emacs autosave
  if (name.starts_with(".#")) return true;                                         // Emacs lock
  if (name.front() == '.')
    for (const char* swap : {".swp", ".swo", ".swx", ".swn"})  // Vim
      if (ends_with(name, swap)) return true;
  return ends_with(name, ".bak") || ends_with(name, ".orig");
}

bool svg_has_script(std::string_view svg) {
  std::string low(svg.size(), '\0');
  for (std::size_t i = 0; i < svg.size(); ++i) low[i] = lower(svg[i]);
  if (low.find("<script") != std::string::npos || low.find("javascript:") != std::string::npos)
    return true;
  // An event attribute inside a tag: after a space (or the quote that closed
  // the last value), "on", letters, optional spaces, '='.
  auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
  bool in_tag = false;
  for (std::size_t i = 0; i < low.size(); ++i) {
    const char c = low[i];
    if (c == '<') in_tag = true;
    if (c == '>') in_tag = false;
    if (!in_tag || c != 'o' || i == 0 || i + 1 >= low.size() || low[i + 1] != 'n') continue;
    const char before = low[i - 1];
    if (!space(before) && before != '/' && before != '"' && before != '\'') continue;
    std::size_t k = i + 2;
    while (k < low.size() && low[k] >= 'a' && low[k] <= 'z') ++k;
    if (k == i + 2) continue;
    while (k < low.size() && space(low[k])) ++k;
    if (k < low.size() && low[k] == '=') return true;
  }
  return false;
}

void warn_if_svg_script(const std::filesystem::path& file, const std::string& shown,
                        const std::string& rule, DiagnosticSink& sink) {
  const std::string name = file.filename().string();
  if (name.size() <= 4 || fold_file_name(name.substr(name.size() - 4)) != ".svg") return;
  const ReadResult svg = read_file(file, kMaxCatalogBytes);
  if (svg.ok && svg_has_script(svg.bytes))
    sink.warning({shown, 0, 0}, rule,
                 "this SVG holds a script, an on... event attribute or a javascript: URL; it "
                 "runs when a reader opens the file directly");
}

}  // namespace pp
