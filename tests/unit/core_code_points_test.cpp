// plain_utf8_run(), the byte-at-a-time fast path of the scans that refuse or
// drop characters (issue 21): it may skip only what the slow path accepts.
#include <gtest/gtest.h>

#include <random>

#include "core/code_points.h"
#include "core/markup_text.h"
#include "core/text.h"

namespace pp {

namespace {

// drop_refused_in_markup() as it was before the fast path: decode every
// character.
std::string drop_refused_slowly(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size();) {
    const CodePoint cp = decode_utf8_at(s, i);
    if (!cp.valid)
      out += "\xEF\xBF\xBD";
    else if (!is_refused_in_markup(cp.value))
      out.append(s, i, cp.length);
    i += cp.length;
  }
  return out;
}

std::size_t find_invalid_slowly(std::string_view s) {
  for (std::size_t i = 0; i < s.size();) {
    const CodePoint cp = decode_utf8_at(s, i);
    if (!cp.valid) return i;
    i += cp.length;
  }
  return std::string::npos;
}

// Random bytes biased towards the lead bytes at the edges of the fast path.
std::string random_text(std::mt19937& rng) {
  static const unsigned char picks[] = {'a',  ' ',  '\n', '\t', '\r', 0x00, 0x1B, 0x7F, 0x80,
                                        0x9F, 0xBF, 0xC0, 0xC2, 0xC3, 0xDF, 0xE0, 0xE1, 0xE2,
                                        0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF};
  std::uniform_int_distribution<std::size_t> len(0, 40), pick(0, sizeof picks - 1), any(0, 255);
  std::string s;
  for (std::size_t n = len(rng); n > 0; --n)
    s += static_cast<char>(any(rng) < 128 ? picks[pick(rng)] : any(rng));
  return s;
}

// Mostly printable ASCII, with an edge byte here and there: long runs for the
// eight-bytes-at-a-time path, broken at every offset.
std::string mostly_ascii_text(std::mt19937& rng) {
  static const unsigned char edges[] = {0x00, 0x1F, 0x7F, 0x80, 0xC2, 0xE0, 0xED, 0xEF, 0xFF, '\n'};
  std::uniform_int_distribution<int> len(0, 70), printable(0x20, 0x7E), roll(0, 15),
      edge(0, sizeof edges - 1);
  std::string s;
  for (int n = len(rng); n > 0; --n)
    s += static_cast<char>(roll(rng) == 0 ? edges[edge(rng)] : printable(rng));
  return s;
}

}  // namespace

TEST(CodePoints, ThePlainRunHoldsOnlyValidCharactersNoScanRefuses) {
  // Every code point, alone: skipped only when valid and refused by nothing.
  for (char32_t c = 0; c <= 0x10FFFF; ++c) {
    if (c >= 0xD800 && c <= 0xDFFF) continue;
    const std::string s = encode_utf8(c);
    if (plain_utf8_run(s, 0) == 0) continue;
    ASSERT_EQ(plain_utf8_run(s, 0), s.size()) << code_point_name(c);
    const bool line_control = c == '\t' || c == '\n' || c == '\r';
    EXPECT_TRUE(line_control || !is_control_character(c)) << code_point_name(c);
    EXPECT_FALSE(is_noncharacter(c)) << code_point_name(c);
    EXPECT_NE(c, 0xFEFFu);
  }
  // Letters of the sample's scripts are on the fast path.
  for (const std::string s : {"plain ASCII", "한국어 문장", "日本語の文、「全角」ＡＢＣ",
                              "Überschrift", "العربية", "हिन्दी"})
    EXPECT_EQ(plain_utf8_run(s, 0), s.size()) << s;
}

TEST(CodePoints, ScansWithTheFastPathEqualTheSlowScansOnRandomBytes) {
  std::mt19937 rng(21);
  for (int k = 0; k < 400000; ++k) {
    const std::string s = k % 2 ? random_text(rng) : mostly_ascii_text(rng);
    ASSERT_EQ(drop_refused_in_markup(s), drop_refused_slowly(s)) << k;
    ASSERT_EQ(find_invalid_utf8(s), find_invalid_slowly(s)) << k;
    for (std::size_t i = 0, end = plain_utf8_run(s, 0); i < end;) {
      const CodePoint cp = decode_utf8_at(s, i);
      ASSERT_TRUE(cp.valid) << k;
      i += cp.length;
      ASSERT_LE(i, end) << k;
    }
  }
}

}  // namespace pp
