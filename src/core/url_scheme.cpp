#include "core/url_scheme.h"

#include "core/text.h"

namespace pp {

std::string url_scheme(std::string_view url) {
  std::string s;
  for (const char ch : url) {
    const auto c = static_cast<unsigned char>(ch);
    if (ch == '\t' || ch == '\n' || ch == '\r') continue;  // the URL parser drops them
    if (s.empty() && c <= 0x20) continue;                  // and leading controls and spaces
    if (ch == ':') return ascii_lower(s);
    const bool first = s.empty();
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                    (!first && ((c >= '0' && c <= '9') || ch == '+' || ch == '-' || ch == '.'));
    if (!ok) return "";
    s += ch;
  }
  return "";
}

bool url_scheme_refused(std::string_view url) {
  const std::string s = url_scheme(url);
  return !s.empty() && s != "http" && s != "https" && s != "mailto" && s != "tel";
}

}  // namespace pp
