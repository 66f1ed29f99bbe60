// Segment ids kept by what blocks say (assign_segment_ids()) and the
// similarity that pairs an edited block with the one it was.
#include <gtest/gtest.h>

#include "content/segments.h"

namespace pp {

namespace {

Segment paragraph(const std::string& id, const std::string& text) {
  return {SegmentKind::paragraph, id, text, 0, ""};
}

std::string ids(const std::vector<Segment>& segments) {
  std::string out;
  for (const auto& s : segments) out += s.id + " ";
  return out;
}

const char* kA = "Small models run well on laptops with eight gigabytes of memory.";
const char* kB = "Prices fell again this week for spot instances in every region.";
const char* kC = "The review closes with a verdict on which runtime to install first.";

}  // namespace

TEST(SegmentIds, UnchangedBlocksKeepTheirIdsWhereverTheyMove) {
  const std::vector<Segment> before = {paragraph("paragraph-1", kA), paragraph("paragraph-2", kB),
                                       paragraph("paragraph-3", kC)};
  std::vector<Segment> after = {paragraph("", kC), paragraph("", kA), paragraph("", kB)};
  EXPECT_EQ(assign_segment_ids(after, before), 4);
  EXPECT_EQ(ids(after), "paragraph-3 paragraph-1 paragraph-2 ");
}

TEST(SegmentIds, AnEditedBlockKeepsItsIdAndARewrittenOneDoesNot) {
  const std::vector<Segment> before = {paragraph("paragraph-1", kA), paragraph("paragraph-2", kB)};
  std::vector<Segment> after = {
      // One word changed, and the blocks swapped.
      paragraph("", "Prices fell again this month for spot instances in every region."),
      paragraph("", "Nothing here is like what was written before, not a word of it.")};
  assign_segment_ids(after, before);
  EXPECT_EQ(ids(after), "paragraph-2 paragraph-3 ");
}

TEST(SegmentIds, ASplitKeepsTheIdOnThePartMostLikeIt) {
  const std::string whole = std::string(kA) + " " + kB + " " + kC;
  const std::vector<Segment> before = {paragraph("paragraph-1", whole)};
  std::vector<Segment> after = {paragraph("", kA), paragraph("", std::string(kB) + " " + kC)};
  assign_segment_ids(after, before);
  EXPECT_EQ(ids(after), "paragraph-2 paragraph-1 ");
}

TEST(SegmentIds, OneOldIdGoesToOneNewBlock) {
  const std::vector<Segment> before = {paragraph("paragraph-1", kA)};
  std::vector<Segment> after = {paragraph("", kA), paragraph("", kA),
                                paragraph("", std::string(kA) + " Really.")};
  assign_segment_ids(after, before);
  EXPECT_EQ(ids(after), "paragraph-1 paragraph-2 paragraph-3 ");
}

TEST(SegmentIds, OnlyBlocksOfTheSameKindArePaired) {
  const std::vector<Segment> before = {paragraph("paragraph-1", kA)};
  std::vector<Segment> after = {{SegmentKind::quote, "", kA, 0, ""}};
  assign_segment_ids(after, before);
  EXPECT_EQ(ids(after), "quote-2 ");
}

TEST(SegmentIds, NewNumbersNeverReuseOnesATemplateHasGivenOut) {
  // paragraph-7 vanished once; the template recorded 9 as the next number.
  const std::vector<Segment> before = {paragraph("paragraph-1", kA)};
  std::vector<Segment> after = {paragraph("", kA), paragraph("", kB)};
  EXPECT_EQ(assign_segment_ids(after, before, 9), 10);
  EXPECT_EQ(ids(after), "paragraph-1 paragraph-9 ");
  // A template edited by hand that repeats an id gives it once.
  const std::vector<Segment> twice = {paragraph("paragraph-1", kA), paragraph("paragraph-1", kB)};
  after = {paragraph("", kA), paragraph("", kB)};
  assign_segment_ids(after, twice);
  EXPECT_EQ(ids(after), "paragraph-1 paragraph-2 ");
}

TEST(TextSimilarity, ComparesWordsNotLetters) {
  EXPECT_EQ(text_similarity(kA, kA), 1.0);
  EXPECT_EQ(text_similarity("", ""), 1.0);
  EXPECT_EQ(text_similarity(kA, ""), 0.0);
  // Two unrelated sentences share letters, not words.
  EXPECT_LT(text_similarity(kA, kB), 0.2);
  EXPECT_DOUBLE_EQ(text_similarity("one two three", "one two four"), 2.0 * 2 / 6);
  // Words only: markup, punctuation and addresses say nothing of the text;
  // Han and kana characters each are one.
  EXPECT_EQ(comparable_words("Hi, **you** [there](https://a.example/x_y) <https://b.example> "
                             "https://c.example/z."),
            (std::vector<std::string>{"Hi", "you", "there"}));
  EXPECT_EQ(comparable_words("日本語のテスト abc"),
            (std::vector<std::string>{"日", "本", "語", "の", "テ", "ス", "ト", "abc"}));
  // Two changelog lines alike in their links and markup only are not the
  // same block (found by an audit on Node.js's changelog).
  EXPECT_LT(text_similarity("**test**: avoid left behind child processes (Richard Lau) "
                            "[#46276](https://github.com/nodejs/node/pull/46276)",
                            "**deps**: upgrade npm to 6.14.17 (Ruy Adorno) "
                            "[#42900](https://github.com/nodejs/node/pull/42900)"),
            kSimilarBlock);
  EXPECT_GT(text_similarity("モデルは速い。", "モデルは遅い。"), kSimilarBlock);
}

}  // namespace pp
