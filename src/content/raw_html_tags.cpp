// The tags of a raw HTML literal as written: what a translation of a raw
// HTML block keeps (docs/translators.md, "Articles in catalogs").
#include <algorithm>
#include <cctype>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "content/html_sanitizer.h"
#include "core/text.h"

namespace pp {

namespace {

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}

// Elements whose content is text up to their end tag, as HTML tokenizes them.
bool raw_text(const std::string& name) {
  static const std::set<std::string> names = {"script", "style",   "textarea", "title",   "xmp",
                                              "iframe", "noembed", "noframes", "noscript"};
  return names.count(name) > 0;
}

bool void_element(const std::string& name) {
  static const std::set<std::string> names = {"area",  "base",   "br",    "col",  "embed",
                                              "hr",    "img",    "input", "link", "meta",
                                              "param", "source", "track", "wbr"};
  return names.count(name) > 0;
}

// The end of a start or end tag's attributes from `at` (after its name): the
// offset of its '>', as HTML's tokenizer finds it (a quote opens a value only
// after '='); npos when the literal ends first.
std::size_t tag_end(std::string_view s, std::size_t at) {
  while (at < s.size()) {
    while (at < s.size() && (is_space(s[at]) || s[at] == '/')) ++at;
    if (at >= s.size()) break;
    if (s[at] == '>') return at;
    // An attribute's name, then its value after '='.
    while (at < s.size() && !is_space(s[at]) && s[at] != '>' && s[at] != '/' &&
           (s[at] != '=' || at == 0))
      ++at;
    while (at < s.size() && is_space(s[at])) ++at;
    if (at >= s.size() || s[at] != '=') continue;
    ++at;
    while (at < s.size() && is_space(s[at])) ++at;
    if (at < s.size() && (s[at] == '"' || s[at] == '\'')) {
      const auto close = s.find(s[at], at + 1);
      if (close == std::string_view::npos) return close;
      at = close + 1;
    } else {
      while (at < s.size() && !is_space(s[at]) && s[at] != '>') ++at;
    }
  }
  return std::string_view::npos;
}

// The tags of `s` in order: "<p>", "</p>", "<!--", "-->", "<!", "<?", and
// "<…" for one the literal leaves open.
std::vector<std::string> tag_tokens(std::string_view s) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while ((i = s.find('<', i)) != std::string_view::npos) {
    if (s.substr(i, 4) == "<!--") {
      out.push_back("<!--");
      const auto end = s.find("-->", i + 4);
      if (end == std::string_view::npos) {
        out.push_back("<…");
        break;
      }
      out.push_back("-->");
      i = end + 3;
      continue;
    }
    std::size_t j = i + 1;
    const bool end_tag = j < s.size() && s[j] == '/';
    if (end_tag) ++j;
    const bool named = j < s.size() && std::isalpha(static_cast<unsigned char>(s[j]));
    if (!named && !end_tag && (j >= s.size() || (s[j] != '!' && s[j] != '?'))) {
      i = j;  // a '<' of text
      continue;
    }
    if (!named) {
      // "<!DOCTYPE …>", "<![CDATA[…]]>", "<?…>", "</ x>": up to their '>'.
      out.push_back(!end_tag && s[j] == '?' ? "<?" : "<!");
      const auto close = s.find('>', j);
      if (close == std::string_view::npos) {
        out.push_back("<…");
        break;
      }
      i = close + 1;
      continue;
    }
    std::size_t k = j;
    while (k < s.size() && !is_space(s[k]) && s[k] != '>' && s[k] != '/') ++k;
    const std::string name = ascii_lower(s.substr(j, k - j));
    const auto close = tag_end(s, k);
    if (close == std::string_view::npos) {
      out.push_back("<…");
      break;
    }
    out.push_back((end_tag ? "</" : "<") + name + ">");
    i = close + 1;
    if (!end_tag && raw_text(name)) {
      // Its text runs to its end tag, whatever it holds (looked for from
      // here on, never copying the rest: many such elements stay linear).
      const std::string closing = "</" + name;
      std::size_t end = i;
      while ((end = s.find("</", end)) != std::string_view::npos &&
             ascii_lower(s.substr(end, closing.size())) != closing)
        end += 2;
      if (end == std::string_view::npos) {
        out.push_back("<…");
        break;
      }
      i = end;
    }
  }
  return out;
}

}  // namespace

std::string raw_html_tags(std::string_view literal) {
  std::string out;
  for (const auto& t : tag_tokens(literal)) out += (out.empty() ? "" : " ") + t;
  return out;
}

std::size_t raw_html_depth(std::string_view literal, std::size_t depth, std::size_t& deepest) {
  static const std::set<std::string> optional_end = {
      "p",     "li",    "td",    "th",       "tr",      "dt", "dd", "option", "optgroup",
      "thead", "tbody", "tfoot", "colgroup", "caption", "rb", "rt", "rtc",    "rp"};
  for (const auto& t : tag_tokens(literal)) {
    if (t.size() < 3 || t[1] == '!' || t[1] == '?' || t == "<…") continue;
    const bool end = t.starts_with("</");
    const std::string name = t.substr(end ? 2 : 1, t.size() - (end ? 3 : 2));
    if (void_element(name) || optional_end.count(name)) continue;
    if (!end)
      deepest = std::max(deepest, ++depth);
    else if (depth > 0)
      --depth;
  }
  return depth;
}

bool raw_html_self_contained(std::string_view literal) {
  std::vector<std::string> open;
  bool in_comment = false;
  for (const auto& t : tag_tokens(literal)) {
    if (t == "<…") return false;
    if (t == "<!--" || t == "-->") {
      in_comment = t == "<!--";
      continue;
    }
    if (t == "<!" || t == "<?") continue;
    const bool end = t.starts_with("</");
    const std::string name = t.substr(end ? 2 : 1, t.size() - (end ? 3 : 2));
    if (void_element(name)) {
      if (end) return false;
      continue;
    }
    if (!end) {
      open.push_back(name);
    } else {
      if (open.empty() || open.back() != name) return false;
      open.pop_back();
    }
  }
  return open.empty() && !in_comment;
}

}  // namespace pp
