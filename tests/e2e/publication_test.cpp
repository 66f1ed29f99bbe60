// What a build publishes: future-dated articles held back, `expires`, the
// `list` command, and the 404 pages (docs/spec.md §3 and §7).
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>

#include "core/process.h"
#include "support/temp_site.h"

namespace pp {

namespace fs = std::filesystem;
using test::run_polypress;

namespace {

const char* kLater =
    "---\ntitle: \"Announced for later\"\ntype: news\ndate: 2099-01-05\n"
    "summary: \"Held back until its date.\"\nverdict: \"Not yet.\"\n"
    "sources:\n  - {title: \"Plan\", url: \"https://vendor.example/plan\", publisher: \"V\"}\n"
    "---\nLater.\n";
const char* kGone =
    "---\ntitle: \"An offer that ended\"\ntype: news\ndate: 2000-01-01\nexpires: 2000-02-01\n"
    "summary: \"Past its expiry.\"\nverdict: \"Over.\"\n"
    "sources:\n  - {title: \"Offer\", url: \"https://vendor.example/offer\", publisher: \"V\"}\n"
    "---\nGone.\n";

fs::path site_with_dates(const test::TempDir& dir) {
  const fs::path site = dir.path() / "site";
  EXPECT_EQ(run_polypress({"init", site.string(), "--quiet", "--languages", "en,ko"}).exit_code, 0);
  test::give_postal_address(site);
  test::write_text(site, "content/news/later/index.en.md", kLater);
  test::write_text(site, "content/news/gone/index.en.md", kGone);
  return site;
}

// polypress run as if at `seconds` since the epoch (SOURCE_DATE_EPOCH).
test::Run run_at(const std::string& seconds, const std::vector<std::string>& args) {
  std::vector<std::string> argv = {"env", "SOURCE_DATE_EPOCH=" + seconds, POLYPRESS_BINARY};
  argv.insert(argv.end(), args.begin(), args.end());
  const ProcessResult r = run_process(argv);
  return {r.exit_code, r.out, r.err};
}

// Expects public/ and mail/ of `site` to be what a clean build of a copy of
// its sources writes at `seconds` (SOURCE_DATE_EPOCH).
void expect_as_clean_build_at(const fs::path& site, const std::string& seconds) {
  test::TempDir clean;
  for (const char* folder : {"content", "pipeline", "locales"})
    test::copy_tree(site / folder, clean.path() / folder);
  ASSERT_EQ(run_at(seconds, {"-C", clean.path().string(), "build", "--quiet"}).exit_code, 0);
  EXPECT_EQ(test::read_tree(site / "public"), test::read_tree(clean.path() / "public"));
  EXPECT_EQ(test::read_tree(site / "mail"), test::read_tree(clean.path() / "mail"));
}

// Adds `text` to the end of the site's welcome article.
void add_to_welcome(const fs::path& site, const std::string& text) {
  const std::string rel = "content/news/welcome/index.en.md";
  test::write_text(site, rel, test::read_text(site / rel) + text);
}

}  // namespace

TEST(Publication, FutureAndExpiredArticlesAreHeldBackWithANote) {
  test::TempDir dir;
  const fs::path site = site_with_dates(dir);
  auto r = run_polypress({"-C", site.string(), "build"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err,
            "content/news/gone/index.en.md:5:10: note: expired on 2000-02-01: not published "
            "(build --expired keeps it) [bundle/expired]\n"
            "content/news/later/index.en.md:4:7: note: dated 2099-01-05, after this build: not "
            "published until then (build --future shows it) [bundle/future]\n");
  EXPECT_FALSE(fs::exists(site / "public/en/news/later"));
  EXPECT_FALSE(fs::exists(site / "public/en/news/gone"));
  EXPECT_TRUE(fs::exists(site / "public/en/news/welcome/index.html"));
  EXPECT_EQ(test::read_text(site / "public/en/news/index.html").find("Announced for later"),
            std::string::npos);
  EXPECT_EQ(test::read_text(site / "public/en/feed.xml").find("/news/later/"), std::string::npos);
  EXPECT_EQ(test::read_text(site / "public/sitemap.xml").find("/news/gone/"), std::string::npos);

  r = run_polypress({"-C", site.string(), "build", "--future", "--expired"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_TRUE(fs::exists(site / "public/en/news/later/index.html"));
  EXPECT_TRUE(fs::exists(site / "public/en/news/gone/index.html"));
  // Back to a plain build: what was only there for the options is gone again.
  ASSERT_EQ(run_polypress({"-C", site.string(), "build", "--quiet"}).exit_code, 0);
  EXPECT_FALSE(fs::exists(site / "public/en/news/later"));
}

// The same site with nothing changed is built again once a held-back date has
// come (the time read from SOURCE_DATE_EPOCH, as reproducible builds set it).
// A malformed SOURCE_DATE_EPOCH is refused before anything is read or
// written (reproducible-builds.org: a build fails rather than guess); the
// system clock never stands in for it.
TEST(Publication, AMalformedSourceDateEpochIsRefused) {
  test::TempDir dir;
  test::make_minimal_site(dir.path());
  for (const std::string bad : {"1.5", "abc", "", "-1", "1789000000x", "99999999999999"}) {
    const auto r = run_at(bad, {"-C", dir.path().string(), "build", "--quiet"});
    EXPECT_EQ(r.exit_code, 2) << bad;
    EXPECT_EQ(r.err,
              "polypress: SOURCE_DATE_EPOCH must be a whole number of seconds since 1970 (ASCII "
              "digits), not '" +
                  bad + "'\n")
        << bad;
    EXPECT_FALSE(fs::exists(dir.path() / "public")) << bad;
  }
  EXPECT_EQ(run_at("1789000000", {"-C", dir.path().string(), "build", "--quiet"}).exit_code, 0);
}

TEST(Publication, AHeldBackArticleAppearsWhenItsDateComes) {
  test::TempDir dir;
  const fs::path site = site_with_dates(dir);
  // Written an hour ago: the builds judge the files by their stamps, not as
  // racy files changed within their own second.
  for (const auto& e : fs::recursive_directory_iterator(site))
    if (e.is_regular_file())
      fs::last_write_time(e.path(), fs::file_time_type::clock::now() - std::chrono::hours(1));
  {
    // 2099-01-01T00:00:00Z
    ASSERT_EQ(run_at("4070908800", {"-C", site.string(), "build", "--quiet"}).exit_code, 0);
    EXPECT_FALSE(fs::exists(site / "public/en/news/later"));
  }
  {
    const auto r = run_at("4071340800", {"-C", site.string(), "build"});  // 2099-01-06
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.err.find("bundle/future"), std::string::npos) << r.err;
    EXPECT_TRUE(fs::exists(site / "public/en/news/later/index.html"));
    EXPECT_NE(test::read_text(site / "public/en/index.html").find("Announced for later"),
              std::string::npos);
    // Everything that shows what is published follows the clock, as a clean
    // build at that time writes it: the sitemap too (issue 39).
    EXPECT_NE(test::read_text(site / "public/sitemap.xml").find("/en/news/later/"),
              std::string::npos);
    expect_as_clean_build_at(site, "4071340800");
  }
}

// A translation whose `expires` passes later the same day: with nothing
// edited, the next build removes its page and takes it out of the other
// languages' switchers and alternates and out of the sitemap, as a clean
// build at that time (issue 39: the clock is an input, not just the day).
TEST(Publication, ATranslationExpiringLaterTheSameDayLeavesEverySwitcher) {
  test::TempDir dir;
  const fs::path site = site_with_dates(dir);
  test::write_text(site, "content/news/offer/index.en.md",
                   "---\ntitle: \"An offer\"\ntype: news\ndate: 2098-12-01\n"
                   "summary: \"S.\"\nverdict: \"V.\"\nsources:\n  - {title: \"O\", url: "
                   "\"https://vendor.example/o\", publisher: \"V\"}\n---\nOffer.\n");
  test::write_text(site, "content/news/offer/index.ko.md",
                   "---\ntitle: \"제안\"\nsummary: \"요약.\"\nverdict: \"평결.\"\n"
                   "translation_of: en\nexpires: 2099-01-01T12:00:00Z\n---\n제안.\n");
  for (const auto& e : fs::recursive_directory_iterator(site))
    if (e.is_regular_file())
      fs::last_write_time(e.path(), fs::file_time_type::clock::now() - std::chrono::hours(1));
  // 2099-01-01T09:00:00Z, twice: the second build is the shortcut of "nothing changed".
  for (int i = 0; i < 2; ++i)
    ASSERT_EQ(run_at("4070941200", {"-C", site.string(), "build", "--quiet"}).exit_code, 0);
  EXPECT_TRUE(fs::exists(site / "public/ko/news/offer/index.html"));
  EXPECT_NE(test::read_text(site / "public/en/news/offer/index.html").find("hreflang=\"ko\""),
            std::string::npos);
  // 13:00 the same day.
  const auto r = run_at("4070955600", {"-C", site.string(), "build", "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_FALSE(fs::exists(site / "public/ko/news/offer"));
  EXPECT_EQ(test::read_text(site / "public/en/news/offer/index.html").find("hreflang=\"ko\""),
            std::string::npos);
  EXPECT_EQ(test::read_text(site / "public/sitemap.xml").find("/ko/news/offer/"),
            std::string::npos);
  expect_as_clean_build_at(site, "4070955600");
}

// A link to an article the build does not publish is an error at the link,
// saying why and what publishes it; the options, or its date coming, make it
// a link to a page the build writes. The checks a build keeps see the date
// come and go.
TEST(Publication, ALinkToAHeldBackArticleIsAnErrorUntilItIsPublished) {
  test::TempDir dir;
  const fs::path site = site_with_dates(dir);
  add_to_welcome(site, "\nSoon: [the plan](/news/later).\n");
  auto has_error = [&](const std::string& err) {
    return err.find(
               ": error: link to 'news/later' (en), which this build does not publish: it "
               "is dated 2099-01-05, after this build, and is published from that day on "
               "(build --future publishes it now) [link/unpublished]\n") != std::string::npos;
  };
  auto r = run_polypress({"-C", site.string(), "validate"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_TRUE(has_error(r.err)) << r.err;
  r = run_polypress({"-C", site.string(), "build"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_TRUE(has_error(r.err)) << r.err;
  EXPECT_FALSE(fs::exists(site / "public/en/news/welcome"));
  // --future publishes it: the link leads to a page of this build.
  r = run_polypress({"-C", site.string(), "build", "--future", "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(test::read_text(site / "public/en/news/welcome/index.html").find("/en/news/later/"),
            std::string::npos);
  // Its day has come (2099-01-06): a plain build publishes both.
  r = run_at("4071340800", {"-C", site.string(), "build"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(fs::exists(site / "public/en/news/later/index.html"));
  // Back before it (2099-01-01): the checks kept from that build are not
  // taken for this one.
  r = run_at("4070908800", {"-C", site.string(), "build"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_TRUE(has_error(r.err)) << r.err;
}

// An absolute link to the site's own article (under base_url, by http or
// https, as an editor copies it from the browser) is checked as the page it
// names: held back, missing, or without the anchor is an error; the rest of
// the site's domain, which may serve pages polypress does not write, stays
// external.
TEST(Publication, AnAbsoluteLinkToTheSitesOwnArticleIsCheckedAsItsPage) {
  test::TempDir dir;
  const fs::path site = site_with_dates(dir);
  add_to_welcome(site,
                 "\nSoon: [plan](https://example.org/en/news/later/), "
                 "[offer](HTTP://Example.org/en/news/gone), "
                 "[typo](https://example.org/ko/news/welcom/#top), "
                 "[anchor](https://example.org/en/news/welcome/#nowhere), "
                 "[fine](https://example.org/en/news/welcome/), "
                 "[shop](https://example.org/shop/item/1), "
                 "[other](https://example.org.evil.example/en/news/later/).\n");
  const std::string file = "content/news/welcome/index.en.md:";
  const auto r = run_polypress({"-C", site.string(), "validate"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err,
            file +
                "23:7: error: link to \"https://example.org/en/news/later/\", which this build "
                "does not publish: it is dated 2099-01-05, after this build, and is published "
                "from that day on (build --future publishes it now) [link/unpublished]\n" +
                file +
                "23:51: error: link to \"HTTP://Example.org/en/news/gone\", which this build "
                "does not publish: it expired on 2000-02-01 (build --expired keeps it) "
                "[link/unpublished]\n" +
                file +
                "23:93: error: link to \"https://example.org/ko/news/welcom/#top\": no bundle "
                "'news/welcom' [link/unknown-bundle]\n" +
                file +
                "23:142: error: 'news/welcome' (en) has no heading or anchor with id "
                "'nowhere' [link/anchor]\n");
}

// Under a base_url with a path, an own article's URL is one under that path
// as written (a path is case-sensitive), by http, https or protocol-relative.
TEST(Publication, AnAbsoluteLinkUnderABasePathIsCheckedAsItsPage) {
  test::TempDir dir;
  const fs::path site = site_with_dates(dir);
  const std::string yaml = test::read_text(site / "pipeline/site.yaml");
  const std::string base = "base_url: \"https://example.org/\"";
  ASSERT_NE(yaml.find(base), std::string::npos) << yaml;
  test::write_text(site, "pipeline/site.yaml",
                   std::string(yaml).replace(yaml.find(base), base.size(),
                                             "base_url: \"https://Example.org/blog/\""));
  add_to_welcome(site,
                 "\n[a](https://example.org/BLOG/en/news/none/) "
                 "[b](//EXAMPLE.org/blog/en/news/later/) "
                 "[c](https://example.org/en/news/none/) "
                 "[d](https://example.org/blog/en/news/welcome/).\n");
  const auto r = run_polypress({"-C", site.string(), "validate"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err,
            "content/news/welcome/index.en.md:23:45: error: link to "
            "\"//EXAMPLE.org/blog/en/news/later/\", which this build does not publish: it is "
            "dated 2099-01-05, after this build, and is published from that day on (build "
            "--future publishes it now) [link/unpublished]\n");
}

TEST(Publication, ListShowsWhatABuildPublishes) {
  test::TempDir dir;
  const fs::path site = site_with_dates(dir);
  test::write_text(site, "content/news/draft-one/index.en.md",
                   "---\ntitle: \"Draft\"\ntype: news\ndate: 2026-11-01\ndraft: true\n"
                   "summary: \"s\"\nverdict: \"v\"\nsources:\n  - {title: \"t\", url: "
                   "\"https://vendor.example/\", publisher: \"V\"}\n---\nBody.\n");
  const std::string now = "1795564800";  // 2026-11-25T00:00:00Z
  auto r = run_at(now, {"-C", site.string(), "list"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::string today;  // init dates its examples today
  {
    const std::string welcome = test::read_text(site / "content/news/welcome/index.en.md");
    const auto at = welcome.find("date: ") + 6;
    today = welcome.substr(at, 10);
  }
  // The examples are dated today, after 2026-11-25: future at that time.
  EXPECT_EQ(r.out, "");
  r = run_at(now, {"-C", site.string(), "list", "--drafts", "--future", "--expired"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "future    " + today +
                       "  content/analysis/example-analysis/index.en.md  An example analysis\n"
                       "draft     2026-11-01  content/news/draft-one/index.en.md  Draft\n"
                       "expired   2000-01-01  content/news/gone/index.en.md  An offer that ended\n"
                       "future    2099-01-05  content/news/later/index.en.md  Announced for later\n"
                       "future    " +
                       today +
                       "  content/news/welcome/index.en.md  Welcome to My site\n"
                       "future    " +
                       today + "  content/reviews/example-review/index.en.md  An example review\n");
  r = run_at(now, {"-C", site.string(), "list", "--expired", "--format", "json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out,
            "{\"articles\":[{\"bundle\":\"news/gone\",\"date\":\"2000-01-01\",\"expires\":"
            "\"2000-02-01\",\"lang\":\"en\",\"path\":\"content/news/gone/index.en.md\",\"state\":"
            "\"expired\",\"title\":\"An offer that ended\",\"type\":\"news\"}]}\n");
}

TEST(NotFound, ARootPageAndOnePerLanguage) {
  test::TempDir dir;
  const fs::path site = dir.path() / "site";
  ASSERT_EQ(run_polypress({"init", site.string(), "--quiet", "--languages", "en,ar", "--base-url",
                           "https://example.org/blog/"})
                .exit_code,
            0);
  test::give_postal_address(site);
  ASSERT_EQ(run_polypress({"-C", site.string(), "build", "--quiet"}).exit_code, 0);
  const std::string root = test::read_text(site / "public/404.html");
  EXPECT_NE(root.find("<html lang=\"en\" dir=\"ltr\">"), std::string::npos);
  EXPECT_NE(root.find("<meta name=\"robots\" content=\"noindex\">"), std::string::npos);
  EXPECT_NE(root.find("<h1>Page not found</h1>"), std::string::npos);
  // Absolute links: a 404 page is answered at any depth of the site.
  EXPECT_NE(root.find("<a href=\"/blog/en/\">Go to the home page</a>"), std::string::npos) << root;
  EXPECT_NE(root.find("href=\"/blog/assets/style.css\""), std::string::npos);
  const std::string ar = test::read_text(site / "public/ar/404.html");
  EXPECT_NE(ar.find("<html lang=\"ar\" dir=\"rtl\">"), std::string::npos);
  EXPECT_NE(ar.find("<link rel=\"canonical\" href=\"https://example.org/blog/ar/404.html\">"),
            std::string::npos);
  EXPECT_EQ(test::read_text(site / "public/sitemap.xml").find("404"), std::string::npos);
}

}  // namespace pp

namespace pp {

// `cover` on the page, in og:image, JSON-LD and the email; `extra` in a
// template the site overrides, inherited name by name by a translation.
TEST(ContentModel, CoverAndExtraReachEveryOutput) {
  test::TempDir dir;
  const fs::path site = dir.path() / "site";
  ASSERT_EQ(run_polypress({"init", site.string(), "--quiet", "--languages", "en,ko"}).exit_code, 0);
  test::give_postal_address(site);
  const fs::path bundle = site / "content/news/welcome";
  test::write_text(bundle, "cover.svg",
                   "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 4 3\"/>\n");
  std::string en = test::read_text(bundle / "index.en.md");
  en.insert(en.find("tags:"),
            "cover: {src: cover.svg, alt: \"A \\\"new\\\" site\"}\n"
            "extra: {badge: Staff pick, sponsor: {name: Acme}}\n");
  test::write_text(bundle, "index.en.md", en);
  ASSERT_EQ(run_polypress({"-C", site.string(), "new", "news/welcome", "--lang", "ko", "--quiet"})
                .exit_code,
            0);
  std::string ko = test::read_text(bundle / "index.ko.md");
  // Published as a finished translation: stamped, its draft line gone.
  ko.replace(ko.find("draft: true  # in progress"),
             ko.find("\n---\n", 4) - ko.find("draft: true  # in progress"),
             "extra: {badge: 추천}\nsource_digest: 0000000000000000000000000000000000000000");
  test::write_text(bundle, "index.ko.md", ko);
  test::write_text(site, "pipeline/templates/html/footer.mustache",
                   "<footer class=\"site-footer\"><p>{{#extra}}{{extra.badge}} · "
                   "{{extra.sponsor.name}}{{/extra}}</p></footer>\n");
  auto r = run_polypress({"-C", site.string(), "build"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string page = test::read_text(site / "public/en/news/welcome/index.html");
  EXPECT_NE(page.find("<figure class=\"cover\"><img src=\"/en/news/welcome/cover.svg\" alt=\"A "
                      "&quot;new&quot; site\"></figure>"),
            std::string::npos)
      << page;
  EXPECT_NE(page.find("<meta property=\"og:image\" content=\"https://example.org/en/news/welcome/"
                      "cover.svg\">\n<meta property=\"og:image:alt\" content=\"A &quot;new&quot; "
                      "site\">"),
            std::string::npos);
  EXPECT_NE(page.find("\"image\":\"https://example.org/en/news/welcome/cover.svg\""),
            std::string::npos);
  EXPECT_NE(page.find("<p>Staff pick · Acme</p>"), std::string::npos);
  EXPECT_TRUE(fs::exists(site / "public/en/news/welcome/cover.svg"));
  // The translation: its own badge, the source's sponsor and cover.
  const std::string ko_page = test::read_text(site / "public/ko/news/welcome/index.html");
  EXPECT_NE(ko_page.find("<p>추천 · Acme</p>"), std::string::npos) << ko_page;
  EXPECT_NE(ko_page.find("src=\"/ko/news/welcome/cover.svg\""), std::string::npos);
  // Other pages have no cover and no extra: they share the theme's card.
  EXPECT_NE(
      test::read_text(site / "public/en/index.html")
          .find("<meta property=\"og:image\" content=\"https://example.org/assets/card.png\">"),
      std::string::npos);
  const ProcessResult html =
      run_process({"python3", "-c",
                   "import email,sys\nm=email.message_from_binary_file(open(sys.argv[1],'rb'))\n"
                   "[sys.stdout.write(p.get_payload(decode=True).decode()) for p in m.walk() "
                   "if p.get_content_type()=='text/html']",
                   (site / "mail/en/news--welcome.eml").string()});
  // The email shows the PNG drawn of it (mail clients show no SVG), at its width.
  EXPECT_NE(html.out.find("<img src=\"https://example.org/en/news/welcome/cover.svg.png\" "
                          "alt=\"A &quot;new&quot; site\" width=\"4\""),
            std::string::npos)
      << html.out;
}

}  // namespace pp

namespace pp {

// Tags have pages and feeds per language; an article links its tags.
TEST(ContentModel, TagPagesAndFeedsPerLanguage) {
  test::TempDir dir;
  const fs::path site = dir.path() / "site";
  ASSERT_EQ(run_polypress({"init", site.string(), "--quiet", "--languages", "en,ar"}).exit_code, 0);
  test::give_postal_address(site);
  auto r = run_polypress({"-C", site.string(), "new", "news/welcome", "--lang", "ar", "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // Published once stamped (an English copy, stamped on purpose).
  r = run_polypress({"-C", site.string(), "translations", "stamp", "--force",
                     "content/news/welcome/index.ar.md"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  r = run_polypress({"-C", site.string(), "build"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // The examples are all tagged getting-started.
  const std::string en = test::read_text(site / "public/en/tags/getting-started/index.html");
  EXPECT_NE(en.find("<h1>Articles tagged getting-started</h1>"), std::string::npos) << en;
  EXPECT_NE(en.find("<p class=\"count\">3 articles</p>"), std::string::npos);
  EXPECT_NE(
      en.find("<link rel=\"alternate\" type=\"application/atom+xml\" title=\"Articles "
              "tagged getting-started · My site\" href=\"/en/tags/getting-started/feed.xml\">"),
      std::string::npos);
  const std::string feed = test::read_text(site / "public/en/tags/getting-started/feed.xml");
  EXPECT_NE(feed.find("<subtitle>Articles tagged getting-started</subtitle>"), std::string::npos);
  // Titled with the tag, so that a reader of several tag feeds tells them
  // apart (issue 38, deliverable 6).
  EXPECT_NE(feed.find("<title>Articles tagged getting-started · My site</title>"),
            std::string::npos)
      << feed;
  EXPECT_NE(test::read_text(site / "public/en/feed.xml").find("<title>My site</title>"),
            std::string::npos);
  EXPECT_NE(feed.find("/en/news/welcome/"), std::string::npos);
  // Arabic lists its translation and, by fallback, the English sources.
  const std::string ar = test::read_text(site / "public/ar/tags/getting-started/index.html");
  EXPECT_NE(ar.find("href=\"/ar/news/welcome/\""), std::string::npos) << ar;
  EXPECT_NE(ar.find("href=\"/en/reviews/example-review/\" hreflang=\"en\""), std::string::npos);
  const std::string page = test::read_text(site / "public/en/news/welcome/index.html");
  EXPECT_NE(page.find("<p class=\"tags\"><strong>Tags:</strong> <a "
                      "href=\"/en/tags/getting-started/\" rel=\"tag\">getting-started</a> </p>"),
            std::string::npos)
      << page;
  // A tag no article has any more: its pages go with the next build.
  for (const char* file : {"content/news/welcome/index.en.md", "content/news/welcome/index.ar.md",
                           "content/reviews/example-review/index.en.md",
                           "content/analysis/example-analysis/index.en.md"}) {
    std::string text = test::read_text(site / file);
    const auto at = text.find("tags: [getting-started]\n");
    if (at != std::string::npos) text.erase(at, 24);
    test::write_text(site, file, text);
  }
  r = run_polypress({"-C", site.string(), "build"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_FALSE(fs::exists(site / "public/en/tags/getting-started/index.html"));
}

}  // namespace pp

namespace pp {

// A cover's file name is one path in every URL made of it: a space, '#',
// '?' or '%' is percent-encoded (not a fragment, a query or an escape), on
// the page, in og:image, JSON-LD and the email. Raw HTML in an image's alt
// text is text, without the sanitizer's markers (issue 37).
TEST(ContentModel, CoverFileNamesAreOnePathAndAltTextHasNoMarkers) {
  test::TempDir dir;
  const fs::path site = dir.path() / "site";
  ASSERT_EQ(run_polypress({"init", site.string(), "--quiet", "--languages", "en"}).exit_code, 0);
  test::give_postal_address(site);
  const fs::path bundle = site / "content/news/welcome";
  const std::string svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 4 3\"/>\n";
  test::write_text(bundle, "chart #1?50%.svg", svg);
  test::write_text(bundle, "chart.svg", svg);
  std::string en = test::read_text(bundle / "index.en.md");
  en.insert(en.find("tags:"), "cover: {src: \"chart #1?50%.svg\", alt: \"A chart\"}\n");
  en += "\n![A <b>bold</b> chart](chart.svg)\n";
  test::write_text(bundle, "index.en.md", en);
  auto r = run_polypress({"-C", site.string(), "build"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string page = test::read_text(site / "public/en/news/welcome/index.html");
  const std::string encoded = "chart%20%231%3F50%25.svg";
  EXPECT_NE(page.find("<img src=\"/en/news/welcome/" + encoded + "\""), std::string::npos) << page;
  EXPECT_NE(page.find("<meta property=\"og:image\" content=\"https://example.org/en/news/welcome/" +
                      encoded + "\">"),
            std::string::npos);
  EXPECT_NE(page.find("\"image\":\"https://example.org/en/news/welcome/" + encoded + "\""),
            std::string::npos);
  EXPECT_TRUE(fs::exists(site / "public/en/news/welcome/chart #1?50%.svg"));
  EXPECT_EQ(page.find("pp-raw"), std::string::npos) << page;
  EXPECT_NE(page.find("alt=\"A &lt;b&gt;bold&lt;/b&gt; chart\""), std::string::npos) << page;
  EXPECT_EQ(test::read_text(site / "mail/en/news--welcome.eml").find("pp-raw"), std::string::npos);
}

}  // namespace pp
