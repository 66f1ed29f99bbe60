// Heading ids (issue 15, finding 4): unique per page, the same ids as before,
// and linear work however many headings share a slug. No test here decides on
// time: the work is counted (UniqueIds::tries) or the run must end at all.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "content/heading_ids.h"
#include "content/markdown.h"

namespace pp {
namespace {

std::vector<std::string> ids_of(const std::string& body) {
  Article a;
  a.path = "content/news/x/index.en.md";
  a.body = body;
  a.doc = parse_markdown(a.body);
  EXPECT_TRUE(a.doc);
  walk_markdown(a);
  return a.heading_ids;
}

TEST(HeadingIds, AreTheSameAsBeforeForCollidingTexts) {
  // Worked out by hand with the earlier rule: the slug, else the slug with the
  // smallest suffix -1, -2, … not used yet on the page.
  EXPECT_EQ(ids_of("# h\n\n# h\n\n# h-1\n\n# h\n\n# h-1-1\n\n# h-1\n\n# h-2\n\n# H\n\n"
                   "#\n\n# section\n\n# section-1\n"),
            (std::vector<std::string>{"h", "h-1", "h-1-1", "h-2", "h-1-1-1", "h-1-2", "h-2-1",
                                      "h-3", "section", "section-1", "section-1-1"}));
  // A heading that takes a suffix before the counter reaches it is skipped.
  EXPECT_EQ(ids_of("## h\n## h-2\n## h\n## h\n## h\n"),
            (std::vector<std::string>{"h", "h-2", "h-1", "h-3", "h-4"}));
  EXPECT_EQ(ids_of("## A b\n## a-b\n## a b\n"),
            (std::vector<std::string>{"a-b", "a-b-1", "a-b-2"}));
}

TEST(HeadingIds, ManyIdenticalHeadingsTakeLinearWork) {
  UniqueIds ids;
  std::string last;
  for (int i = 0; i < 100'000; ++i) last = ids.assign("h");
  EXPECT_EQ(last, "h-99999");
  EXPECT_LE(ids.tries(), 200'000u);  // at most two tries per heading

  // Literal "h-1" … "h-50000" first: the suffixes they took are stepped over
  // once, not once per later "h".
  UniqueIds mixed;
  mixed.assign("h");
  for (int i = 1; i <= 50'000; ++i) mixed.assign("h-" + std::to_string(i));
  for (int i = 0; i < 50'000; ++i) last = mixed.assign("h");
  EXPECT_EQ(last, "h-100000");
  EXPECT_LE(mixed.tries(), 200'001u);
}

TEST(HeadingIds, AnArticleOfIdenticalHeadingsGetsThemAll) {
  // 100,000 identical headings (500 KB): quadratic before, minutes at least
  // (the ctest timeout is the only clock here).
  std::string body;
  for (int i = 0; i < 100'000; ++i) body += "## h\n";
  const auto ids = ids_of(body);
  ASSERT_EQ(ids.size(), 100'000u);
  EXPECT_EQ(ids.front(), "h");
  EXPECT_EQ(ids[1], "h-1");
  EXPECT_EQ(ids.back(), "h-99999");
}

}  // namespace
}  // namespace pp
