#include "render/context_escape.h"

#include <algorithm>

#include "core/text.h"

namespace pp {

namespace {

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

// `s` as a browser reads an attribute's value: the references a value's
// escaping makes, numeric ones, and &colon;, &Tab; and &NewLine; decoded
// (the template's own text may hold any of them). Others stay as written:
// none of them is ASCII, so none can be part of a scheme.
std::string decoded(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size();) {
    if (s[i] != '&') {
      out += s[i++];
      continue;
    }
    // A numeric reference needs no ';' (&#58 and &#x3a are a colon).
    std::size_t end = i + 1;
    unsigned long code = 0x80;
    const bool hex = s.substr(i).starts_with("&#x") || s.substr(i).starts_with("&#X");
    if (hex || s.substr(i).starts_with("&#")) {
      const std::size_t from = i + (hex ? 3 : 2);
      end = s.find_first_not_of(hex ? "0123456789abcdefABCDEF" : "0123456789", from);
      end = std::min(end, s.size());
      if (end > from && end - from <= 8)
        code = std::stoul(std::string(s.substr(from, end - from)), nullptr, hex ? 16 : 10);
      if (end < s.size() && s[end] == ';') ++end;
    } else {
      const std::size_t semi = s.find(';', i);
      if (semi != std::string_view::npos && semi - i <= 10) {
        const std::string_view ref = s.substr(i + 1, semi - i - 1);
        for (const auto& [name, ch] : {std::pair<std::string_view, char>{"colon", ':'},
                                       {"Tab", '\t'},
                                       {"NewLine", '\n'},
                                       {"amp", '&'},
                                       {"quot", '"'},
                                       {"apos", '\''}})
          if (ref == name) code = static_cast<unsigned char>(ch);
        end = semi + 1;
      }
    }
    if (code >= 0x80) {  // not one of those: as written (not ASCII, no scheme)
      out += s[i++];
      continue;
    }
    out += static_cast<char>(code);
    i = end;
  }
  return out;
}

// The URL of a refresh's content ("5; url='…'"), as HTML reads it.
std::string_view refresh_url(std::string_view c) {
  auto skip = [&](auto pred) {
    while (!c.empty() && pred(c.front())) c.remove_prefix(1);
  };
  auto space = [](char ch) {
    return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\f' || ch == '\r';
  };
  skip(space);
  skip([](char ch) { return (ch >= '0' && ch <= '9') || ch == '.'; });
  skip(space);
  if (!c.empty() && (c.front() == ';' || c.front() == ',')) c.remove_prefix(1);
  skip(space);
  std::string_view rest = c;
  if (rest.size() >= 3 && ascii_lower(std::string(rest.substr(0, 3))) == "url") {
    rest.remove_prefix(3);
    while (!rest.empty() && space(rest.front())) rest.remove_prefix(1);
    if (!rest.empty() && rest.front() == '=') {
      rest.remove_prefix(1);
      c = rest;
      skip(space);
    }
  }
  if (!c.empty() && (c.front() == '"' || c.front() == '\'')) c.remove_prefix(1);
  return c;
}

std::string finish(std::string_view rendered, std::string* plain = nullptr);

// Appends the value marked at `at` (kMarkStart) escaped for its context (and
// to `plain`, when given, as rendered: HTML-escaped only); returns where the
// text goes on.
std::size_t finish_value(std::string_view rendered, std::size_t at, std::string& out,
                         std::string* plain) {
  const std::size_t letter = at + kMarkStart.size();
  const std::size_t start = letter + 1;
  const std::size_t end = rendered.find(kValueEnd, start);
  if (letter >= rendered.size() || !rendered.substr(start).starts_with(kValueStart) ||
      end == std::string_view::npos)
    return letter;  // never made by prepare: the mark alone is dropped
  const std::size_t value = start + kValueStart.size();
  out += escape_for_context(static_cast<ValueContext>(rendered[letter]),
                            html_unescaped(rendered.substr(value, end - value)));
  if (plain) plain->append(rendered.substr(value, end - value));
  return end + kValueEnd.size();
}

// Appends the URL attribute value marked at `at` (kUrlAttributeStart),
// finished, or about:invalid#polypress-unsafe-url when what it names has a
// refused scheme; returns where the text goes on (at its closing quote).
std::size_t finish_url_attribute(std::string_view rendered, std::size_t at, std::string& out) {
  const std::size_t kind = at + kUrlAttributeStart.size(), q = kind + 1;
  if (q >= rendered.size()) return rendered.size();
  // Values are escaped: only the template's own quote ends the attribute.
  const std::size_t end = std::min(rendered.find(rendered[q], q + 1), rendered.size());
  // Judged as finished, and as it would be with its values only
  // HTML-escaped: percent-encoding " java\tscript:" makes it a harmless
  // relative URL, but it is refused as what it was meant to be.
  std::string plain;
  const std::string value = finish(rendered.substr(q + 1, end - q - 1), &plain);
  out +=
      url_attribute_refused(rendered[kind], value) || url_attribute_refused(rendered[kind], plain)
          ? std::string(kInertUrl)
          : value;
  return end;
}

std::string finish(std::string_view rendered, std::string* plain) {
  std::string out;
  out.reserve(rendered.size());
  std::size_t pos = 0;
  auto literal = [&](std::size_t end) {
    out.append(rendered, pos, end - pos);
    if (plain) plain->append(rendered, pos, end - pos);
    pos = end;
  };
  // The marks share their first two bytes (so do Arabic presentation forms
  // such as U+FDFA, which are left as they are).
  const std::string_view lead = kMarkStart.substr(0, 2);
  for (std::size_t at; (at = rendered.find(lead, pos)) != std::string_view::npos;) {
    literal(at);
    const std::string_view here = rendered.substr(at);
    if (here.starts_with(kMarkStart)) {
      pos = finish_value(rendered, at, out, plain);
    } else if (here.starts_with(kUrlAttributeStart)) {
      pos = finish_url_attribute(rendered, at, out);
    } else {
      literal(at + lead.size());
    }
  }
  literal(rendered.size());
  return out;
}

}  // namespace

bool url_attribute_refused(char kind, std::string_view value) {
  const std::string v = decoded(value);
  if (kind == 'r') return url_scheme_refused(refresh_url(v));
  if (kind != 's') return url_scheme_refused(v);
  // srcset: each candidate's URL, up to its first space.
  for (std::size_t from = 0; from <= v.size();) {
    const std::size_t comma = std::min(v.find(',', from), v.size());
    std::string_view candidate = std::string_view(v).substr(from, comma - from);
    while (!candidate.empty() && static_cast<unsigned char>(candidate.front()) <= 0x20)
      candidate.remove_prefix(1);
    const std::size_t space = candidate.find_first_of(" \t\n\f\r");
    if (url_scheme_refused(candidate.substr(0, space))) return true;
    from = comma + 1;
  }
  return false;
}

std::string finish_marked_values(std::string_view rendered) {
  return finish(rendered);
}

}  // namespace pp
