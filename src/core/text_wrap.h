#pragma once
// Wrapping plain text for email: ICU line breaks, East Asian width, URLs whole.

#include <string>
#include <vector>

namespace pp {

/// Columns `text` takes in a fixed-width font: wide and fullwidth characters
/// (Hangul, kana, CJK ideographs) count 2, combining marks 0, others 1.
std::size_t display_width(const std::string& text);

/// `text` broken into lines of at most `width` columns at ICU's line-break
/// opportunities for `locale` (spaces, and between CJK characters), the first
/// line prefixed with `first_prefix`, the others with `rest_prefix`. A URL
/// (http:// or https:// up to a space) is never broken: it takes a line of its
/// own when it does not fit. '\n' in `text` is a forced break.
std::vector<std::string> wrap_text(const std::string& text, std::size_t width,
                                   const std::string& locale, const std::string& first_prefix = "",
                                   const std::string& rest_prefix = "");

}  // namespace pp
