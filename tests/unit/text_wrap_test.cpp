// Wrapping plain text for email (core/text_wrap.h): exact lines pinned.
#include <gtest/gtest.h>

#include <unicode/uchar.h>

#include "core/code_points.h"
#include "core/text_wrap.h"

namespace pp {

using Lines = std::vector<std::string>;

TEST(DisplayWidth, CountsColumnsOfAFixedWidthFont) {
  EXPECT_EQ(display_width(""), 0u);
  EXPECT_EQ(display_width("abc def"), 7u);
  EXPECT_EQ(display_width("한국어"), 6u);       // Hangul: wide
  EXPECT_EQ(display_width("日本語です"), 10u);  // ideographs and kana: wide
  EXPECT_EQ(display_width("ＡＢ"), 4u);         // fullwidth Latin
  EXPECT_EQ(display_width("ｶﾀ"), 2u);           // halfwidth katakana: narrow
  EXPECT_EQ(display_width("مرحبا"), 5u);        // Arabic: one column a letter
  EXPECT_EQ(display_width("é"), 1u);            // precomposed
  EXPECT_EQ(display_width("e\u0301"), 1u);      // combining acute: no column
  EXPECT_EQ(display_width("بِسْمِ"), 3u);          // Arabic vowel marks: no column
  EXPECT_EQ(display_width("co\u00adop"), 4u);   // soft hyphen: no column
  EXPECT_EQ(display_width("a\u200bb"), 2u);     // zero width space: a format character
}

// The columns of every code point equal ICU's properties (what the fast
// paths for Latin, Hangul, ideographs and kana must agree with).
TEST(DisplayWidth, EveryCodePointTakesTheColumnsIcuGivesIt) {
  for (UChar32 c = 0x20; c <= 0x10FFFF; ++c) {
    if ((c >= 0x7F && c < 0xA0) || (c >= 0xD800 && c <= 0xDFFF)) continue;
    const auto gc = u_charType(c);
    const auto ea = u_getIntPropertyValue(c, UCHAR_EAST_ASIAN_WIDTH);
    const std::size_t want =
        (gc == U_NON_SPACING_MARK || gc == U_ENCLOSING_MARK || gc == U_FORMAT_CHAR) ? 0
        : (ea == U_EA_WIDE || ea == U_EA_FULLWIDTH)                                 ? 2
                                                                                    : 1;
    ASSERT_EQ(display_width(encode_utf8(static_cast<char32_t>(c))), want) << c;
  }
}

TEST(WrapText, BreaksAtSpacesWithinTheWidth) {
  EXPECT_EQ(wrap_text("aaa bbb ccc", 7, "en"), (Lines{"aaa bbb", "ccc"}));
  EXPECT_EQ(wrap_text("aaa bbb ccc", 6, "en"), (Lines{"aaa", "bbb", "ccc"}));
  EXPECT_EQ(wrap_text("aaa bbb ccc", 11, "en"), (Lines{"aaa bbb ccc"}));
  // Spaces at a break are dropped, not carried to the next line.
  EXPECT_EQ(wrap_text("aaa    bbb", 5, "en"), (Lines{"aaa", "bbb"}));
  EXPECT_EQ(wrap_text("aaa ", 3, "en"), (Lines{"aaa"}));
}

TEST(WrapText, EmptyTextIsOneLine) {
  EXPECT_EQ(wrap_text("", 10, "en"), (Lines{""}));
  EXPECT_EQ(wrap_text("", 10, "en", "> ", "> "), (Lines{">"}));
}

TEST(WrapText, PrefixesCountTowardsTheWidth) {
  EXPECT_EQ(wrap_text("one two three four", 9, "en", "- ", "  "),
            (Lines{"- one two", "  three", "  four"}));
  EXPECT_EQ(wrap_text("one two", 20, "en", "> ", "> "), (Lines{"> one two"}));
  // A wide prefix is counted by columns, not bytes.
  EXPECT_EQ(wrap_text("ab cd", 6, "en", "가 ", "   "), (Lines{"가 ab", "   cd"}));
}

TEST(WrapText, AWordLongerThanTheWidthIsNeverCut) {
  EXPECT_EQ(wrap_text("a supercalifragilistic b", 5, "en"),
            (Lines{"a", "supercalifragilistic", "b"}));
  EXPECT_EQ(wrap_text("supercalifragilistic", 5, "en"), (Lines{"supercalifragilistic"}));
}

TEST(WrapText, HyphensAreBreakOpportunities) {
  EXPECT_EQ(wrap_text("well-known long-term", 10, "en"), (Lines{"well-known", "long-term"}));
  EXPECT_EQ(wrap_text("well-known", 6, "en"), (Lines{"well-", "known"}));
}

TEST(WrapText, UrlsAreNeverBroken) {
  EXPECT_EQ(wrap_text("see https://example.com/a-very-long/path?x=1&y=2 now", 20, "en"),
            (Lines{"see", "https://example.com/a-very-long/path?x=1&y=2", "now"}));
  EXPECT_EQ(wrap_text("[1] http://example.com/a-b-c-d-e-f", 10, "en"),
            (Lines{"[1]", "http://example.com/a-b-c-d-e-f"}));
  // Not a URL: "http" alone, or another scheme, breaks as text.
  EXPECT_EQ(wrap_text("http-like-word", 10, "en"), (Lines{"http-like-", "word"}));
  EXPECT_EQ(wrap_text("ftp://example.com/a-b", 15, "en"), (Lines{"ftp://", "example.com/a-b"}));
}

TEST(WrapText, NewlinesAreForcedBreaks) {
  EXPECT_EQ(wrap_text("a\nb", 10, "en"), (Lines{"a", "b"}));
  EXPECT_EQ(wrap_text("a\n\nb", 10, "en", "> ", "> "), (Lines{"> a", ">", "> b"}));
  EXPECT_EQ(wrap_text("one two\nthree", 5, "en", "1. ", "   "),
            (Lines{"1. one", "   two", "   three"}));
}

TEST(WrapText, CjkBreaksBetweenCharactersCountedDouble) {
  // Ten columns: five characters a line.
  EXPECT_EQ(wrap_text("日本語のテキストです", 10, "ja"), (Lines{"日本語のテ", "キストです"}));
  EXPECT_EQ(wrap_text("日本語のテキストです", 9, "ja"), (Lines{"日本語の", "テキスト", "です"}));
  // Closing punctuation never starts a line.
  EXPECT_EQ(wrap_text("今日は。明日", 6, "ja"), (Lines{"今日", "は。明", "日"}));
  EXPECT_EQ(wrap_text("中文文本换行测试", 8, "zh"), (Lines{"中文文本", "换行测试"}));
}

TEST(WrapText, KoreanKeepsWordsWhole) {
  EXPECT_EQ(wrap_text("한국어 텍스트를 줄바꿈합니다", 10, "ko"),
            (Lines{"한국어", "텍스트를", "줄바꿈합니다"}));
  // In another language Hangul breaks between syllables.
  EXPECT_EQ(wrap_text("줄바꿈합니다", 6, "en"), (Lines{"줄바꿈", "합니다"}));
}

TEST(WrapText, RightToLeftTextStaysInLogicalOrder) {
  EXPECT_EQ(wrap_text("هذا نص عربي طويل", 8, "ar"), (Lines{"هذا نص", "عربي", "طويل"}));
  EXPECT_EQ(wrap_text("שלום עולם יפה", 9, "he"), (Lines{"שלום עולם", "יפה"}));
  // A Latin word inside Arabic text keeps its place.
  EXPECT_EQ(wrap_text("نص GPU نص", 6, "ar"), (Lines{"نص GPU", "نص"}));
}

TEST(WrapText, CombiningMarksTakeNoColumn) {
  EXPECT_EQ(wrap_text("e\u0301e\u0301e\u0301 abc", 3, "fr"),
            (Lines{"e\u0301e\u0301e\u0301", "abc"}));
  EXPECT_EQ(wrap_text("e\u0301e\u0301 ab", 5, "fr"), (Lines{"e\u0301e\u0301 ab"}));
  // بِسْمِ is 3 columns, اللَّهِ 4: with the space, 8.
  EXPECT_EQ(wrap_text("بِسْمِ اللَّهِ", 8, "ar"), (Lines{"بِسْمِ اللَّهِ"}));
  EXPECT_EQ(wrap_text("بِسْمِ اللَّهِ", 7, "ar"), (Lines{"بِسْمِ", "اللَّهِ"}));
}

// Bytes that are not UTF-8 are wrapped as the U+FFFD that ICU's conversion
// makes of them (one for a cut-off sequence), each one column wide.
TEST(WrapText, BytesThatAreNotUtf8BecomeReplacementCharacters) {
  EXPECT_EQ(wrap_text("ab\xE2\x82 cd\xFF ef", 5, "en"),
            (Lines{"ab\xEF\xBF\xBD", "cd\xEF\xBF\xBD", "ef"}));
  EXPECT_EQ(display_width("ab\xE2\x82"), 3u);
}

}  // namespace pp
