#include "core/yaml_escapes.h"

#include "core/code_points.h"

namespace pp {

namespace {

constexpr char32_t kNone = 0xFFFFFFFF;

char32_t hex_value(std::string_view text, std::size_t from, std::size_t digits) {
  if (from + digits > text.size()) return kNone;
  char32_t v = 0;
  for (std::size_t k = from; k < from + digits; ++k) {
    const char h = text[k];
    int d = -1;
    if (h >= '0' && h <= '9') d = h - '0';
    if (h >= 'a' && h <= 'f') d = h - 'a' + 10;
    if (h >= 'A' && h <= 'F') d = h - 'A' + 10;
    if (d < 0) return kNone;
    v = v * 16 + static_cast<char32_t>(d);
  }
  return v;
}

}  // namespace

char32_t yaml_escape_value(std::string_view text, std::size_t at) {
  if (at + 1 >= text.size()) return kNone;
  switch (text[at + 1]) {
    case '0':
      return 0x00;
    case 'a':
      return 0x07;
    case 'b':
      return 0x08;
    case 't':
    case '\t':
      return 0x09;
    case 'n':
      return 0x0A;
    case 'v':
      return 0x0B;
    case 'f':
      return 0x0C;
    case 'r':
      return 0x0D;
    case 'e':
      return 0x1B;
    case 'N':
      return 0x85;
    case '_':
      return 0xA0;
    case 'L':
      return 0x2028;
    case 'P':
      return 0x2029;
    case 'x':
      return hex_value(text, at + 2, 2);
    case 'u':
      return hex_value(text, at + 2, 4);
    case 'U':
      return hex_value(text, at + 2, 8);
    default:
      return kNone;
  }
}

std::string refused_front_matter_character(char32_t c, bool escaped, std::string& rule) {
  // The common case first, without building any message.
  if (c >= 0x20 && c < 0x7F) return "";
  const std::string how = escaped ? " (written as an escape)" : "";
  // CR is refused too: with LF it would end a mail header line.
  if (is_control_character(c) && c != '\t' && c != '\n') {
    rule = "front-matter/encoding";
    return "control character " + code_point_name(c) + how + " is not allowed";
  }
  if (c >= 0xD800 && c <= 0xDFFF) {
    rule = "front-matter/encoding";
    return "surrogate " + code_point_name(c) + how + " is not allowed: it is not a character";
  }
  if (is_noncharacter(c)) {
    rule = "front-matter/encoding";
    return "noncharacter " + code_point_name(c) + how + " is not allowed: XML and HTML refuse it";
  }
  if (c == 0x202D || c == 0x202E) {
    rule = "front-matter/bidi";
    return "bidi override " + code_point_name(c) + how +
           " is not allowed: it reverses the text around it (an isolate, U+2066 to U+2069, "
           "sets a direction safely)";
  }
  return "";
}

bool check_yaml_escape(std::string_view text, std::size_t at, const SourceLocation& where,
                       DiagnosticSink& sink) {
  const char32_t c = yaml_escape_value(text, at);
  if (c == kNone || c > 0x10FFFF) return true;
  std::string rule;
  const std::string message = refused_front_matter_character(c, true, rule);
  if (message.empty()) return true;
  sink.error(where, rule, message);
  return false;
}

}  // namespace pp
