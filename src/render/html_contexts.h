#pragma once
// Internal to render: what HTML makes of an attribute's value or a script's
// text, for template_contexts.cpp: which attributes hold URLs, and whether a
// script is inside a string literal at a given point.

#include <string>
#include <string_view>

namespace pp {

/// True when attribute `name` (lowercase) holds a URL: href, src, action,
/// formaction, poster, cite, data… and, as Go's html/template reads them,
/// any name holding "src", "uri" or "url", and a data- attribute whose rest
/// is one of those (data-href, data-link, data-action).
bool is_url_attribute(std::string_view name);

/// True when a <meta>'s property, name or itemprop (og:image,
/// twitter:image:src, itemprop="url") makes its content a URL.
bool is_url_property(std::string_view property);

/// Reads JavaScript one character at a time, far enough to tell whether a
/// point is inside a string literal. Regular expressions and `${…}` are not
/// told apart: a value put where this reader is wrong is escaped so that it
/// is text in a string and a syntax error in code (context_escape.cpp), never
/// code that runs.
class JsReader {
 public:
  void feed(char c);
  void feed(std::string_view s) {
    for (const char c : s) feed(c);
  }
  bool in_string() const { return state_ == dq || state_ == sq || state_ == tpl; }

 private:
  enum State { code, dq, sq, tpl, line_comment, block_comment } state_ = code;
  char last_ = 0;
  bool escaped_ = false;
};

}  // namespace pp
