#include "render/context_escape.h"

#include <kainjow/mustache.hpp>

#include "core/text.h"

namespace pp {

namespace {

constexpr char kHex[] = "0123456789ABCDEF";

void percent(std::string& out, unsigned char c) {
  out += '%';
  out += kHex[c >> 4];
  out += kHex[c & 15];
}

// A URL as written, with what cannot stand in one percent-encoded: controls,
// spaces and the characters RFC 3986 never allows ("<>\^`{|}). '%' stays
// (the value may be encoded already), and so do letters beyond ASCII, which
// a browser encodes as UTF-8 itself. `comma` also encodes ',' (srcset).
std::string normalized_url(std::string_view v, bool comma) {
  std::string out;
  for (const char ch : v) {
    const auto c = static_cast<unsigned char>(ch);
    const bool bad = c <= 0x20 || c == 0x7F || ch == '"' || ch == '<' || ch == '>' || ch == '\\' ||
                     ch == '^' || ch == '`' || ch == '{' || ch == '|' || ch == '}' ||
                     (comma && ch == ',');
    if (bad)
      percent(out, c);
    else
      out += ch;
  }
  return out;
}

// One component of a query or fragment: all but RFC 3986's unreserved
// characters percent-encoded, as encodeURIComponent does.
std::string url_component(std::string_view v) {
  std::string out;
  for (const char ch : v) {
    const auto c = static_cast<unsigned char>(ch);
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || ch == '-' ||
        ch == '.' || ch == '_' || ch == '~')
      out += ch;
    else
      percent(out, c);
  }
  return out;
}

// A function a CSS value may hold: colours, custom properties, arithmetic.
bool is_css_function(std::string_view name) {
  for (const char* f : {"rgb", "rgba", "hsl", "hsla", "hwb", "lab", "lch", "oklab", "oklch", "var",
                        "calc", "min", "max", "clamp"})
    if (ascii_lower(std::string(name)) == f) return true;
  return false;
}

// A CSS value that can only be a value: keywords, numbers with units, colours
// (#fff, rgb(0 0 0 / 50%)), lists (Georgia, serif), fractions (16/9),
// var(--accent) and calc(). Anything that could end the declaration or start
// another, another function (url(, expression(, image-set(), a string, an
// escape, a comment or an at-rule makes the whole value kInertCss.
std::string css_value(std::string_view v) {
  int depth = 0;
  for (std::size_t i = 0; i < v.size(); ++i) {
    const char ch = v[i];
    const auto c = static_cast<unsigned char>(ch);
    bool ok = c >= 0x80 || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
              (c >= '0' && c <= '9') || ch == ' ' || ch == '#' || ch == '%' || ch == '.' ||
              ch == ',' || ch == '-' || ch == '_' || ch == '+';
    if (ch == '/' || ch == '*')  // a fraction or a product, never a comment
      ok = !(i > 0 && (v[i - 1] == '/' || v[i - 1] == '*')) &&
           !(i + 1 < v.size() && (v[i + 1] == '/' || v[i + 1] == '*'));
    if (ch == '(') {
      std::size_t from = i;
      while (from > 0 &&
             (std::isalnum(static_cast<unsigned char>(v[from - 1])) || v[from - 1] == '-'))
        --from;
      ok = is_css_function(v.substr(from, i - from)) && ++depth <= 8;
    }
    if (ch == ')') ok = --depth >= 0;
    if (!ok) return std::string(kInertCss);
  }
  return depth == 0 ? std::string(v) : std::string(kInertCss);
}

// The text of a JavaScript (and JSON) string literal, without its quotes:
// every character but an ASCII letter or digit as a \u escape. In a string
// it is the value; should the template's script be read wrong and the value
// stand in code instead, it is one name, or a syntax error that keeps the
// whole script from running, never code that runs.
std::string js_string_body(std::string_view v) {
  std::string out;
  auto unit = [&](unsigned u) {
    out += "\\u";
    for (int shift = 12; shift >= 0; shift -= 4)
      out += static_cast<char>(std::tolower(kHex[(u >> shift) & 15]));
  };
  for (std::size_t i = 0; i < v.size();) {
    const auto c = static_cast<unsigned char>(v[i]);
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) {
      out += v[i++];
      continue;
    }
    // One code point of UTF-8 (markup_value made it valid), as UTF-16.
    const int n = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    unsigned cp = n == 1 ? c : n == 2 ? c & 0x1F : n == 3 ? c & 0x0F : c & 0x07;
    for (int k = 1; k < n && i + k < v.size(); ++k)
      cp = (cp << 6) | (static_cast<unsigned char>(v[i + k]) & 0x3F);
    i += n;
    if (cp > 0xFFFF) {
      cp -= 0x10000;
      unit(0xD800 + (cp >> 10));
      unit(0xDC00 + (cp & 0x3FF));
    } else {
      unit(cp);
    }
  }
  return out;
}

std::string html(std::string_view s) {
  return kainjow::mustache::html_escape(std::string(s));
}

// An element's name from a value: one of the elements a template may want
// to choose between (a heading's level, a list's kind), else a custom
// element no browser gives a meaning.
std::string element_name(std::string_view v) {
  static const char* const names[] = {
      "h1",  "h2",         "h3",      "h4",         "h5",     "h6",     "p",
      "div", "span",       "section", "article",    "aside",  "header", "footer",
      "nav", "main",       "ul",      "ol",         "li",     "dl",     "dt",
      "dd",  "blockquote", "figure",  "figcaption", "strong", "em",     "b",
      "i",   "small",      "mark",    "cite",       "q",      "code",   "pre"};
  // After '<' only a letter starts a tag ('/', '!' and '?' an end tag or a
  // comment); anything else leaves the '<' as text, and the value with it.
  if (v.empty() || v[0] == '/' || v[0] == '!' || v[0] == '?') return std::string(kInertElement);
  const auto first = static_cast<unsigned char>(v[0]);
  if (!std::isalpha(first) || first >= 0x80) return html(v);
  const std::string lower = ascii_lower(std::string(v));
  for (const char* n : names)
    if (lower == n) return lower;
  return std::string(kInertElement);
}

}  // namespace

std::string escape_for_context(ValueContext context, std::string_view v) {
  switch (context) {
    case ValueContext::html:
      return html(v);
    case ValueContext::element_name:
      return element_name(v);
    case ValueContext::url_start:  // its scheme is judged with the whole attribute
    case ValueContext::url_path:
      return html(normalized_url(v, false));
    case ValueContext::url_query:
      return url_component(v);
    case ValueContext::srcset:
      return html(normalized_url(v, true));
    case ValueContext::css_attribute:
    case ValueContext::css_element:
      return css_value(v);  // no character HTML would read survives it
    case ValueContext::js_attribute:
      return html("\"" + js_string_body(v) + "\"");
    case ValueContext::js_attribute_string:
      return html(js_string_body(v));
    case ValueContext::js_element:
      return "\"" + js_string_body(v) + "\"";
    case ValueContext::js_element_string:
      return js_string_body(v);
  }
  return html(v);
}

}  // namespace pp
