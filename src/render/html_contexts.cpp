#include "render/html_contexts.h"

#include "core/text.h"

namespace pp {

bool is_url_attribute(std::string_view name) {
  static const char* const names[] = {
      "href",    "src",        "action",   "formaction", "poster", "cite",
      "data",    "background", "longdesc", "manifest",   "icon",   "codebase",
      "classid", "archive",    "profile",  "usemap",     "xmlns",  "lowsrc",
      "dynsrc",  "ping",       "xml:base", "itemtype",   "itemid"};
  for (const char* u : names)
    if (name == u) return true;
  // Names that say they hold one (data-src, xlink:href), and a data-
  // attribute a script is likely to follow (data-link, data-action).
  if (name.starts_with("data-") && (name == "data-link" || name == "data-action")) return true;
  for (const char* part : {"src", "uri", "url", "href"})
    if (name.find(part) != std::string_view::npos) return true;
  return false;
}

bool is_url_property(std::string_view property) {
  const std::string p = ascii_lower(std::string(property));
  for (const char* end : {"url", "image", "image:src", "video", "audio", "player", "tileimage"})
    if (p.ends_with(end)) return true;
  return false;
}

void JsReader::feed(char c) {
  const char before = last_;
  last_ = c;
  switch (state_) {
    case code:
      if (c == '"')
        state_ = dq;
      else if (c == '\'')
        state_ = sq;
      else if (c == '`')
        state_ = tpl;
      else if (c == '/' && before == '/')
        state_ = line_comment, last_ = 0;
      else if (c == '*' && before == '/')
        state_ = block_comment, last_ = 0;
      return;
    case dq:
    case sq:
    case tpl:
      if (escaped_) {
        escaped_ = false;
      } else if (c == '\\') {
        escaped_ = true;
      } else if ((state_ == dq && c == '"') || (state_ == sq && c == '\'') ||
                 (state_ == tpl && c == '`')) {
        state_ = code;
        last_ = 0;
      }
      return;
    case line_comment:
      if (c == '\n' || c == '\r') state_ = code;
      return;
    case block_comment:
      if (c == '/' && before == '*') state_ = code, last_ = 0;
      return;
  }
}

}  // namespace pp
