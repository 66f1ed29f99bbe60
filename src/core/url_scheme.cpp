#include "core/url_scheme.h"

#include <cctype>

namespace pp {

std::string url_scheme(std::string_view url) {
  // Browsers ignore ASCII whitespace and control characters in a scheme
  // ("java\tscript:", " javascript:"), so the checks must too; any other
  // character but a letter, digit, '+', '-' or '.' before the ':' means there
  // is none ("/a:b", "&#106;avascript:").
  std::string s;
  for (const char c : url) {
    if (c == ':') return s;
    if (static_cast<unsigned char>(c) <= 0x20) continue;
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '+' && c != '-' && c != '.') return "";
    s += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return "";
}

bool url_scheme_refused(std::string_view url) {
  const std::string s = url_scheme(url);
  return !s.empty() && s != "http" && s != "https" && s != "mailto" && s != "tel";
}

}  // namespace pp
