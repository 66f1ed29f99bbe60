// Atom feeds (docs/spec.md, "Feeds"): each entry carries the article's body,
// configurable; each feed its newest `feeds.entries` articles; an edited
// body reaches the feed in the next build as in a clean one.
#include <gtest/gtest.h>

#include "core/process.h"
#include "support/temp_site.h"

namespace pp {

namespace fs = std::filesystem;
using test::run_polypress;

namespace {

// The site's site.yaml with `block` added at its end.
void add_to_config(const fs::path& site, const std::string& block) {
  test::write_text(site, "pipeline/site.yaml",
                   test::read_text(site / "pipeline/site.yaml") + block);
}

std::size_t count_of(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace

// By default an entry carries the body as HTML, every link absolute, in a
// block with the article's language and direction (right to left in Arabic),
// besides its summary; the feed stays well-formed Atom (feedparser).
TEST(Feeds, EntriesCarryTheBodyWithItsLanguageAndAbsoluteLinks) {
  test::TempDir dir;
  test::make_minimal_site(dir.path());
  const fs::path review = dir.path() / "content/reviews/tool/index.en.md";
  test::write_text(dir.path(), "content/reviews/tool/index.en.md",
                   test::read_text(review) + "\nMostly.[^1]\n\n[^1]: A note.\n");
  const auto r = run_polypress({"-C", dir.path().string(), "build", "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string en = test::read_text(dir.path() / "public/en/feed.xml");
  EXPECT_NE(
      en.find("    <summary>A tool, reviewed.</summary>\n"
              "    <content type=\"html\">&lt;div lang=&quot;en&quot; dir=&quot;ltr&quot;&gt;\n"
              "&lt;p&gt;It works.&lt;/p&gt;\n"),
      std::string::npos)
      << en;
  // The internal link is the page's absolute URL, the fragment kept.
  EXPECT_NE(en.find("href=&quot;https://test.example/en/reviews/tool/#pricing&quot;"),
            std::string::npos)
      << en;
  // So are footnotes' fragments: into the page, not the feed.
  EXPECT_EQ(en.find("href=&quot;#"), std::string::npos) << en;
  EXPECT_NE(en.find("href=&quot;https://test.example/en/reviews/tool/#fn"), std::string::npos)
      << en;
  const std::string ar = test::read_text(dir.path() / "public/ar/feed.xml");
  EXPECT_NE(ar.find("&lt;div lang=&quot;ar&quot; dir=&quot;rtl&quot;&gt;"), std::string::npos)
      << ar;
  const auto parsed = run_process({"/usr/bin/python3", "-c",  // Debian's: python3-feedparser
                                   "import feedparser,sys\nf=feedparser.parse(sys.argv[1])\n"
                                   "print(f.bozo, len(f.entries), f.entries[0].content[0].type, "
                                   "'It works' in ''.join(e.content[0].value for e in f.entries))",
                                   (dir.path() / "public/en/feed.xml").string()});
  EXPECT_EQ(parsed.out, "False 2 text/html True\n") << parsed.err;
}

// feeds.content: summary keeps the summary alone; feeds.entries: N keeps the
// newest N, in every feed (the language's, each tag's).
TEST(Feeds, ContentAndEntriesAreConfigured) {
  test::TempDir dir;
  test::make_minimal_site(dir.path());
  add_to_config(dir.path(), "feeds:\n  content: summary\n  entries: 1\n");
  for (const char* md :
       {"content/news/chip-launch/index.en.md", "content/reviews/tool/index.en.md"}) {
    std::string text = test::read_text(dir.path() / md);
    text.insert(text.find("summary:"), "tags: [hardware]\n");
    test::write_text(dir.path(), md, text);
  }
  const auto r = run_polypress({"-C", dir.path().string(), "build", "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string en = test::read_text(dir.path() / "public/en/feed.xml");
  EXPECT_EQ(count_of(en, "<entry"), 1u) << en;
  EXPECT_EQ(en.find("<content"), std::string::npos) << en;
  // The newest: the chip (2026-11-20), not the tool (2026-11-18).
  EXPECT_NE(en.find("/en/news/chip-launch/"), std::string::npos) << en;
  const std::string tag = test::read_text(dir.path() / "public/en/tags/hardware/feed.xml");
  EXPECT_EQ(count_of(tag, "<entry"), 1u) << tag;
  const std::string tag_page = test::read_text(dir.path() / "public/en/tags/hardware/index.html");
  EXPECT_NE(tag_page.find("/en/reviews/tool/"), std::string::npos) << "the tag's page lists both";
  // A value it does not take is an error at its place.
  test::TempDir bad;
  test::make_minimal_site(bad.path());
  add_to_config(bad.path(), "feeds:\n  content: everything\n  entries: -1\n");
  const auto b = run_polypress({"-C", bad.path().string(), "validate"});
  EXPECT_EQ(b.exit_code, 2);
  EXPECT_NE(b.err.find("pipeline/site.yaml:19:12: error: 'content' must be 'full' or 'summary' "
                       "[config/value-type]"),
            std::string::npos)
      << b.err;
  EXPECT_NE(b.err.find("pipeline/site.yaml:20:12: error: 'entries' must be a whole number from 0 "
                       "to 10000 [config/range]"),
            std::string::npos)
      << b.err;
}

// An edited body is in the feeds of the next build, byte for byte as a clean
// build of the same sources writes them.
TEST(Feeds, AnEditedBodyReachesTheFeedAsInACleanBuild) {
  test::TempDir dir;
  test::make_minimal_site(dir.path());
  ASSERT_EQ(run_polypress({"-C", dir.path().string(), "build", "--quiet"}).exit_code, 0);
  const fs::path md = dir.path() / "content/reviews/tool/index.en.md";
  std::string text = test::read_text(md);
  text.replace(text.find("It works."), 9, "It works, mostly.");
  test::write_text(dir.path(), "content/reviews/tool/index.en.md", text);
  ASSERT_EQ(run_polypress({"-C", dir.path().string(), "build", "--quiet"}).exit_code, 0);
  const std::string feed = test::read_text(dir.path() / "public/en/feed.xml");
  EXPECT_NE(feed.find("&lt;p&gt;It works, mostly.&lt;/p&gt;"), std::string::npos) << feed;
  test::TempDir clean;
  for (const char* folder : {"content", "pipeline", "locales"})
    test::copy_tree(dir.path() / folder, clean.path() / folder);
  ASSERT_EQ(run_polypress({"-C", clean.path().string(), "build", "--quiet"}).exit_code, 0);
  for (const char* file : {"public/en/feed.xml", "public/ar/feed.xml"})
    EXPECT_EQ(test::read_text(dir.path() / file), test::read_text(clean.path() / file)) << file;
}

}  // namespace pp
