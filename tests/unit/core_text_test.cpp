#include <gtest/gtest.h>

#include "core/text.h"

namespace pp {

TEST(Text, FindsInvalidUtf8) {
  EXPECT_EQ(find_invalid_utf8("plain ascii"), std::string::npos);
  EXPECT_EQ(find_invalid_utf8("한국어 العربية"), std::string::npos);
  EXPECT_EQ(find_invalid_utf8("ab\xC3"), 2u);             // truncated sequence
  EXPECT_EQ(find_invalid_utf8("ab\xC0\xAF"), 2u);         // overlong '/'
  EXPECT_EQ(find_invalid_utf8("\xED\xA0\x80"), 0u);       // surrogate
  EXPECT_EQ(find_invalid_utf8("x\xF4\x90\x80\x80"), 1u);  // past U+10FFFF
}

TEST(Text, CountsCodePoints) {
  EXPECT_EQ(count_code_points("가나a"), 3);
}

TEST(Text, EscapesHtml) {
  EXPECT_EQ(html_escape(R"(<a href="x">'&')"), "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;");
  EXPECT_EQ(html_escape_mustache_safe("{{x}}"), "&#123;&#123;x}}");
}

TEST(Text, MakesJsonSafeInScript) {
  EXPECT_EQ(json_for_script(R"({"t":"</script><!--&"})"),
            R"({"t":"\u003c/script\u003e\u003c!--\u0026"})");
  EXPECT_EQ(json_for_script("\"a\xE2\x80\xA8"
                            "b\xE2\x80\xA9\""),
            "\"a\\u2028b\\u2029\"");
}

TEST(Text, FillsPlaceholders) {
  EXPECT_EQ(fill_placeholders("{count} of {max} {unknown}", {{"count", "3"}, {"max", "5"}}),
            "3 of 5 {unknown}");
}

TEST(Text, SuggestsNearest) {
  const std::vector<std::string> keys = {"title", "type", "summary", "tags"};
  EXPECT_EQ(nearest("titel", keys), "title");
  EXPECT_EQ(nearest("sumary", keys), "summary");
  EXPECT_EQ(nearest("zzzzzzzz", keys), "");
}

TEST(Text, PercentDecodes) {
  EXPECT_EQ(percent_decode("%EA%B0%80%EA%B2%A9"), "가격");
  EXPECT_EQ(percent_decode("a%zz%4"), "a%zz%4");
}

}  // namespace pp

namespace pp {

TEST(Text, SlugsAreLowercaseWordsJoinedBySingleHyphens) {
  for (const char* yes : {"a", "chip-launch", "gpt-4o", "2026-w48", "x1-y2-z3"})
    EXPECT_TRUE(is_slug(yes)) << yes;
  for (const char* no : {"", "-a", "a-", "a--b", "Foo", "a b", "a_b", "café", "%2e%2e", "a/b", "."})
    EXPECT_FALSE(is_slug(no)) << no;
}

}  // namespace pp
