// The structure of the pages (docs/spec.md §7, "Page structure"): related links
// as one labelled list per type, headings without skips, the newsletter aside
// before the h1 without a heading, labels shown once, named landmarks, and
// hreflang + lang on links into another language.
#include <gtest/gtest.h>

#include <regex>

#include "support/temp_site.h"

namespace pp {

namespace fs = std::filesystem;

namespace {

// A file with what its type requires: a verdict, and sources for a source.
std::string article(const std::string& front, const std::string& body = "Text.\n") {
  const std::string needs =
      front.find("translation_of") != std::string::npos
          ? "verdict: \"جيد.\"\n"
          : "verdict: \"Fine.\"\nsources:\n  - {title: \"Report\", url: "
            "\"https://vendor.example/report\", publisher: \"Vendor\", accessed: 2026-11-18}\n";
  return "---\n" + front + needs + "---\n" + body;
}

// The minimal site with an "analysis" section titled as the type, two
// analyses and a news roundup related to one article of each type (the
// analyses last), all but the review translated into Arabic.
void make_site(const fs::path& root) {
  test::make_minimal_site(root);
  const fs::path yaml = root / "pipeline/site.yaml";
  std::string config = test::read_text(yaml);
  const std::string reviews = "  - {id: reviews, title: \"Reviews\"}\n";
  config.replace(config.find(reviews), reviews.size(),
                 reviews + "  - {id: analysis, title: \"Analysis\"}\n");
  test::write_text(root, "pipeline/site.yaml", config);
  for (const auto& [slug, title, date] : {std::tuple{"deep-dive", "Deep dive", "2026-11-19"},
                                          std::tuple{"follow-up", "Follow-up", "2026-11-21"}}) {
    const std::string dir = std::string("content/analysis/") + slug + "/";
    test::write_text(root, dir + "index.en.md",
                     article(std::string("title: \"") + title + "\"\ntype: analysis\ndate: " +
                             date + "\nsummary: \"An analysis.\"\n"));
    test::write_text(root, dir + "index.ar.md",
                     article(std::string("title: \"تحليل ") + slug +
                             "\"\nsummary: \"تحليل.\"\ntranslation_of: en\n"));
  }
  test::write_text(root, "content/news/roundup/index.en.md",
                   article("title: \"Roundup\"\ntype: news\ndate: 2026-11-22\n"
                           "summary: \"The week.\"\nrelated: [analysis/follow-up, reviews/tool, "
                           "news/chip-launch, analysis/deep-dive]\n"));
  test::write_text(root, "content/news/roundup/index.ar.md",
                   article("title: \"الحصيلة\"\nsummary: \"الأسبوع.\"\ntranslation_of: en\n"));
}

struct Built {
  test::TempDir dir;
  std::map<std::string, std::string> pages;  // every .html under public/
};

// Built once for all tests of this file; the folder is removed at exit.
const Built& built() {
  static Built b;
  static const bool done = [] {
    make_site(b.dir.path());
    const auto r = test::run_polypress({"-C", b.dir.path().string(), "build", "--quiet"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    for (auto& [path, bytes] : test::read_tree(b.dir.path() / "public"))
      if (path.ends_with(".html")) b.pages[path] = bytes;
    return true;
  }();
  (void)done;
  return b;
}

// Every page built (a failed build fails each test that reads them).
const std::map<std::string, std::string>& pages() {
  EXPECT_GT(built().pages.size(), 10u);
  return built().pages;
}

const std::string& page(const std::string& path) {
  static const std::string none;
  auto it = pages().find(path);
  EXPECT_NE(it, pages().end()) << path;
  return it == pages().end() ? none : it->second;
}

}  // namespace

TEST(PageStructure, RelatedLinksAreOneLabelledListPerType) {
  EXPECT_NE(
      page("en/news/roundup/index.html")
          .find("  <div class=\"related related-news\">\n"
                "    <p id=\"Related-news\"><strong>Related news article:</strong></p>\n"
                "    <ul aria-labelledby=\"Related-news\">\n"
                "      <li><a href=\"/en/news/chip-launch/\">A new chip &lt;ships&gt;</a></li>\n"
                "    </ul>\n"
                "  </div>\n"
                "  <div class=\"related related-review\">\n"
                "    <p id=\"Related-review\"><strong>Related review:</strong></p>\n"
                "    <ul aria-labelledby=\"Related-review\">\n"
                "      <li><a href=\"/en/reviews/tool/\">Tool review</a></li>\n"
                "    </ul>\n"
                "  </div>\n"
                "  <div class=\"related related-analysis\">\n"
                "    <p id=\"Related-analysis\"><strong>Related analyses:</strong></p>\n"
                "    <ul aria-labelledby=\"Related-analysis\">\n"
                "      <li><a href=\"/en/analysis/follow-up/\">Follow-up</a></li>\n"
                "      <li><a href=\"/en/analysis/deep-dive/\">Deep dive</a></li>\n"
                "    </ul>\n"
                "  </div>\n"),
      std::string::npos)
      << page("en/news/roundup/index.html");
}

TEST(PageStructure, ArabicLabelsTakeTheirPluralFormAndFallbacksTheirLanguage) {
  // One news article (singular), one review (singular, only in English: the
  // link says so), two analyses (dual).
  EXPECT_NE(page("ar/news/roundup/index.html")
                .find("  <div class=\"related related-news\">\n"
                      "    <p id=\"Related-news\"><strong>خبر ذو صلة:</strong></p>\n"
                      "    <ul aria-labelledby=\"Related-news\">\n"
                      "      <li><a href=\"/ar/news/chip-launch/\">شريحة جديدة</a></li>\n"
                      "    </ul>\n"
                      "  </div>\n"
                      "  <div class=\"related related-review\">\n"
                      "    <p id=\"Related-review\"><strong>مراجعة ذات صلة:</strong></p>\n"
                      "    <ul aria-labelledby=\"Related-review\">\n"
                      "      <li><a href=\"/en/reviews/tool/\" hreflang=\"en\" lang=\"en\" "
                      "dir=\"ltr\">Tool review</a></li>\n"
                      "    </ul>\n"
                      "  </div>\n"
                      "  <div class=\"related related-analysis\">\n"
                      "    <p id=\"Related-analysis\"><strong>تحليلان ذوا صلة:</strong></p>\n"
                      "    <ul aria-labelledby=\"Related-analysis\">\n"
                      "      <li><a href=\"/ar/analysis/follow-up/\">تحليل follow-up</a></li>\n"
                      "      <li><a href=\"/ar/analysis/deep-dive/\">تحليل deep-dive</a></li>\n"
                      "    </ul>\n"
                      "  </div>\n"),
            std::string::npos)
      << page("ar/news/roundup/index.html");
}

TEST(PageStructure, ATypeLabelEqualToTheSectionTitleIsShownOnce) {
  const std::string& en = page("en/analysis/deep-dive/index.html");
  EXPECT_NE(en.find("  <p class=\"section\"><a href=\"/en/analysis/\">Analysis</a></p>\n"
                    "  <p class=\"meta\"><time datetime=\"2026-11-19\">"),
            std::string::npos)
      << en;
  // In the lists the same ("News" in "News", "التحليلات" in "التحليلات"); a type
  // label that differs from its section's title stays.
  const std::string& ar = page("ar/index.html");
  EXPECT_NE(ar.find("<p class=\"meta\"><a href=\"/ar/analysis/\">التحليلات</a> · <time "),
            std::string::npos)
      << ar;
  EXPECT_NE(ar.find("<p class=\"meta\"><a href=\"/ar/news/\">الأخبار</a> · <time "),
            std::string::npos);
  EXPECT_NE(page("en/index.html")
                .find("<p class=\"meta\"><a href=\"/en/reviews/\">Reviews</a> · Review · <time "),
            std::string::npos);
}

TEST(PageStructure, TheNewsletterIsALabelledAsideBeforeTheH1WithoutAHeading) {
  for (const auto& [path, html] : pages()) {
    // The language chooser and the pages of missing addresses have no newsletter box.
    if (path == "index.html" || path.ends_with("404.html")) continue;
    const auto aside = html.find(
        "<aside class=\"newsletter\" aria-labelledby=\"Newsletter\">\n"
        "  <p class=\"newsletter-title\" id=\"Newsletter\">");
    const auto h1 = html.find("<h1");
    ASSERT_NE(aside, std::string::npos) << path;
    ASSERT_NE(h1, std::string::npos) << path;
    EXPECT_LT(aside, h1) << path;
    EXPECT_EQ(html.substr(0, h1).find("<h2"), std::string::npos) << path;
  }
}

TEST(PageStructure, HeadingLevelsNeverSkipAndOnlyOneH1) {
  const std::regex heading("<h([1-6])[ >]");
  for (const auto& [path, html] : pages()) {
    int previous = 0, h1s = 0;
    for (auto it = std::sregex_iterator(html.begin(), html.end(), heading);
         it != std::sregex_iterator(); ++it) {
      const int level = (*it)[1].str()[0] - '0';
      EXPECT_LE(level, previous + 1) << path << " at " << it->position();
      previous = level;
      h1s += level == 1;
    }
    EXPECT_EQ(h1s, 1) << path;
  }
}

TEST(PageStructure, EveryNavIsNamedFromTheCatalog) {
  const std::regex nav("<nav\\b[^>]*>");
  for (const auto& [path, html] : pages())
    for (auto it = std::sregex_iterator(html.begin(), html.end(), nav);
         it != std::sregex_iterator(); ++it)
      EXPECT_NE(it->str().find(" aria-label=\""), std::string::npos) << path << ": " << it->str();
  EXPECT_NE(page("en/index.html").find("<nav class=\"sections\" aria-label=\"Sections\">"),
            std::string::npos);
  EXPECT_NE(page("ar/index.html").find("<nav class=\"sections\" aria-label=\"الأقسام\">"),
            std::string::npos);
}

TEST(PageStructure, LinksIntoAnotherLanguageCarryHreflangAndLang) {
  // Every link to a page in another language has hreflang, and lang too when
  // its text is in that language (switcher, chooser, related, lists); a link
  // in the body has no lang, its text being the editor's.
  const std::regex link("<a href=\"/(en|ar)/[^\"]*\"([^>]*)>");
  int in_body = 0, outside = 0;
  for (const auto& [path, html] : pages()) {
    // The root's 404.html is in the default language.
    const std::string page_lang = path == "404.html" ? "en" : path.substr(0, 2);
    const auto body = html.find("<div class=\"body\">");
    const auto body_end = html.find("\n  </div>\n", body);
    for (auto it = std::sregex_iterator(html.begin(), html.end(), link);
         it != std::sregex_iterator(); ++it) {
      const std::string lang = (*it)[1], attributes = (*it)[2];
      if (lang == page_lang && attributes.find("hreflang") == std::string::npos) continue;
      const auto at = static_cast<std::size_t>(it->position());
      const bool body_link = body != std::string::npos && at > body && at < body_end;
      (body_link ? in_body : outside) += 1;
      EXPECT_NE(attributes.find(" hreflang=\"" + lang + "\""), std::string::npos)
          << path << ": " << it->str();
      EXPECT_EQ(attributes.find(" lang=\"" + lang + "\"") != std::string::npos, !body_link)
          << path << ": " << it->str();
    }
  }
  EXPECT_GT(in_body, 0);
  EXPECT_GT(outside, 0);
  EXPECT_NE(page("en/news/roundup/index.html")
                .find("<a href=\"/ar/news/roundup/\" hreflang=\"ar\" lang=\"ar\">العربية</a>"),
            std::string::npos);
  EXPECT_NE(page("index.html").find("<a href=\"/ar/\" hreflang=\"ar\" lang=\"ar\">العربية</a>"),
            std::string::npos)
      << page("index.html");
  // The Arabic body's link to the review that exists only in English.
  EXPECT_NE(page("ar/news/chip-launch/index.html")
                .find("<a href=\"/en/reviews/tool/\" hreflang=\"en\">الأداة</a>"),
            std::string::npos)
      << page("ar/news/chip-launch/index.html");
}

}  // namespace pp

namespace pp {

// Every item of every list on the sample site shows its own type label (the
// one its article's page shows), never the page's: an item without one once
// showed the page's own through Mustache's context ("Analysis · Review" on
// an analysis; issue 38, deliverable 3).
TEST(PageStructure, EveryListItemShowsItsOwnTypeLabel) {
  test::TempDir dir;
  for (const char* part : {"content", "locales", "pipeline"})
    test::copy_tree(test::source_dir() / part, dir.path() / part);
  ASSERT_EQ(test::run_polypress({"-C", dir.path().string(), "build", "--quiet"}).exit_code, 0);
  std::map<std::string, std::string> pages;
  for (auto& [path, bytes] : test::read_tree(dir.path() / "public"))
    if (path.ends_with(".html")) pages["/" + path.substr(0, path.size() - 10)] = bytes;
  // The label an article's own page shows after its section ("" for none).
  const std::regex own("<p class=\"meta\">(?:([^<]+) · )?<time");
  const std::regex item(
      "<li>\\s*<p class=\"meta\"><a href=\"[^\"]*\">[^<]*</a> · (?:([^<]+) · )?<time[^>]*>[^<]*"
      "</time></p>\\s*<h[23]><a href=\"([^\"]+)\"( hreflang)?");
  std::size_t checked = 0;
  for (const auto& [path, html] : pages)
    for (std::sregex_iterator it(html.begin(), html.end(), item), end; it != end; ++it) {
      if ((*it)[3].matched) continue;  // another language's page: its own words
      const auto target = pages.find((*it)[2].str());
      ASSERT_NE(target, pages.end()) << (*it)[2];
      std::smatch m;
      ASSERT_TRUE(std::regex_search(target->second, m, own)) << (*it)[2];
      EXPECT_EQ((*it)[1].str(), m[1].str()) << "an item of " << path << " links " << (*it)[2];
      ++checked;
    }
  EXPECT_GT(checked, 200u);
}

}  // namespace pp
