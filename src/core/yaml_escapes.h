#pragma once
// Characters refused in front matter, written as they are or as YAML
// double-quoted escapes ("\x01", "\uFFFE", "\N"): an escape is checked where
// it is written, since it reaches pages, feeds and headers only once decoded.

#include <cstddef>
#include <string>
#include <string_view>

#include "core/diagnostic.h"

namespace pp {

/// The character the escape at `text[at]` (a backslash inside a
/// double-quoted scalar) stands for, or U+FFFFFFFF for a line continuation,
/// an escaped space or quote, or an escape YAML does not know (yaml-cpp
/// reports those).
char32_t yaml_escape_value(std::string_view text, std::size_t at);

/// Refuses, with an error at `where` (the backslash), an escape for a
/// character that must not reach a page, a feed or a header: a control
/// character other than TAB and LF, a noncharacter (front-matter/encoding),
/// or a bidi override (front-matter/bidi). False when refused.
bool check_yaml_escape(std::string_view text, std::size_t at, const SourceLocation& where,
                       DiagnosticSink& sink);

/// The error for a character refused in front matter, or "" when it is
/// allowed: `escaped` adds "(written as an escape)" to the message.
std::string refused_front_matter_character(char32_t c, bool escaped, std::string& rule);

}  // namespace pp
