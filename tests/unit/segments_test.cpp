// The segments of an article offered to translators, and their ids across
// edits (content/segments.h).
#include "content/segments.h"

#include <gtest/gtest.h>

#include <map>

namespace pp {

namespace {

const char* kArticle =
    "---\n"
    "title: \"A title\"\n"
    "type: news\n"
    "date: 2026-01-05\n"
    "summary: \"A summary.\"\n"
    "verdict: \"A verdict.\"\n"
    "---\n"
    "First paragraph with **bold**, a [link](/reviews/x) and\n"
    "a second line; {{fig:users_total}} users.\n"
    "\n"
    "## Install *it*\n"
    "\n"
    "- one item\n"
    "- another\n"
    "\n"
    "> quoted words\n"
    "\n"
    "```\n"
    "code is not offered\n"
    "```\n"
    "\n"
    "https://only.example/a-url\n"
    "\n"
    "{{fig:users_total}}\n"
    "\n"
    "| Name | Value |\n"
    "|---|---|\n"
    "| speed | `42` |\n"
    "\n"
    "![A chart of speed](chart.png)\n"
    "\n"
    "Text with a note[^n].\n"
    "\n"
    "[^n]: The note itself.\n";

std::vector<Segment> segments_of(const std::string& text) {
  DiagnosticSink sink;
  auto a = parse_article("content/news/x/index.en.md", "en", text, sink);
  EXPECT_TRUE(a.has_value());
  return a ? article_segments(*a) : std::vector<Segment>{};
}

std::string summary(const std::vector<Segment>& segments) {
  std::string out;
  for (const auto& s : segments)
    out += (s.id.empty() ? std::string(segment_kind_name(s.kind)) : s.id) + " " +
           std::to_string(s.line) + " [" + s.note + "] " + s.text + "\n";
  return out;
}

}  // namespace

TEST(Segments, FieldsThenEveryTranslatableBlockInOrder) {
  auto segments = segments_of(kArticle);
  assign_segment_ids(segments, {});
  EXPECT_EQ(summary(segments),
            "title 2 [title] A title\n"
            "summary 5 [summary] A summary.\n"
            "verdict 6 [verdict] A verdict.\n"
            "paragraph-1 8 [] First paragraph with **bold**, a [link](/reviews/x) and a second "
            "line; {{fig:users_total}} users.\n"
            "heading-2 11 [heading, level 2] Install *it*\n"
            "item-3 13 [under \"Install it\"] one item\n"
            "item-4 14 [under \"Install it\"] another\n"
            "quote-5 16 [under \"Install it\"] quoted words\n"
            "cell-6 26 [under \"Install it\"] Name\n"
            "cell-7 26 [under \"Install it\"] Value\n"
            "cell-8 28 [under \"Install it\"] speed\n"
            "alt-9 30 [image chart.png, under \"Install it\"] A chart of speed\n"
            "paragraph-10 32 [under \"Install it\"] Text with a note[^n].\n"
            "footnote-11 34 [footnote [^n], under \"Install it\"] The note itself.\n");
}

TEST(Segments, IdsStayWithTheirBlocksAcrossEdits) {
  auto before = segments_of(kArticle);
  assign_segment_ids(before, {});
  std::string edited = kArticle;
  // One block edited in place, one inserted before it, one removed.
  edited.replace(edited.find("- another"), 9, "- another one");
  edited.replace(edited.find("- one item"), 10, "- zero item\n- one item");
  edited.replace(edited.find("> quoted words\n\n"), 16, "");
  auto after = segments_of(edited);
  assign_segment_ids(after, before);
  std::string ids;
  for (const auto& s : after) ids += s.id + " ";
  // "zero item" is new (12, after the highest id so far); "another one"
  // keeps item-4; quote-5 is gone.
  EXPECT_EQ(ids,
            "title summary verdict paragraph-1 heading-2 item-12 item-3 item-4 cell-6 cell-7 "
            "cell-8 alt-9 paragraph-10 footnote-11 ");
}

TEST(Segments, AnEmptyBodyGivesOnlyItsFields) {
  DiagnosticSink sink;
  auto a = parse_article("content/news/x/index.en.md", "en", kArticle, sink);
  ASSERT_TRUE(a.has_value());
  a->body.clear();
  auto segments = article_segments(*a);
  EXPECT_EQ(segments.size(), 3u);
}

}  // namespace pp

namespace pp {

// kArticle's body assembled with the translations `t` (segment id → text);
// the ids refused go to `refused`.
std::optional<AssembledBody> assemble_article(const std::map<std::string, std::string>& t,
                                              std::vector<std::string>& refused) {
  DiagnosticSink sink;
  auto a = parse_article("content/news/x/index.en.md", "en", kArticle, sink);
  if (!a) return std::nullopt;
  auto segments = article_segments(*a);
  assign_segment_ids(segments, {});
  return assemble_body(
      *a, segments,
      [&](const Segment& s) -> const std::string* {
        auto it = t.find(s.id);
        return it == t.end() ? nullptr : &it->second;
      },
      refused);
}

TEST(Segments, ABodyIsAssembledFromTranslatedBlocks) {
  std::vector<std::string> refused;
  const auto body = assemble_article({{"paragraph-1", "Erster **Absatz** {{fig:users_total}}."},
                                      {"heading-2", "Installieren"},
                                      {"item-4", "noch eins"},
                                      {"cell-8", "Tempo"},
                                      {"quote-5", "- a list"}},
                                     refused);
  ASSERT_TRUE(body.has_value());
  EXPECT_EQ(refused, std::vector<std::string>{"quote-5"});
  EXPECT_EQ(body->translated, 4);
  EXPECT_EQ(body->markdown,
            "Erster **Absatz** {{fig:users_total}}.\n\n## Installieren\n\n  - one item\n  - "
            "noch eins\n\n> quoted words\n\n    code is not offered\n\n"
            "<https://only.example/a-url>\n\n{{fig:users_total}}\n\n| Name | Value |\n| --- "
            "| --- |\n| Tempo | `42` |\n\n![A chart of speed](chart.png)\n\nText with a "
            "note[^n].\n\n[^n]:\n    The note itself.\n");
  // Which blocks kept the source's text, in order; the assembled body parses
  // back to the same blocks (the footnote too).
  EXPECT_EQ(body->kept, (std::vector<bool>{false, false, true, false, true, true, true, false, true,
                                           true, true}));
  DiagnosticSink sink;
  auto a = parse_article("content/news/x/index.en.md", "en", kArticle, sink);
  ASSERT_TRUE(a.has_value());
  Article back = *a;
  back.body = body->markdown;
  back.own.title.reset();
  back.own.summary.reset();
  back.own.verdict.reset();
  std::string kinds;
  for (const auto& s : article_segments(back))
    kinds += std::string(segment_kind_name(s.kind)) + " ";
  EXPECT_EQ(kinds, "paragraph heading item item quote cell cell cell alt paragraph footnote ");
}

}  // namespace pp

#include <cmark-gfm.h>

#include "content/markdown.h"

namespace pp {

TEST(Segments, KeptBlocksAreMarkedWithTheSourceLanguage) {
  const std::string md = "Eins\n\n## Zwei\n\n- kept item\n- drei\n\nKept paragraph.\n";
  auto doc = parse_markdown(md);
  ASSERT_TRUE(doc);
  mark_kept_segments(doc->root(), {false, false, true, false, true}, "en", "ltr");
  char* html = cmark_render_html_with_mem(doc->root(), CMARK_OPT_DEFAULT, nullptr,
                                          cmark_get_default_mem_allocator());
  EXPECT_EQ(std::string(html),
            "<p>Eins</p>\n<h2>Zwei</h2>\n<ul>\n<li><span lang=\"en\" dir=\"ltr\">kept "
            "item</span></li>\n<li>drei</li>\n</ul>\n<p><span lang=\"en\" dir=\"ltr\">Kept "
            "paragraph.</span></p>\n");
  free(html);
}

// Only a figure token on one line loses the renderer's backslashes: escapes
// anywhere else, between braces that are no token, or across lines (two
// entries), stay as written.
TEST(Segments, OnlyFigureTokensAreUnescaped) {
  EXPECT_EQ(unescape_tokens("\\*not emphasis\\* {{fig:a\\_b}} and {{ x \\* }}"),
            "\\*not emphasis\\* {{fig:a_b}} and {{ x \\* }}");
  EXPECT_EQ(unescape_tokens("ends {{\n\n\\# not a heading \\<b\\> }}"),
            "ends {{\n\n\\# not a heading \\<b\\> }}");
  EXPECT_EQ(unescape_tokens("{{ {{fig:x\\_1}}"), "{{ {{fig:x_1}}");
}

// A translated entry's escapes survive assembly, whatever another entry
// holds: "{{" in one and "}}" in the next are two entries' text.
TEST(Segments, AnEntrysEscapesSurviveAssembly) {
  std::vector<std::string> refused;
  const auto body =
      assemble_article({{"paragraph-1", "Mit {{ wörtlich \\*kein Akzent\\* und \\<b\\>"},
                        {"heading-2", "}} Installieren"}},
                       refused);
  ASSERT_TRUE(body.has_value());
  EXPECT_TRUE(refused.empty());
  EXPECT_EQ(body->markdown.substr(0, body->markdown.find("\n\n  - ")),
            "Mit {{ wörtlich \\*kein Akzent\\* und \\<b\\>\n\n## }} Installieren");
}

// Words as pocount counts them: runs between spaces with a letter or digit;
// each Han or kana character is one.
TEST(Segments, WordsAreCountedAsTranslationToolsCountThem) {
  EXPECT_EQ(count_words("It works, twice — 12 times."), 5u);
  EXPECT_EQ(count_words("| --- | *** |"), 0u);
  EXPECT_EQ(count_words("日本語のテスト"), 7u);
  EXPECT_EQ(count_words("한국어 문장입니다"), 2u);
  EXPECT_EQ(count_words("Tempo {{fig:users_total}}"), 2u);
}

// An article catalog that translates its headings and table cells but not
// its prose is far from half translated: the share is of words.
TEST(Segments, TheShareTranslatedIsOfWords) {
  std::vector<std::string> refused;
  const auto body = assemble_article({{"heading-2", "Installieren"}, {"cell-8", "Tempo"}}, refused);
  ASSERT_TRUE(body.has_value());
  EXPECT_EQ(body->translated, 2);
  EXPECT_GT(body->words, 20u);
  EXPECT_EQ(body->words_translated, 3u);  // "Install *it*", "Speed"
}

}  // namespace pp
