#pragma once
// Untrusted text as it may be shown on a terminal or in a CI log: nothing in
// it can move the cursor, set a window title, end a line, start a workflow
// command or reorder the rest of the line.

#include <string>
#include <string_view>

namespace pp {

/// `s` with every control character, line break, bidi control and invalid
/// UTF-8 byte written out: TAB, LF and CR as \t, \n and \r, other C0
/// controls, DEL and invalid bytes as \xNN, C1 controls, U+2028, U+2029 and
/// bidi controls as U+NNNN. Everything else is kept as it is.
std::string visible_text(std::string_view s);

/// The same for text of several lines (a table, a list of files): LF stays a
/// line break, everything else is written out as by visible_text.
std::string visible_lines(std::string_view s);

}  // namespace pp

namespace pp {

/// Serialized JSON with the characters the JSON writer leaves as they are but
/// a terminal acts on (DEL, C1 controls, U+2028, U+2029, bidi controls)
/// written as \uNNNN. Valid because outside strings JSON is ASCII.
std::string json_escape_invisible(std::string_view json);

}  // namespace pp
