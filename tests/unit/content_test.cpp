#include <gtest/gtest.h>

#include "content/content.h"
#include "support/temp_site.h"

namespace pp {

namespace {

std::string errors_of(const std::string& bytes) {
  DiagnosticSink sink;
  parse_article("a.md", "en", bytes, sink);
  return format_diagnostics(sink.sorted(), OutputFormat::text);
}

}  // namespace

TEST(Content, ParsesTypedFrontMatterWithPositions) {
  DiagnosticSink sink;
  auto a =
      parse_article("a.md", "en",
                    "---\ntitle: \"T\"\ntype: review\ndate: 2026-11-29\nrating: 4.5\n"
                    "figures:\n  share: {value: 0.5, format: percent}\n---\nBody {{fig:share}}.\n",
                    sink);
  ASSERT_TRUE(a);
  EXPECT_TRUE(sink.empty()) << format_diagnostics(sink.sorted(), OutputFormat::text);
  EXPECT_EQ(a->own.title->value, "T");
  EXPECT_EQ(a->own.date->where.line, 4);
  EXPECT_EQ(a->own.date->where.column, 7);
  EXPECT_EQ(a->own.rating->value, 4.5);
  EXPECT_EQ(a->body_first_line, 9);
  ASSERT_EQ(a->figure_refs.size(), 1u);
  EXPECT_EQ(a->figure_refs[0].value, "share");
  EXPECT_EQ(a->figure_refs[0].where.line, 9);
  EXPECT_EQ(a->figure_refs[0].where.column, 6);
}

TEST(Content, PositionsAreRightWithBomAndCrlf) {
  const std::string lf = "---\ntitle: \"T\"\ndate: 2026-02-30\n---\nx\n";
  std::string crlf;
  for (char c : lf) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  const std::string expected =
      "a.md:3:7: error: 'date' is not a date: \"2026-02-30\" (use YYYY-MM-DD or an RFC 3339 "
      "date-time with offset) [front-matter/date]\n";
  EXPECT_EQ(errors_of(lf), expected);
  EXPECT_EQ(errors_of(crlf), expected);
  EXPECT_EQ(errors_of("\xEF\xBB\xBF" + crlf), expected);
}

TEST(Content, BrokenFilesAreLocatedErrors) {
  EXPECT_EQ(errors_of("---\ntitle: x\n"),
            "a.md:1:1: error: unterminated front matter: no closing '---' line "
            "[front-matter/unterminated]\n");
  EXPECT_EQ(errors_of("no front matter\n"),
            "a.md:1:1: error: the file must start with a '---' line that opens the front matter "
            "[front-matter/missing]\n");
  EXPECT_EQ(errors_of("---\ntitle: \"a\xFF\"\n---\n"),
            "a.md:2:10: error: invalid UTF-8 (byte 0xFF) [front-matter/encoding]\n");
  EXPECT_EQ(errors_of(std::string("---\ntitle: a\0b\n---\n", 19)),
            "a.md:2:9: error: control character U+0000 is not allowed [front-matter/encoding]\n");
  EXPECT_EQ(errors_of("---\ntitle: [a\n---\n"),
            "a.md:3:1: error: invalid YAML: end of sequence flow not found [front-matter/yaml]\n");
}

TEST(Content, RefusesWhatYamlCppWouldAccept) {
  EXPECT_EQ(
      errors_of("---\ntitle: x\ntitle: y\n---\n"),
      "a.md:3:1: error: duplicate key 'title' (first at line 2) [front-matter/duplicate-key]\n");
  EXPECT_EQ(errors_of("---\ndraft: yes\n---\n"),
            "a.md:2:8: error: 'draft' must be true or false, not \"yes\" [front-matter/bool]\n");
  EXPECT_EQ(
      errors_of("---\ntitle: &a x\nsummary: *a\n---\n"),
      "a.md:2:8: error: YAML anchors are not allowed in front matter [front-matter/anchor]\n");
  EXPECT_EQ(errors_of("---\nsources:\n\t- x\n---\n"),
            "a.md:3:1: error: tab character in indentation; use spaces [front-matter/tab]\n");
  EXPECT_EQ(errors_of("---\ntitel: x\n---\n"),
            "a.md:2:1: error: unknown key 'titel' in front matter; did you mean 'title'? "
            "[front-matter/unknown-key]\n");
  EXPECT_EQ(errors_of("---\ntags: " + std::string(40, '[') + "\n---\n"),
            "a.md:2:39: error: nesting deeper than 32 levels [front-matter/too-deep]\n");
}

// Issue 15 finding 11: characters XML 1.0 or HTML refuse are located errors,
// written as they are (at the character) or as YAML escapes (at the escape).
TEST(Content, CharactersXmlRefusesAreLocatedErrors) {
  EXPECT_EQ(errors_of("---\ntitle: ab\xEF\xBF\xBE\n---\n"),
            "a.md:2:10: error: noncharacter U+FFFE is not allowed: XML and HTML refuse it "
            "[front-matter/encoding]\n");
  EXPECT_EQ(errors_of("---\ntitle: x\n---\nbody \xF4\x8F\xBF\xBF\n"),
            "a.md:4:6: error: noncharacter U+10FFFF is not allowed: XML and HTML refuse it "
            "[front-matter/encoding]\n");
  EXPECT_EQ(errors_of("---\ntitle: x\xEF\xB7\x90\n---\n"),
            "a.md:2:9: error: noncharacter U+FDD0 is not allowed: XML and HTML refuse it "
            "[front-matter/encoding]\n");
  EXPECT_EQ(errors_of("---\ntitle: x\xC2\x85y\n---\n"),
            "a.md:2:9: error: control character U+0085 is not allowed [front-matter/encoding]\n");
  EXPECT_EQ(errors_of("---\ntitle: \"ab\\uFFFE\"\n---\n"),
            "a.md:2:11: error: noncharacter U+FFFE (written as an escape) is not allowed: XML "
            "and HTML refuse it [front-matter/encoding]\n");
  EXPECT_EQ(errors_of("---\ntitle: x\nauthors: [\"Ana\", \"B\\U0010FFFF\"]\n---\n"),
            "a.md:3:20: error: noncharacter U+10FFFF (written as an escape) is not allowed: XML "
            "and HTML refuse it [front-matter/encoding]\n");
  EXPECT_EQ(errors_of("---\ntitle: x\nsources:\n  - {title: \"a\\x01\", url: u, publisher: p}\n"
                      "---\n"),
            "a.md:4:15: error: control character U+0001 (written as an escape) is not allowed "
            "[front-matter/encoding]\n");
  EXPECT_EQ(errors_of("---\ntitle: \"\\N\"\n---\n"),
            "a.md:2:9: error: control character U+0085 (written as an escape) is not allowed "
            "[front-matter/encoding]\n");
  EXPECT_EQ(errors_of("---\ntitle: \"\\uD800\"\n---\n"),
            "a.md:2:9: error: surrogate U+D800 (written as an escape) is not allowed: it is not "
            "a character [front-matter/encoding]\n");
  // Escaped backslashes and quotes are text; so are escapes in single quotes.
  EXPECT_EQ(errors_of("---\ntitle: \"a\\\\uFFFE \\\" \\t \\u00e9\"\nsummary: 'b\\x01'\n---\n"), "");
}

// A form feed is CommonMark whitespace: a body may hold it (kept for
// cmark-gfm, docs/spec.md §4); front matter keeps refusing it, and a vertical
// tab, NUL or other control character stays an error in a body too.
TEST(Content, AFormFeedIsAcceptedInABodyOnly) {
  const std::string head = "---\ntitle: x\n---\n";
  EXPECT_EQ(errors_of(head + "Page one.\n\f\nPage\ftwo.\n\f# not a heading\n"), "");
  DiagnosticSink sink;
  const auto a = parse_article("a.md", "en", head + "a\fb\r\n", sink);
  ASSERT_TRUE(a);
  EXPECT_EQ(a->body, "a\fb\n");
  const std::string ff_error =
      "error: control character U+000C is not allowed [front-matter/encoding]\n";
  EXPECT_EQ(errors_of("---\ntitle: a\fb\n---\nBody \f.\n"), "a.md:2:9: " + ff_error);
  EXPECT_EQ(errors_of("---\ntitle: x\n---\f\n---\nBody.\n"), "a.md:3:4: " + ff_error);
  EXPECT_EQ(errors_of("\f---\ntitle: x\n---\n"), "a.md:1:1: " + ff_error);
  EXPECT_EQ(errors_of("---\ntitle: x\nBody \f.\n"), "a.md:3:6: " + ff_error);
  EXPECT_EQ(errors_of(head + "a\vb\n"),
            "a.md:4:2: error: control character U+000B is not allowed [front-matter/encoding]\n");
  EXPECT_EQ(errors_of(head + "a\x01"
                             "b\n"),
            "a.md:4:2: error: control character U+0001 is not allowed [front-matter/encoding]\n");
  EXPECT_EQ(errors_of(head + std::string("a\0b\n", 4)),
            "a.md:4:2: error: control character U+0000 is not allowed [front-matter/encoding]\n");
}

// Issue 15 finding 15: a bidi override, or a bidi control left open or closing
// nothing, would reorder the text shown after the value.
TEST(Content, BidiControlsThatLeakPastTheValueAreRefused) {
  EXPECT_EQ(errors_of("---\ntitle: \"gnp.\\u202Eexe\"\n---\n"),
            "a.md:2:13: error: bidi override U+202E (written as an escape) is not allowed: it "
            "reverses the text around it (an isolate, U+2066 to U+2069, sets a direction "
            "safely) [front-matter/bidi]\n");
  EXPECT_EQ(errors_of("---\ntitle: a\xE2\x80\xAD"
                      "b\n---\n"),
            "a.md:2:8: error: bidi override U+202D is not allowed: it reverses the text around "
            "it (an isolate, U+2066 to U+2069, sets a direction safely) [front-matter/bidi]\n");
  EXPECT_EQ(errors_of("---\ntitle: x\nauthors: [\"\xE2\x81\xA7"
                      "Ana\"]\n---\n"),
            "a.md:3:11: error: bidi control left open: close it with U+2069 within the value "
            "[front-matter/bidi]\n");
  EXPECT_EQ(errors_of("---\ntitle: \"a\xE2\x80\xAC\"\n---\n"),
            "a.md:2:8: error: bidi control U+202C closes nothing open before it "
            "[front-matter/bidi]\n");
  EXPECT_EQ(errors_of("---\ntitle: \"\xE2\x80\xAB\xE2\x81\xA6x\xE2\x80\xAC\xE2\x81\xA9\"\n---\n"),
            "a.md:2:8: error: bidi control U+202C closes out of order: U+2069 must come first "
            "[front-matter/bidi]\n");
  // Balanced isolates and embeddings, and marks, are fine.
  EXPECT_EQ(errors_of("---\ntitle: \"\xE2\x81\xA7\xD8\xB9\xE2\x81\xA9 \xE2\x80\xAB"
                      "x\xE2\x80\xAC \xE2\x80\x8F\"\n---\n"),
            "");
}

TEST(Content, HeadingIdsAreGithubStyleAndUnique) {
  EXPECT_EQ(heading_slug("Pricing & Plans!"), "pricing--plans");
  EXPECT_EQ(heading_slug("가격"), "가격");
  EXPECT_EQ(heading_slug("Über uns"), "über-uns");
  EXPECT_EQ(heading_slug("الأسعار"), "الأسعار");
  DiagnosticSink sink;
  auto a =
      parse_article("a.md", "en", "---\ntitle: x\n---\n# Intro\n## Intro\n## `code` here\n", sink);
  ASSERT_TRUE(a);
  EXPECT_EQ(a->heading_ids, (std::vector<std::string>{"intro", "intro-1", "code-here"}));
}

TEST(Content, LinksCarryTheirMarkdownPosition) {
  DiagnosticSink sink;
  auto a = parse_article("a.md", "ko", "---\ntitle: x\n---\n\n한국어 [링크](/reviews/x#가격) 끝\n",
                         sink);
  ASSERT_TRUE(a);
  ASSERT_EQ(a->links.size(), 1u);
  EXPECT_EQ(a->links[0].url, "/reviews/x#가격");
  EXPECT_EQ(a->links[0].where.line, 5);
  EXPECT_EQ(a->links[0].where.column, 5);
}

TEST(Content, LoadsTheSampleCorpus) {
  DiagnosticSink sink;
  const auto config = load_site_config(test::source_dir(), sink);
  ASSERT_TRUE(config);
  const Corpus corpus = load_corpus(test::source_dir(), *config, sink);
  EXPECT_FALSE(sink.has_errors()) << format_diagnostics(sink.sorted(), OutputFormat::text);
  EXPECT_GE(corpus.bundles.size(), 10u);
  const Bundle* mcp = corpus.find("news/mcp-registry-opens");
  ASSERT_TRUE(mcp);
  EXPECT_EQ(mcp->source_lang, "ko");
  // Translations inherit shared keys from the source.
  EXPECT_EQ(mcp->articles.at("en").meta.date->value.text, mcp->source()->own.date->value.text);
  EXPECT_FALSE(mcp->articles.at("en").own.date);
}

// Bundles are sorted and found by id() without making it: the order is
// id()'s, also where one section's name begins another's ("news" and
// "news-x": '-' sorts before '/').
TEST(Content, BundlesCompareAsTheirIds) {
  std::vector<Bundle> all;
  for (const char* section : {"a", "news", "news-x", "news2", "newsa", "n", "reviews"})
    for (const char* slug : {"a", "b-1", "x", "zz"}) {
      Bundle b;
      b.section = section;
      b.slug = slug;
      all.push_back(b);
    }
  for (const auto& a : all)
    for (const auto& b : all) {
      EXPECT_EQ(bundle_id_less(a, b), a.id() < b.id()) << a.id() << " " << b.id();
      const int c = a.compare_id(b.id());
      EXPECT_EQ(c < 0, a.id() < b.id()) << a.id() << " " << b.id();
      EXPECT_EQ(c == 0, a.id() == b.id()) << a.id() << " " << b.id();
    }
  for (const char* id : {"", "n", "new", "news", "news/", "news/a/", "news-x/zz", "o/a", "news0"})
    for (const auto& a : all) {
      const int c = a.compare_id(id);
      EXPECT_EQ(c < 0, a.id() < id) << a.id() << " " << id;
      EXPECT_EQ(c == 0, a.id() == id) << a.id() << " " << id;
    }
}

}  // namespace pp
