// Issue 15 findings 10, 11 and 15: untrusted text on its way to a terminal,
// a CI log, XML, HTML and mail headers.
#include <gtest/gtest.h>

#include "core/code_points.h"
#include "core/json_text.h"
#include "core/markup_text.h"
#include "core/visible_text.h"

namespace pp {

TEST(VisibleText, WritesOutEveryControlLineBreakAndBidiControl) {
  EXPECT_EQ(visible_text("a\nb\rc\td"), "a\\nb\\rc\\td");
  EXPECT_EQ(visible_text("\x1b]0;owned\x07"), "\\x1B]0;owned\\x07");
  EXPECT_EQ(visible_text(std::string("nul\0", 4)), "nul\\x00");
  EXPECT_EQ(visible_text("del\x7f"), "del\\x7F");
  // C1 controls (NEL, CSI), line and paragraph separators, bidi controls.
  EXPECT_EQ(visible_text("\xC2\x85\xC2\x9B"), "U+0085U+009B");
  EXPECT_EQ(visible_text("\xE2\x80\xA8\xE2\x80\xA9"), "U+2028U+2029");
  EXPECT_EQ(visible_text("a\xE2\x80\xAE"
                         "cba\xE2\x81\xA6\xE2\x80\x8F\xD8\x9C"),
            "aU+202EcbaU+2066U+200FU+061C");
  // Bytes that are not UTF-8, one by one.
  EXPECT_EQ(visible_text("\xFF\xC3(\xED\xA0\x80"), "\\xFF\\xC3(\\xED\\xA0\\x80");
  // Everything else is kept.
  EXPECT_EQ(visible_text("한국어 café — 🙂 \\n"), "한국어 café — 🙂 \\n");
}

TEST(VisibleText, LinesKeepOnlyLineFeeds) {
  EXPECT_EQ(visible_lines("a\tb\nc\rd\x1b[2J\n"), "a\\tb\nc\\rd\\x1B[2J\n");
}

TEST(VisibleText, JsonEscapesWhatTheJsonWriterLeaves) {
  const nlohmann::json j = {{"m",
                             "\x1b\x7f\xC2\x85\xE2\x80\xA8\xE2\x80\xAE"
                             "é\n"}};
  EXPECT_EQ(json_text(j), R"({"m":"\u001b\u007f\u0085\u2028\u202eé\n"})");
  EXPECT_EQ(nlohmann::json::parse(json_text(j)), j);
}

TEST(MarkupText, DropsWhatXmlAndHtmlRefuse) {
  EXPECT_EQ(drop_refused_in_markup("a\x01"
                                   "b\x0b\x0c\x7f"
                                   "c\xC2\x80\xC2\x9F"
                                   "d"),
            "abcd");
  EXPECT_EQ(drop_refused_in_markup("x\xEF\xBF\xBE\xEF\xBF\xBFy\xEF\xB7\x90z\xF0\x9F\xBF\xBE"
                                   "\xF4\x8F\xBF\xBF."),
            "xyz.");
  EXPECT_EQ(drop_refused_in_markup("keep\t\n\r\xEF\xB7\xB0\xEF\xBF\xBD"),
            "keep\t\n\r\xEF\xB7\xB0\xEF\xBF\xBD");  // U+FDF0 and U+FFFD are characters
  EXPECT_EQ(drop_refused_in_markup("bad\xFF"), "bad\xEF\xBF\xBD");
}

TEST(MarkupText, ClosesBidiControlsWithinTheValue) {
  const std::string rlo = "\xE2\x80\xAE", lre = "\xE2\x80\xAA", pdf = "\xE2\x80\xAC";
  const std::string rli = "\xE2\x81\xA7", fsi = "\xE2\x81\xA8", pdi = "\xE2\x81\xA9";
  EXPECT_EQ(close_bidi_controls("plain"), "plain");
  EXPECT_EQ(close_bidi_controls("a" + rlo + "b"), "a" + rlo + "b" + pdf);
  EXPECT_EQ(close_bidi_controls(rli + "x" + lre + "y"), rli + "x" + lre + "y" + pdf + pdi);
  // A terminator with nothing to close is dropped; a PDF cannot close an
  // embedding outside its isolate; a PDI closes the embeddings inside it.
  EXPECT_EQ(close_bidi_controls(pdf + pdi + "x"), "x");
  EXPECT_EQ(close_bidi_controls(lre + fsi + pdf + "x"), lre + fsi + "x" + pdi + pdf);
  EXPECT_EQ(close_bidi_controls(fsi + rlo + "x" + pdi + "y"), fsi + rlo + "x" + pdi + "y");
  EXPECT_EQ(markup_value("\x01" + rlo + "\xEF\xBF\xBE"), rlo + pdf);
}

// A body's form feed reaches pages and emails as the space it stands for, not
// glued words (drop_refused_in_markup would drop it).
TEST(MarkupText, FormFeedsBecomeSpaces) {
  EXPECT_EQ(form_feeds_as_spaces("Page\ftwo\f\f."), "Page two  .");
  EXPECT_EQ(form_feeds_as_spaces("a\vb\tc"), "a\vb\tc");
}

TEST(CodePoints, Classes) {
  EXPECT_TRUE(is_noncharacter(0xFFFE));
  EXPECT_TRUE(is_noncharacter(0x10FFFF));
  EXPECT_TRUE(is_noncharacter(0xFDEF));
  EXPECT_FALSE(is_noncharacter(0xFFFD));
  EXPECT_TRUE(is_refused_in_markup(0x0C));
  EXPECT_FALSE(is_refused_in_markup('\t'));
  EXPECT_EQ(code_point_name(0x1FFFE), "U+1FFFE");
  EXPECT_EQ(encode_utf8(0x1F642), "\xF0\x9F\x99\x82");
}

}  // namespace pp
