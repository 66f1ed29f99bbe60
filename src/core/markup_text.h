#pragma once
// User text on its way into XML, HTML and mail headers: no character those
// formats refuse, and no bidi control that reorders what follows the value.

#include <string>
#include <string_view>

namespace pp {

/// `s` without the characters is_refused_in_markup() names (C0 controls but
/// TAB, LF and CR, DEL, C1 controls, noncharacters); bytes that are not UTF-8
/// become U+FFFD. Safe on a whole document: markup itself is ASCII.
std::string drop_refused_in_markup(std::string_view s);

/// `s` with each form feed as a space. A form feed is CommonMark whitespace,
/// allowed in a body (docs/spec.md §4), that XML refuses and
/// drop_refused_in_markup would drop, gluing the words around it.
std::string form_feeds_as_spaces(std::string s);

/// `s` with its bidi embeddings, overrides (closed by U+202C) and isolates
/// (closed by U+2069) balanced: a terminator with nothing to close is
/// dropped, and whatever is still open at the end is closed there, innermost
/// first, so the text after the value is laid out as if the value were not
/// there. Text without bidi controls is returned unchanged.
std::string close_bidi_controls(std::string_view s);

/// What is wrong with the bidi controls of one value, or "": an override
/// (U+202D, U+202E, which reverses the text around it), or an embedding or
/// isolate left open or closing nothing (which would reorder what is shown
/// after the value).
std::string bidi_problem(std::string_view s);

/// One value of user text (a title, a name, a section title) for a page, a
/// feed or a header: drop_refused_in_markup, then close_bidi_controls.
std::string markup_value(std::string_view s);

}  // namespace pp
