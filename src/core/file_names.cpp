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

void warn_if_svg_script(const std::filesystem::path& file, const std::string& shown,
                        const std::string& rule, bool refuse, DiagnosticSink& sink) {
  const std::string name = file.filename().string();
  const bool compressed =
      name.size() > 5 && fold_file_name(name.substr(name.size() - 5)) == ".svgz";
  if (!compressed && (name.size() <= 4 || fold_file_name(name.substr(name.size() - 4)) != ".svg"))
    return;
  const ReadResult svg = compressed ? ReadResult{} : read_file(file, kMaxCatalogBytes);
  // One too large to read, or compressed (a server sends .svgz as an SVG a
  // browser runs), is one that cannot be checked.
  const std::string problem =
      compressed      ? "is compressed (.svgz): what it would run when a reader opens the file "
                        "cannot be told; publish it as .svg"
      : svg.ok        ? svg_script_problem(svg.bytes)
      : svg.too_large ? "is larger than 16 MiB: what it would run when a reader opens the file "
                        "cannot be told"
                      : "";
  if (!problem.empty())
    sink.report({shown, 0, 0}, refuse ? Severity::error : Severity::warning,
                refuse ? rule.substr(0, rule.find('/')) + "/svg-refused" : rule,
                "this SVG " + problem + (refuse ? " (markdown.svg: refuse)" : ""));
}

}  // namespace pp
