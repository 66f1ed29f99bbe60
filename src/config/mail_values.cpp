#include "config/mail_values.h"

#include <algorithm>
#include <cstring>

namespace pp {

namespace {

bool is_alnum(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

// Dot-separated non-empty words of characters `ok` accepts; at least `min_words`.
template <typename Ok>
bool dot_words(std::string_view s, Ok ok, int min_words) {
  int words = 0;
  std::size_t start = 0;
  while (true) {
    const std::size_t dot = std::min(s.find('.', start), s.size());
    if (dot == start) return false;
    for (std::size_t i = start; i < dot; ++i)
      if (!ok(s[i])) return false;
    ++words;
    if (dot == s.size()) return words >= min_words;
    start = dot + 1;
  }
}

bool is_control(unsigned char c) {
  return c < 0x20 || c == 0x7f;
}

}  // namespace

std::string address_problem(std::string_view s) {
  for (const char c : s)
    if (is_control(static_cast<unsigned char>(c))) return "it holds a control character";
  const std::size_t at = s.rfind('@');
  if (at == std::string_view::npos) return "no '@'";
  const auto local_ok = [](char c) { return is_alnum(c) || std::strchr("!$'*+-_~", c); };
  if (at == 0 || !dot_words(s.substr(0, at), local_ok, 1))
    return "the part before '@' must be dot-separated words of letters, digits and !$'*+-_~";
  const std::string_view domain = s.substr(at + 1);
  const auto label_ok = [](char c) { return is_alnum(c) || c == '-'; };
  bool labels = dot_words(domain, label_ok, 2);
  for (std::size_t i = 0; labels && i < domain.size(); ++i)
    if (domain[i] == '-' &&
        (i == 0 || domain[i - 1] == '.' || i + 1 == domain.size() || domain[i + 1] == '.'))
      labels = false;
  if (!labels) return "the part after '@' must be a domain name such as example.org";
  return "";
}

std::string mailbox_problem(std::string_view from) {
  for (const char c : from)
    if (is_control(static_cast<unsigned char>(c))) return "it holds a control character";
  // One mailbox: a second address (a list, "a@x, b@y") is refused as such.
  std::string_view unquoted = from;
  if (const auto q = from.rfind('"'); q != std::string_view::npos) unquoted = from.substr(q + 1);
  if (std::count(unquoted.begin(), unquoted.end(), '@') > 1)
    return "one mailbox only, not a list of addresses";
  const std::size_t open = from.find('<');
  // A group ("Team: a@x;") or a list ("a@x, b@y") without angle brackets.
  if (open == std::string_view::npos && unquoted.find_first_of(":;,") != std::string_view::npos)
    return "one mailbox only, not a list of addresses";
  if (open == std::string_view::npos) {
    const std::string problem = address_problem(from);
    return problem.empty() ? "" : "not an address: " + problem;
  }
  if (from.back() != '>') return "nothing may follow the address's '>'";
  const std::string problem = address_problem(from.substr(open + 1, from.size() - open - 2));
  if (!problem.empty()) return "not an address between '<' and '>': " + problem;
  std::string_view name = from.substr(0, open);
  while (!name.empty() && name.back() == ' ') name.remove_suffix(1);
  while (!name.empty() && name.front() == ' ') name.remove_prefix(1);
  if (name.size() >= 2 && name.front() == '"' && name.back() == '"') {
    if (name.substr(1, name.size() - 2).find_first_of("\"\\") != std::string_view::npos)
      return "a quoted display name may not hold '\"' or '\\'";
    return "";
  }
  if (name.find_first_of("()<>[]:;@\\,\"") != std::string_view::npos)
    return "a display name with ( ) < > [ ] : ; @ \\ , or \" must be in double quotes";
  return "";
}

std::string list_id_problem(std::string_view s) {
  const auto atext = [](char c) { return is_alnum(c) || std::strchr("!#$%&'*+-/=?^_`{|}~", c); };
  if (!dot_words(s, atext, 2))
    return "a List-Id is dot-separated words such as brief.example.org (letters, digits and "
           "!#$%&'*+-/=?^_`{|}~)";
  return "";
}

std::string unsubscribe_url_problem(std::string_view s) {
  if (!s.starts_with("https://")) return "List-Unsubscribe needs an https URL";
  for (const char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (u <= 0x20 || u >= 0x7f || c == '<' || c == '>' || c == '"')
      return "a header URL is printable ASCII without spaces, quotes or angle brackets "
             "(percent-encode the rest)";
  }
  return "";
}

}  // namespace pp
