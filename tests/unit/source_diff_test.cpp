// Paragraph and front-matter-key diffs of a source article.
#include <gtest/gtest.h>

#include "l10n/l10n.h"

namespace pp {
namespace {

using Lines = std::vector<std::string>;

TEST(SourceDiff, UnchangedTextHasNoChangesWhateverItsLineEnds) {
  const std::string text = "---\ntitle: \"A\"\n---\n\nOne.\n\nTwo.\n";
  EXPECT_TRUE(diff_source(text, text).empty());
  EXPECT_TRUE(diff_source(text, "---\r\ntitle: \"A\"\r\n---\r\n\r\nOne.\r\n\r\nTwo.\r\n").empty());
  EXPECT_TRUE(diff_source(text, "---\ntitle: \"A\"\n---\n\n\n\nOne.\n\n\nTwo.").empty());
}

TEST(SourceDiff, KeysPairByNameAndParagraphsByPosition) {
  const std::string old_text =
      "---\ntitle: \"A\"\nfigures:\n  x: {value: 1, format: integer}\nchecked: 2026-01-01\n---\n"
      "\nOne.\n\nTwo,\nwrapped.\n\nThree.\n";
  const std::string new_text =
      "---\ntitle: \"A\"\nfigures:\n  x: {value: 2, format: integer}\n---\n"
      "\nOne.\n\nTwo, edited.\n\nThree.\n\nFour.\n";
  const auto changes = diff_source(old_text, new_text);
  ASSERT_EQ(changes.size(), 4u);
  EXPECT_EQ(changes[0].kind, SourceChange::changed);
  EXPECT_EQ(changes[0].key, "figures");
  EXPECT_EQ(changes[0].line, 3);
  EXPECT_EQ(changes[0].new_lines, (Lines{"figures:", "  x: {value: 2, format: integer}"}));
  EXPECT_EQ(changes[1].kind, SourceChange::removed);
  EXPECT_EQ(changes[1].key, "checked");
  EXPECT_EQ(changes[1].old_line, 5);
  EXPECT_EQ(changes[1].line, 0);
  EXPECT_EQ(changes[2].kind, SourceChange::changed);
  EXPECT_EQ(changes[2].key, "");
  EXPECT_EQ(changes[2].old_lines, (Lines{"Two,", "wrapped."}));
  EXPECT_EQ(changes[2].new_lines, (Lines{"Two, edited."}));
  EXPECT_EQ(changes[2].line, 9);
  EXPECT_EQ(changes[3].kind, SourceChange::added);
  EXPECT_EQ(changes[3].new_lines, (Lines{"Four."}));
  EXPECT_EQ(changes[3].line, 13);
}

TEST(SourceDiff, AMovedParagraphIsRemovedAndAdded) {
  const auto changes = diff_source("A.\n\nB.\n\nC.\n", "B.\n\nC.\n\nA.\n");
  ASSERT_EQ(changes.size(), 2u);
  EXPECT_EQ(changes[0].kind, SourceChange::removed);
  EXPECT_EQ(changes[0].old_lines, (Lines{"A."}));
  EXPECT_EQ(changes[1].kind, SourceChange::added);
  EXPECT_EQ(changes[1].line, 5);
}

}  // namespace
}  // namespace pp
