#include "config/config_urls.h"

#include <string_view>

#include "core/code_points.h"

namespace pp {

namespace {

// White space besides ASCII's: ECMAScript's \s holds it, and a URL may not.
bool is_unicode_space(char32_t c) {
  return c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x202F || c == 0x205F ||
         c == 0x3000 || c == 0xFEFF || c == ' ';
}

}  // namespace

bool is_absolute_http_url(const std::string& s) {
  std::string_view rest = s;
  if (rest.starts_with("https://"))
    rest.remove_prefix(8);
  else if (rest.starts_with("http://"))
    rest.remove_prefix(7);
  else
    return false;
  auto is_digit = [](char c) { return c >= '0' && c <= '9'; };
  std::size_t i = 0;
  auto is_host = [&](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || is_digit(c) || c == '.' || c == '-';
  };
  while (i < rest.size() && is_host(rest[i])) ++i;
  if (i == 0) return false;
  if (i < rest.size() && rest[i] == ':') {
    const std::size_t digits = ++i;
    while (i < rest.size() && is_digit(rest[i])) ++i;
    if (i == digits || i - digits > 5) return false;
  }
  if (i == rest.size()) return true;
  if (rest[i] != '/') return false;
  // The path is what a reader's browser or mail client is sent to, and is
  // echoed into pages, emails and JSON-LD: valid UTF-8 without white space
  // (ECMAScript's \s), controls, or what turns the text's direction (U+202E).
  for (std::size_t at = i; at < rest.size();) {
    const CodePoint c = decode_utf8_at(rest, at);
    if (!c.valid || is_control_character(c.value) || is_layout_control(c.value) ||
        is_refused_in_markup(c.value) || is_unicode_space(c.value))
      return false;
    at += c.length;
  }
  return true;
}

bool is_proxy_url(const std::string& s) {
  std::size_t i = s.find("://");
  if (i == std::string::npos) return false;
  const std::string scheme = s.substr(0, i);
  if (scheme != "http" && scheme != "https" && scheme != "socks4" && scheme != "socks4a" &&
      scheme != "socks5" && scheme != "socks5h")
    return false;
  auto digit = [](char c) { return c >= '0' && c <= '9'; };
  auto hex = [&](char c) { return digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); };
  auto name = [&](char c) {
    return digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '.' || c == '-';
  };
  i += 3;
  const std::size_t host = i;
  if (i < s.size() && s[i] == '[') {  // an IPv6 literal
    while (++i < s.size() && (hex(s[i]) || s[i] == ':' || s[i] == '.')) {
    }
    if (i == host + 1 || i >= s.size() || s[i] != ']') return false;
    ++i;
  } else {
    while (i < s.size() && name(s[i])) ++i;
    if (i == host) return false;
  }
  if (i < s.size() && s[i] == ':') {
    const std::size_t port = ++i;
    long value = 0;
    while (i < s.size() && digit(s[i]) && i - port < 5) value = value * 10 + (s[i++] - '0');
    if (i == port || value == 0 || value > 65535) return false;
  }
  if (i < s.size() && s[i] == '/') ++i;
  return i == s.size();
}

}  // namespace pp
