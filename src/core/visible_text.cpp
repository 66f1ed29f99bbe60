#include "core/visible_text.h"

#include <cstdio>

#include "core/code_points.h"

namespace pp {

namespace {

std::string escaped(std::string_view s, bool keep_line_feeds) {
  static const char* hex = "0123456789ABCDEF";
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size();) {
    const CodePoint cp = decode_utf8_at(s, i);
    const char32_t c = cp.value;
    if (!cp.valid || (c < 0x80 && is_control_character(c))) {
      if (c == '\n' && keep_line_feeds)
        out += '\n';
      else if (c == '\n' && cp.valid)
        out += "\\n";
      else if (c == '\r' && cp.valid)
        out += "\\r";
      else if (c == '\t' && cp.valid)
        out += "\\t";
      else
        out += std::string("\\x") + hex[(c >> 4) & 15] + hex[c & 15];
    } else if (is_control_character(c) || is_layout_control(c)) {
      out += code_point_name(c);
    } else {
      out.append(s, i, cp.length);
    }
    i += cp.length;
  }
  return out;
}

}  // namespace

std::string visible_text(std::string_view s) {
  return escaped(s, false);
}

std::string visible_lines(std::string_view s) {
  return escaped(s, true);
}

}  // namespace pp

namespace pp {

std::string json_escape_invisible(std::string_view json) {
  std::string out;
  out.reserve(json.size());
  for (std::size_t i = 0; i < json.size();) {
    const CodePoint cp = decode_utf8_at(json, i);
    if (cp.valid && (is_control_character(cp.value) || is_layout_control(cp.value)) &&
        cp.value >= 0x20) {
      char buf[16];
      std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(cp.value));
      out += buf;
    } else {
      out.append(json, i, cp.length);
    }
    i += cp.length;
  }
  return out;
}

}  // namespace pp
