// Counting what gfm.6 would do before it runs (issue 15, finding 17): nesting
// and quadratic shapes are refused from the bytes alone, at a line, and
// ordinary Markdown is not.
#include <gtest/gtest.h>

#include <string>

#include "content/markdown_guard.h"
#include "content/markdown_work.h"

namespace pp {
namespace {

std::string repeat(const std::string& s, std::size_t n) {
  std::string out;
  for (std::size_t i = 0; i < n; ++i) out += s;
  return out;
}

const std::string kNested =
    "Markdown structures nested more than 100 levels deep (quotes, lists, emphasis or links)";

TEST(MarkdownWork, RefusesDeepNestingBeforeParsingAtItsLine) {
  for (const std::string& deep :
       {repeat(">", 101) + "a", repeat("> ", 60) + repeat("- ", 60) + "a", repeat(" -", 200) + "x",
        repeat("1. ", 101) + "a", repeat("*a **a ", 60) + "b" + repeat(" a** a*", 60),
        repeat("_", 300) + "." + repeat("_", 300)}) {
    const auto t = count_parse_work("Intro.\n\n" + deep + "\n");
    ASSERT_TRUE(t) << deep.substr(0, 40);
    EXPECT_EQ(t->body_line, 3);
    EXPECT_EQ(t->message, kNested);
  }
  // 100 levels are allowed.
  EXPECT_FALSE(count_parse_work(repeat(">", 100) + "a\n"));
  EXPECT_FALSE(count_parse_work(repeat("*a ", 50) + "b" + repeat(" a*", 50) + "\n"));
}

TEST(MarkdownWork, RefusesQuadraticShapesByTheirCount) {
  const std::string line =
      "the article would take too long to parse: many autolinks, '<?', ')' or '|' on one line "
      "(Debian's cmark-gfm gfm.6 parses this shape in quadratic time)";
  const std::string never =
      "the article would take too long to parse: emphasis, strikethrough or brackets that never "
      "close (Debian's cmark-gfm gfm.6 parses this shape in quadratic time)";
  const std::string table =
      "the article would take too long to parse: table delimiter rows that match no header "
      "(Debian's cmark-gfm gfm.6 parses this shape in quadratic time)";
  struct Case {
    std::string body, message;
  } cases[] = {
      {"-1" + repeat("<?x", 30'000), line}, {repeat("z_www.", 15'000), line},
      {"www." + repeat(")", 90'000), line}, {repeat("<http://s", 10'000), line},
      {repeat("|", 90'000), line},          {"~e" + repeat(",z~~", 22'000), never},
      {repeat("![[]()", 20'000), never},    {repeat("|-\nt|-\n", 3'000), table},
  };
  for (const auto& c : cases) {
    const auto t = count_parse_work(c.body + "\n");
    ASSERT_TRUE(t) << c.body.substr(0, 20);
    EXPECT_EQ(t->message, c.message) << c.body.substr(0, 20);
  }
  // The same shapes split over lines and paragraphs cost gfm.6 linear time.
  EXPECT_FALSE(count_parse_work(repeat("z_www.\n", 15'000)));
  EXPECT_FALSE(count_parse_work(repeat("<?x\n\n", 30'000)));
  EXPECT_FALSE(count_parse_work(repeat("~e ,z~~\n\n", 22'000)));
}

TEST(MarkdownWork, AcceptsOrdinaryAndLinearMarkdown) {
  std::string doc =
      "# Title\n\nSome *emphasis*, **strong**, ~~gone~~, `code * _`, "
      "[a link](https://example.com/a_(b)) and www.example.org.\n\n"
      "> quoted\n> - item\n>   - nested\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n"
      "```\nint *p = *q; a_b_c **kw\n```\n";
  EXPECT_FALSE(count_parse_work(repeat(doc, 2'000)));
  // Link destinations are not text the autolinker scans (m14-too-many-links).
  std::string links;
  for (int i = 0; i < 2'001; ++i)
    links += "[l" + std::to_string(i) + "](https://example.org/" + std::to_string(i) + ") ";
  EXPECT_FALSE(count_parse_work(links + "\n"));
  // Nor emphasis: underscores and tildes in a destination are no delimiters.
  std::string anchor;
  while (anchor.size() < 200'000) anchor += "a1-_.~";
  EXPECT_FALSE(count_parse_work("See [x](/reviews/tool#" + anchor + ").\n"));
  // The linear inputs of the upstream suite stay accepted at ~1 MB.
  for (const std::string& linear :
       {repeat("_a ", 300'000), repeat("[a", 400'000),
        repeat("[", 400'000) + "a" + repeat("]", 400'000), repeat("[a](<b", 150'000),
        "</" + repeat("<!--", 250'000), repeat("| x | y |\n", 50'000)})
    EXPECT_FALSE(count_parse_work(linear + "\n")) << linear.substr(0, 20);
}

}  // namespace
}  // namespace pp
