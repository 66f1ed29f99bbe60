// The raw HTML allow-list: elements, attributes and their values.
#include "content/html_allow_list.h"

#include <algorithm>
#include <iterator>

#include "core/text.h"

namespace pp {

namespace {

// A BCP 47 language tag's shape: "ar", "en-GB", "zh-Hant-TW", "x-klingon".
bool language_tag(const std::string& v) {
  if (v.empty() || v.size() > 35) return false;
  std::size_t run = 0;
  for (std::size_t i = 0; i <= v.size(); ++i) {
    if (i == v.size() || v[i] == '-') {
      if (run == 0 || run > 8) return false;
      run = 0;
      continue;
    }
    const char c = v[i];
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))) return false;
    ++run;
  }
  return true;
}

bool digits(const std::string& v, bool percent) {
  std::size_t n = v.size();
  if (percent && n > 1 && v.back() == '%') --n;
  return n > 0 && n <= 6 &&
         std::all_of(v.begin(), v.begin() + n, [](char c) { return c >= '0' && c <= '9'; });
}

// The start of a URL as a browser reads its scheme: ASCII whitespace and
// controls skipped, lower case.
std::string url_start(const std::string& value) {
  std::string lower;
  for (char c : value) {
    if (static_cast<unsigned char>(c) <= 0x20) continue;
    lower += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    if (lower.size() == 8) break;
  }
  return lower;
}

}  // namespace

// The elements editors write in Markdown (docs/spec.md §4), with the
// attributes each keeps. Raw headings are kept as headings (an <h1> is an
// <h2> under the page's title), without a Markdown id: their own `id`, like
// an <a>'s id or name, is an anchor (html_sanitizer.cpp). Links are, as on
// GitHub, but only to absolute http(s) and mailto URLs and to the page's own
// anchors: a path would need the checks a Markdown link gets.
const std::vector<Allowed>& allow_list() {
  static const std::vector<Allowed> list = {
      {"a", {"href", "title"}},
      {"sup", {}},
      {"sub", {}},
      {"kbd", {}},
      {"mark", {}},
      {"abbr", {"title"}},
      {"br", {}},
      {"details", {"open"}},
      {"summary", {}},
      {"dl", {}},
      {"dt", {}},
      {"dd", {}},
      {"figure", {}},
      {"figcaption", {}},
      {"img", {"src", "alt", "width", "height", "align"}},
      {"table", {"align"}},
      {"thead", {}},
      {"tbody", {}},
      {"tfoot", {}},
      {"tr", {}},
      {"th", {"colspan", "rowspan", "align"}},
      {"td", {"colspan", "rowspan", "align"}},
      {"caption", {}},
      {"p", {"align"}},
      // Raw headings are kept, an <h1> as an <h2> (content/html_sanitizer.cpp).
      {"h1", {"align"}},
      {"h2", {"align"}},
      {"h3", {"align"}},
      {"h4", {"align"}},
      {"h5", {"align"}},
      {"h6", {"align"}},
      {"b", {}},
      {"strong", {}},
      {"i", {}},
      {"em", {}},
      {"code", {}},
      {"pre", {}},
      {"blockquote", {}},
      {"ul", {}},
      {"ol", {"start"}},
      {"li", {}},
      {"hr", {}},
      {"del", {}},
      {"s", {}},
      {"ins", {}},
      // Direction and language of a run of text (docs/spec.md §4): an
      // English quotation in an Arabic article, a Hebrew name in English.
      {"bdi", {}},
      {"bdo", {}},
      {"span", {}},
  };
  return list;
}

// Attributes every allowed element keeps: its text's direction and language.
bool global_attribute(const std::string& name) {
  return name == "dir" || name == "lang";
}

// Attributes whose loss no reader can see (where a link opens, how search
// engines follow it, data for scripts): left out without a finding.
bool unseen_attribute(const std::string& name) {
  return name == "target" || name == "rel" || name.rfind("data-", 0) == 0;
}

// Dropped with everything in them: code, styles, embedded documents, forms'
// controls, media and foreign (SVG, MathML) content.
bool removed_with_content(const std::string& tag) {
  static const char* const tags[] = {
      "script",   "style",    "title",   "textarea", "xmp",      "plaintext", "iframe",
      "frame",    "frameset", "noembed", "noframes", "noscript", "object",    "embed",
      "applet",   "template", "svg",     "math",     "select",   "option",    "optgroup",
      "datalist", "audio",    "video",   "canvas",   "head",     "meta",      "link",
      "base",     "param",    "source",  "track",    "input",    "button",    "portal"};
  return std::any_of(std::begin(tags), std::end(tags), [&](const char* t) { return tag == t; });
}

// Text in these is never shown, so losing it loses nothing a reader saw.
bool invisible_content(const std::string& tag) {
  return tag == "script" || tag == "style" || tag == "template" || tag == "title";
}

bool breaks_line(const std::string& tag) {
  static const char* const tags[] = {
      "p",       "div",        "tr",         "li",      "dt",    "dd",    "summary",
      "details", "figure",     "figcaption", "caption", "table", "thead", "tbody",
      "tfoot",   "blockquote", "pre",        "ul",      "ol",    "dl",    "hr",
      "br",      "h1",         "h2",         "h3",      "h4",    "h5",    "h6"};
  return std::any_of(std::begin(tags), std::end(tags), [&](const char* t) { return tag == t; });
}

bool void_element(const std::string& tag) {
  static const char* const tags[] = {"area",  "base", "br",   "col",   "embed",  "hr",    "img",
                                     "input", "link", "meta", "param", "source", "track", "wbr"};
  return std::any_of(std::begin(tags), std::end(tags), [&](const char* t) { return tag == t; });
}

// Whether an allowed attribute's value may pass. src and href are URLs: src
// must be an absolute http(s) URL, so that it means the same in a page and an
// email and can never run or embed anything; href may also be mailto: or an
// anchor of the page (`#id`).
bool value_allowed(const std::string& name, const std::string& value, std::string& reason) {
  if (name == "src" || name == "href") {
    const std::string lower = url_start(value);
    if (lower.rfind("https://", 0) == 0 || lower.rfind("http://", 0) == 0) return true;
    if (name == "href" && (lower.rfind("mailto:", 0) == 0 || (!value.empty() && value[0] == '#')))
      return true;
    reason = "its " + name + " \"" + quote_for_message(value, 40) + "\" is not " +
             (name == "src" ? "an absolute http(s) URL or a file of the bundle"
                            : "an absolute http(s) or mailto: URL or an anchor (#id)");
    return false;
  }
  if (name == "width" || name == "height") return digits(value, true);
  if (name == "colspan" || name == "rowspan" || name == "start") return digits(value, false);
  if (name == "align")
    return value == "left" || value == "right" || value == "center" || value == "justify";
  if (name == "dir") return value == "ltr" || value == "rtl" || value == "auto";
  if (name == "lang") return language_tag(value);
  return true;  // title, alt, open: text
}

}  // namespace pp
