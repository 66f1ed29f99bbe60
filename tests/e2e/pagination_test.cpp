// `paginate: N`: section and tag pages N articles at a time, linked with
// rel=prev/next, each language's pages its own (docs/spec.md §7).
#include <gtest/gtest.h>

#include "support/temp_site.h"

namespace pp {

namespace fs = std::filesystem;
using test::run_polypress;

namespace {

// News article number `i` (dated 2026-01-0i, so a higher number is newer),
// tagged `t`, in `lang`.
void write_news(const fs::path& site, int i, const std::string& lang) {
  const std::string n = std::to_string(i);
  test::write_text(site, "content/news/story-" + n + "/index." + lang + ".md",
                   "---\ntitle: \"Story " + n + " (" + lang + ")\"\ntype: news\ndate: 2026-01-0" +
                       n + "\nsummary: \"Number " + n +
                       ".\"\nverdict: \"Fine.\"\ntags: [t]\nsources:\n  - {title: \"S\", url: "
                       "\"https://vendor.example/" +
                       n + "\", publisher: \"V\"}\n" +
                       (lang == "en" ? "" : "translation_of: en\n") + "---\nBody " + n + ".\n");
}

// An init site (en, ko) whose news section holds five stories in English and
// `korean` of them in Korean, without the example articles; two a page.
fs::path paginated_site(const test::TempDir& dir, int korean) {
  const fs::path site = dir.path() / "site";
  EXPECT_EQ(run_polypress({"init", site.string(), "--quiet", "--languages", "en,ko"}).exit_code, 0);
  fs::remove_all(site / "content");
  for (int i = 1; i <= 5; ++i) write_news(site, i, "en");
  for (int i = 1; i <= korean; ++i) write_news(site, i, "ko");
  std::string yaml = test::read_text(site / "pipeline/site.yaml");
  const std::string fallback = "fallback: source";
  yaml.replace(yaml.find(fallback), fallback.size(), "fallback: omit");
  test::write_text(site, "pipeline/site.yaml", yaml + "paginate: 2\n");
  return site;
}

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST(Pagination, ASectionIsSplitIntoLinkedPages) {
  test::TempDir dir;
  const fs::path site = paginated_site(dir, 1);
  const auto r = run_polypress({"-C", site.string(), "build"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const fs::path news = site / "public/en/news";
  EXPECT_TRUE(fs::exists(news / "index.html"));
  EXPECT_TRUE(fs::exists(news / "page/2/index.html"));
  EXPECT_TRUE(fs::exists(news / "page/3/index.html"));
  EXPECT_FALSE(fs::exists(news / "page/1"));  // page 1 is the section's own address
  EXPECT_FALSE(fs::exists(news / "page/4"));

  const std::string first = test::read_text(news / "index.html");
  EXPECT_TRUE(has(first, "<title>News | My site</title>"));
  EXPECT_TRUE(has(first,
                  "<link rel=\"canonical\" href=\"https://example.org/en/news/\">\n"
                  "<link rel=\"next\" href=\"https://example.org/en/news/page/2/\">\n"
                  "<link rel=\"alternate\""));
  EXPECT_FALSE(has(first, "rel=\"prev\""));
  EXPECT_TRUE(has(first, "Story 5 (en)"));
  EXPECT_TRUE(has(first, "Story 4 (en)"));
  EXPECT_FALSE(has(first, "Story 3 (en)"));
  EXPECT_TRUE(has(first, "<p class=\"count\">5 articles</p>"));  // the whole section's

  const std::string second = test::read_text(news / "page/2/index.html");
  EXPECT_TRUE(has(second, "<title>News, page 2 | My site</title>"));
  EXPECT_TRUE(
      has(second,
          "<link rel=\"canonical\" href=\"https://example.org/en/news/page/2/\">\n"
          "<link rel=\"prev\" href=\"https://example.org/en/news/\">\n"
          "<link rel=\"next\" href=\"https://example.org/en/news/page/3/\">\n"
          // Korean has one page of news: page 2 has no Korean counterpart.
          "<link rel=\"alternate\" hreflang=\"en\" href=\"https://example.org/en/news/page/2/\">\n"
          "<link rel=\"alternate\" hreflang=\"x-default\" "
          "href=\"https://example.org/en/news/page/2/\">\n"));
  EXPECT_TRUE(has(second,
                  "<nav class=\"pagination\" aria-label=\"Pages\">\n"
                  "  <a rel=\"prev\" href=\"/en/news/\">Previous page</a>\n"
                  "  <span class=\"status\">Page 2 of 3</span>\n"
                  "  <a rel=\"next\" href=\"/en/news/page/3/\">Next page</a>\n"
                  "</nav>\n"));
  EXPECT_TRUE(has(second, "Story 3 (en)"));
  EXPECT_TRUE(has(second, "Story 2 (en)"));
  EXPECT_FALSE(has(second, "Story 4 (en)"));
  // The switcher still leads to Korean news: its first page.
  EXPECT_TRUE(has(second, "<a href=\"/ko/news/\" hreflang=\"ko\" lang=\"ko\">"));

  const std::string last = test::read_text(news / "page/3/index.html");
  EXPECT_TRUE(has(last, "Story 1 (en)"));
  EXPECT_TRUE(has(last, "<link rel=\"prev\" href=\"https://example.org/en/news/page/2/\">\n"));
  EXPECT_FALSE(has(last, "rel=\"next\""));
  EXPECT_FALSE(has(last, "<a rel=\"next\""));

  // One page is no pager at all.
  const std::string korean = test::read_text(site / "public/ko/news/index.html");
  EXPECT_FALSE(has(korean, "class=\"pagination\""));
  EXPECT_FALSE(has(korean, "rel=\"next\""));
  EXPECT_FALSE(fs::exists(site / "public/ko/news/page"));
  // The sitemap names each list once, by its first page.
  EXPECT_FALSE(has(test::read_text(site / "public/sitemap.xml"), "/page/"));
}

TEST(Pagination, TagPagesArePaginatedAndKeepOneFeed) {
  test::TempDir dir;
  const fs::path site = paginated_site(dir, 3);
  ASSERT_EQ(run_polypress({"-C", site.string(), "build", "--quiet"}).exit_code, 0);
  const fs::path tag = site / "public/ko/tags/t";
  EXPECT_TRUE(fs::exists(tag / "page/2/index.html"));
  EXPECT_FALSE(fs::exists(tag / "page/3"));
  EXPECT_FALSE(fs::exists(tag / "page/2/feed.xml"));
  const std::string second = test::read_text(tag / "page/2/index.html");
  EXPECT_TRUE(has(second, "<link rel=\"prev\" href=\"https://example.org/ko/tags/t/\">\n"));
  EXPECT_TRUE(has(second, "hreflang=\"en\" href=\"https://example.org/en/tags/t/page/2/\""));
  EXPECT_TRUE(has(second, "href=\"/ko/tags/t/feed.xml\""));
  EXPECT_TRUE(has(second, "Story 1 (ko)"));
  // Every Korean story is in the tag's one feed.
  const std::string feed = test::read_text(tag / "feed.xml");
  for (int i = 1; i <= 3; ++i) EXPECT_TRUE(has(feed, "/ko/news/story-" + std::to_string(i) + "/"));
}

// The pages another language has are part of what a page shows: an article
// that gives Korean a second page of news adds it to the English page 2 on
// the next (incremental) build, and a tag newly used in Korean adds Korean
// to the English tag page.
TEST(Pagination, ANewPageInOneLanguageReachesTheOthers) {
  test::TempDir dir;
  const fs::path site = paginated_site(dir, 2);
  ASSERT_EQ(run_polypress({"-C", site.string(), "build", "--quiet"}).exit_code, 0);
  const fs::path page2 = site / "public/en/news/page/2/index.html";
  EXPECT_FALSE(has(test::read_text(page2), "rel=\"alternate\" hreflang=\"ko\""));

  write_news(site, 3, "ko");
  ASSERT_EQ(run_polypress({"-C", site.string(), "build", "--quiet"}).exit_code, 0);
  EXPECT_TRUE(fs::exists(site / "public/ko/news/page/2/index.html"));
  EXPECT_TRUE(has(test::read_text(page2),
                  "<link rel=\"alternate\" hreflang=\"ko\" "
                  "href=\"https://example.org/ko/news/page/2/\">"));

  // A tag only English uses, then Korean too.
  std::string en = test::read_text(site / "content/news/story-5/index.en.md");
  en.replace(en.find("tags: [t]"), 9, "tags: [t, solo]");
  test::write_text(site, "content/news/story-5/index.en.md", en);
  ASSERT_EQ(run_polypress({"-C", site.string(), "build", "--quiet"}).exit_code, 0);
  const fs::path solo = site / "public/en/tags/solo/index.html";
  EXPECT_FALSE(has(test::read_text(solo), "rel=\"alternate\" hreflang=\"ko\""));
  std::string ko = test::read_text(site / "content/news/story-1/index.ko.md");
  ko.replace(ko.find("tags: [t]"), 9, "tags: [t, solo]");
  test::write_text(site, "content/news/story-1/index.ko.md", ko);
  ASSERT_EQ(run_polypress({"-C", site.string(), "build", "--quiet"}).exit_code, 0);
  EXPECT_TRUE(has(test::read_text(solo),
                  "rel=\"alternate\" hreflang=\"ko\" href=\"https://example.org/ko/tags/solo/\""));
}

TEST(Pagination, PagesNoLongerMadeAreRemovedAndJobsDoNotMatter) {
  test::TempDir dir, other;
  const fs::path site = paginated_site(dir, 3);
  ASSERT_EQ(run_polypress({"-C", site.string(), "build", "--quiet", "--jobs", "1"}).exit_code, 0);
  ASSERT_EQ(
      run_polypress({"-C", site.string(), "build", "--quiet", "--jobs", "2", "--out",
                     (other.path() / "p").string(), "--mail-out", (other.path() / "m").string()})
          .exit_code,
      0);
  EXPECT_EQ(test::read_tree(site / "public"), test::read_tree(other.path() / "p"));

  std::string yaml = test::read_text(site / "pipeline/site.yaml");
  yaml.replace(yaml.find("paginate: 2"), 11, "paginate: 0");
  test::write_text(site, "pipeline/site.yaml", yaml);
  ASSERT_EQ(run_polypress({"-C", site.string(), "build", "--quiet"}).exit_code, 0);
  EXPECT_FALSE(fs::exists(site / "public/en/news/page"));
  EXPECT_FALSE(fs::exists(site / "public/ko/tags/t/page"));
  const std::string all = test::read_text(site / "public/en/news/index.html");
  for (int i = 1; i <= 5; ++i) EXPECT_TRUE(has(all, "Story " + std::to_string(i) + " (en)"));
  EXPECT_FALSE(has(all, "class=\"pagination\""));
}

}  // namespace pp
