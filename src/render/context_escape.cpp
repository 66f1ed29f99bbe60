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

// A CSS value that can only be a value: keywords, numbers with units, colours
// (#fff), lists (Georgia, serif) and fractions (16/9). Anything that could
// end the declaration or start another, a function (url(, expression(),
// a string, an escape, a comment or an at-rule is refused whole.
std::string css_value(std::string_view v) {
  for (const char ch : v) {
    const auto c = static_cast<unsigned char>(ch);
    const bool ok = c >= 0x80 || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                    (c >= '0' && c <= '9') || ch == ' ' || ch == '#' || ch == '%' || ch == '.' ||
                    ch == ',' || ch == '-' || ch == '_' || ch == '+' || ch == '/';
    if (!ok) return std::string(kInertCss);
  }
  return std::string(v);
}

// The text of a JavaScript (and JSON) string literal, without its quotes:
// nothing in it can end the string, the script element or a comment.
std::string js_string_body(std::string_view v) {
  std::string out;
  for (std::size_t i = 0; i < v.size(); ++i) {
    const char ch = v[i];
    const auto c = static_cast<unsigned char>(ch);
    switch (ch) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '/':
        out += "\\/";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\'':
        out += "\\u0027";
        break;
      case '<':
        out += "\\u003c";
        break;
      case '>':
        out += "\\u003e";
        break;
      case '&':
        out += "\\u0026";
        break;
      case '`':
        out += "\\u0060";
        break;
      case '$':
        out += "\\u0024";
        break;
      default:
        if (c < 0x20 || c == 0x7F) {
          out += "\\u00";
          out += kHex[c >> 4];
          out += kHex[c & 15];
        } else if (c == 0xE2 && i + 2 < v.size() && v[i + 1] == '\x80' &&
                   (v[i + 2] == '\xA8' || v[i + 2] == '\xA9')) {
          out += v[i + 2] == '\xA8' ? "\\u2028" : "\\u2029";  // line ends in JavaScript
          i += 2;
        } else {
          out += ch;
        }
    }
  }
  return out;
}

// The text of a value HTML-escaped by render_template's escape (or a
// translation by html_escape_mustache_safe): exactly those references back.
std::string html_unescaped(std::string_view s) {
  static const std::pair<std::string_view, char> refs[] = {
      {"&amp;", '&'},   {"&lt;", '<'},   {"&gt;", '>'},  {"&quot;", '"'},
      {"&apos;", '\''}, {"&#39;", '\''}, {"&#123;", '{'}};
  std::string out;
  for (std::size_t i = 0; i < s.size();) {
    bool found = false;
    if (s[i] == '&')
      for (const auto& [ref, ch] : refs)
        if (s.substr(i).starts_with(ref)) {
          out += ch;
          i += ref.size();
          found = true;
          break;
        }
    if (!found) out += s[i++];
  }
  return out;
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
  const std::string lower = ascii_lower(std::string(v));
  for (const char* n : names)
    if (lower == n) return lower;
  return "polypress-unsafe-element";
}

std::string html(std::string_view s) {
  return kainjow::mustache::html_escape(std::string(s));
}

}  // namespace

std::string escape_for_context(ValueContext context, std::string_view v) {
  switch (context) {
    case ValueContext::html:
      return html(v);
    case ValueContext::element_name:
      return element_name(v);
    case ValueContext::url_start:
      return url_scheme_refused(v) ? std::string(kInertUrl) : html(normalized_url(v, false));
    case ValueContext::url_path:
      return html(normalized_url(v, false));
    case ValueContext::url_query:
      return url_component(v);
    case ValueContext::srcset_start:
      return url_scheme_refused(v) ? std::string(kInertUrl) : html(normalized_url(v, true));
    case ValueContext::srcset_rest:
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

namespace {

// The start of an attribute's value as a browser reads it, for its scheme:
// the references a value's escaping makes, numeric ones and &colon;, &Tab;
// and &NewLine; decoded (the template's own text may hold any of them).
std::string decoded_head(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size() && out.size() < 64;) {
    if (s[i] != '&') {
      out += s[i++];
      continue;
    }
    const std::size_t semi = s.find(';', i);
    const std::string_view ref =
        semi == std::string_view::npos ? std::string_view{} : s.substr(i + 1, semi - i - 1);
    unsigned long code = 0;
    bool known = true;
    if (ref.size() > 2 && (ref[0] == '#') && (ref[1] == 'x' || ref[1] == 'X') && ref.size() <= 8 &&
        ref.find_first_not_of("0123456789abcdefABCDEF", 2) == ref.npos)
      code = std::stoul(std::string(ref.substr(2)), nullptr, 16);
    else if (ref.size() > 1 && ref[0] == '#' && ref.size() <= 8 &&
             ref.find_first_not_of("0123456789", 1) == ref.npos)
      code = std::stoul(std::string(ref.substr(1)));
    else if (ref == "colon")
      code = ':';
    else if (ref == "Tab")
      code = '\t';
    else if (ref == "NewLine")
      code = '\n';
    else if (ref == "amp")
      code = '&';
    else
      known = false;
    if (!known || code > 0x7F) {
      out += s[i++];  // not ASCII: it cannot be part of a scheme either
      continue;
    }
    out += static_cast<char>(code);
    i = semi + 1;
  }
  return out;
}

std::string finish(std::string_view rendered);

// Appends the value marked at `at` (kMarkStart) escaped for its context;
// returns where the text goes on.
std::size_t finish_value(std::string_view rendered, std::size_t at, std::string& out) {
  const std::size_t letter = at + kMarkStart.size();
  const std::size_t start = letter + 1;
  const std::size_t end = rendered.find(kValueEnd, start);
  if (letter >= rendered.size() || !rendered.substr(start).starts_with(kValueStart) ||
      end == std::string_view::npos)
    return letter;  // never made by prepare: the mark alone is dropped
  const std::size_t value = start + kValueStart.size();
  out += escape_for_context(static_cast<ValueContext>(rendered[letter]),
                            html_unescaped(rendered.substr(value, end - value)));
  return end + kValueEnd.size();
}

// Appends the URL attribute value marked at `at` (kUrlAttributeStart),
// finished, or kInertUrl when its scheme is refused; returns where the text
// goes on (at its closing quote).
std::size_t finish_url_attribute(std::string_view rendered, std::size_t at, std::string& out) {
  const std::size_t q = at + kUrlAttributeStart.size();
  if (q >= rendered.size()) return q;
  // Values are escaped: only the template's own quote ends the attribute.
  const std::size_t end = std::min(rendered.find(rendered[q], q + 1), rendered.size());
  const std::string value = finish(rendered.substr(q + 1, end - q - 1));
  out += url_scheme_refused(decoded_head(value)) ? std::string(kInertUrl) : value;
  return end;
}

std::string finish(std::string_view rendered) {
  std::string out;
  out.reserve(rendered.size());
  std::size_t pos = 0;
  // Both marks start with the same two bytes, U+FDD0 and U+FDD3 differing
  // in the third.
  const std::string_view lead = kMarkStart.substr(0, 2);
  for (std::size_t at; (at = rendered.find(lead, pos)) != std::string_view::npos;) {
    out.append(rendered, pos, at - pos);
    const std::string_view here = rendered.substr(at);
    if (here.starts_with(kMarkStart)) {
      pos = finish_value(rendered, at, out);
    } else if (here.starts_with(kUrlAttributeStart)) {
      pos = finish_url_attribute(rendered, at, out);
    } else {
      out.append(lead);
      pos = at + lead.size();
    }
  }
  out.append(rendered, pos, std::string_view::npos);
  return out;
}

}  // namespace

std::string finish_marked_values(std::string_view rendered) {
  return finish(rendered);
}

}  // namespace pp
