#pragma once
// Classes of Unicode characters that untrusted text must not carry into a
// terminal, a log, XML or HTML, and the UTF-8 decoding they are found with.

#include <cstddef>
#include <string>
#include <string_view>

namespace pp {

/// One UTF-8 sequence of a text: its code point and length in bytes. A byte
/// that does not start a valid sequence (overlong, surrogate, past U+10FFFF,
/// cut short) is `valid == false` with length 1 and the byte as `value`.
struct CodePoint {
  char32_t value = 0;
  std::size_t length = 1;
  bool valid = true;
};

/// The sequence starting at byte `at` of `s` (at < s.size()).
CodePoint decode_utf8_at(std::string_view s, std::size_t at);

/// The end of the run of `s` from byte `at` that is certainly valid UTF-8
/// without a control character (but TAB, LF and CR), a noncharacter or a
/// byte order mark: printable ASCII, U+00C0–U+07FF and the rest of the
/// Basic Multilingual Plane (checked a byte at a time; the other planes are
/// left to the slow path).
/// Layout controls (U+061C, U+200E, U+202A…) may be in it. What it stops at
/// may still be fine: decode it with decode_utf8_at.
std::size_t plain_utf8_run(std::string_view s, std::size_t at);

/// The code point of `s` that ends right before byte `at`, or 0 when `at` is 0.
char32_t code_point_before(std::string_view s, std::size_t at);

/// `c` as UTF-8.
std::string encode_utf8(char32_t c);

/// C0 controls (including TAB, LF, CR), DEL and C1 controls (U+0080–U+009F).
bool is_control_character(char32_t c);

/// Noncharacters: U+FDD0–U+FDEF and the last two code points of every plane
/// (U+FFFE, U+FFFF, U+1FFFE … U+10FFFF).
bool is_noncharacter(char32_t c);

/// Characters that reorder or break the lines around them when shown: the
/// bidi embeddings, overrides and isolates with their terminators
/// (U+202A–U+202E, U+2066–U+2069), the marks U+200E, U+200F and U+061C, and
/// the line and paragraph separators U+2028 and U+2029.
bool is_layout_control(char32_t c);

/// What an XML 1.0 document may not hold (C0 controls but TAB, LF and CR,
/// U+FFFE, U+FFFF) and what HTML calls a parse error (DEL, C1 controls,
/// noncharacters): refused in front matter, dropped from feeds and pages.
bool is_refused_in_markup(char32_t c);

/// "U+202E": the code point in the usual notation, at least four hex digits.
std::string code_point_name(char32_t c);

/// Characters of scripts written without spaces between words: Han
/// ideographs, kana, CJK punctuation and fullwidth forms (not Hangul).
bool unspaced_script(char32_t c);

/// unspaced_script() and Hangul: the characters CJK-friendly emphasis
/// (markdown-it-cjk-friendly) lets a delimiter run stand beside.
bool cjk_character(char32_t c);

}  // namespace pp
