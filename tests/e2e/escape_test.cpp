// Issue 15 findings 10, 11 and 15 end to end: input echoed in findings never
// reaches a terminal or a CI log raw; feeds, the sitemap and pages are valid
// XML 1.0 / HTML whatever the catalogs hold; bidi controls stay in their value.
#include <gtest/gtest.h>

#include <sstream>

#include "core/process.h"
#include "support/temp_site.h"

namespace pp {

namespace fs = std::filesystem;
using test::run_polypress;

namespace {

// Bytes that act on a terminal or a log when printed raw.
const std::vector<std::string> kRaw = {"\x1b",         "\x07",         "\r",
                                       "\xC2\x85",     "\xC2\x9B",     "\xE2\x80\xA8",
                                       "\xE2\x80\xA9", "\xE2\x80\xAE", "\xE2\x81\xA6"};

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// A minimal site whose article links to percent-encoded controls, with a
// bundle file whose name holds an escape sequence and a line feed.
void make_hostile_site(const fs::path& root) {
  test::make_minimal_site(root);
  const fs::path article = root / "content/news/chip-launch/index.en.md";
  test::write_text(root, "content/news/chip-launch/index.en.md",
                   test::read_text(article) +
                       "\n[a](%0A::error%20file=README.md,line=1::Forged) "
                       "[b](%1B]0;owned%07) [c](%0D%0A::warning::x%E2%80%A9)\n"
                       "[d](/reviews/tool#%C2%85%E2%80%A8%E2%80%AE) "
                       "[e](%E2%81%A6x%C2%9B31m.png)\n");
  test::write_text(root, "content/news/chip-launch/x\x1b[31m\n::error::y.png", "png");
}

}  // namespace

TEST(Escape, FindingsNeverEchoInputRawInAnyFormat) {
  test::TempDir dir;
  make_hostile_site(dir.path());
  const std::string root = dir.path().string();
  const auto text = run_polypress({"-C", root, "validate"});
  ASSERT_EQ(text.exit_code, 1) << text.err;
  // The findings do quote the targets, written out.
  EXPECT_NE(text.err.find("\\n::error file=README.md,line=1::Forged"), std::string::npos)
      << text.err;
  EXPECT_NE(text.err.find("\\x1B]0;owned\\x07"), std::string::npos) << text.err;
  for (const auto& line : lines_of(text.err)) EXPECT_EQ(line.rfind("content/", 0), 0u) << line;
  for (const char* format : {"github", "json", "sarif"}) {
    const auto r = run_polypress({"-C", root, "validate", "--format", format});
    EXPECT_EQ(r.exit_code, 1) << format;
    for (const auto& raw : kRaw) {
      EXPECT_EQ(r.out.find(raw), std::string::npos) << format << ": " << r.out;
      EXPECT_EQ(r.err.find(raw), std::string::npos) << format << ": " << r.err;
    }
  }
  for (const auto& raw : kRaw) EXPECT_EQ(text.err.find(raw), std::string::npos) << text.err;
  // Every line of the github format is one of our annotations.
  const auto github = run_polypress({"-C", root, "validate", "--format", "github"});
  const auto annotations = lines_of(github.out);
  EXPECT_EQ(annotations.size(), lines_of(text.err).size());
  for (const auto& line : annotations)
    EXPECT_TRUE(line.rfind("::error file=content/", 0) == 0 ||
                line.rfind("::warning file=content/", 0) == 0)
        << line;
}

TEST(Escape, FeedsSitemapAndPagesAreValidWhateverTheCatalogHolds) {
  test::TempDir dir;
  test::make_minimal_site(dir.path());
  // U+0001 (raw), U+FFFE, U+FFFF and U+FDD0 in translations shown in the feed
  // and on every page. (A right-to-left override left open is an i18n/bidi
  // error: tests/e2e/invalid/i18n-bidi-control.)
  test::write_text(dir.path(), "locales/en.po",
                   "msgid \"\"\n"
                   "msgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n"
                   "\"Plural-Forms: nplurals=2; plural=(n != 1);\\n\"\n\n"
                   "msgid \"Latest articles\"\n"
                   "msgstr \"Latest\x01 \xEF\xBF\xBE articles\xEF\xBF\xBF\"\n\n"
                   "msgid \"News\"\n"
                   "msgstr \"swen\xEF\xB7\x90\"\n");
  const std::string root = dir.path().string();
  const auto r = run_polypress({"-C", root, "build", "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("locales/en.po:6:1: warning: the translation of \"Latest articles\" holds "
                       "U+0001, which XML and HTML refuse; pages, feeds and emails leave it out "
                       "[i18n/character]"),
            std::string::npos)
      << r.err;
  const fs::path out = dir.path() / "public";
  for (const char* xml : {"en/feed.xml", "ar/feed.xml", "sitemap.xml"}) {
    ASSERT_TRUE(fs::exists(out / xml)) << xml;
    const ProcessResult lint = run_process({"xmllint", "--noout", (out / xml).string()});
    EXPECT_EQ(lint.exit_code, 0) << xml << ": " << lint.err;
  }
  EXPECT_NE(test::read_text(out / "en/feed.xml").find("<subtitle>Latest  articles</subtitle>"),
            std::string::npos);
  for (const auto& [path, bytes] : test::read_tree(out)) {
    if (path.ends_with(".png")) continue;  // the theme's share card: a picture, not text
    for (const char* refused : {"\x01", "\xEF\xBF\xBE", "\xEF\xBF\xBF", "\xEF\xB7\x90"})
      EXPECT_EQ(bytes.find(refused), std::string::npos) << path;
  }
  EXPECT_NE(test::read_text(out / "en/news/index.html").find("swen<"), std::string::npos);
}

TEST(Escape, BidiControlsInTheSiteNameAreClosedInFeedsAndPages) {
  test::TempDir dir;
  test::make_minimal_site(dir.path());
  const fs::path site = dir.path() / "pipeline/site.yaml";
  std::string yaml = test::read_text(site);
  yaml.replace(yaml.find("name: TestSite"), 14, "name: \"Test\\u2067Site\\u202B\"");
  test::write_text(dir.path(), "pipeline/site.yaml", yaml);
  const auto r = run_polypress({"-C", dir.path().string(), "build", "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // RLI … RLE are closed innermost first: PDF (U+202C), then PDI (U+2069).
  const std::string closed = "Test\xE2\x81\xA7Site\xE2\x80\xAB\xE2\x80\xAC\xE2\x81\xA9";
  const std::string feed = test::read_text(dir.path() / "public/en/feed.xml");
  EXPECT_NE(feed.find("<title>" + closed + "</title>"), std::string::npos) << feed;
  const std::string page = test::read_text(dir.path() / "public/en/index.html");
  EXPECT_NE(page.find(closed), std::string::npos) << page;
  EXPECT_EQ(page.find("Site\xE2\x80\xAB<"), std::string::npos) << page;
}

}  // namespace pp
