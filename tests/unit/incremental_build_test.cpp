// Incremental builds: after a change, exactly the outputs that show it are
// rendered again (counted here by name), and the result is byte for byte what
// a clean build of the same site writes.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <set>
#include <thread>

#include <fcntl.h>
#include <sys/stat.h>

#include "content/article_cache.h"
#include "driver/driver.h"
#include "incremental/incremental.h"
#include "support/temp_site.h"

namespace pp {
namespace {

namespace fs = std::filesystem;

// The minimal site plus eight older news bundles in English and Arabic;
// n05 names n02 as related, n06 links to it in its body.
void make_site(const fs::path& root) {
  test::make_minimal_site(root);
  for (int i = 1; i <= 8; ++i) test::add_news_bundle(root, "n0" + std::to_string(i), i);
}

// Inputs changed in the last 200 ms are not trusted to the parse cache or the
// record (racy timestamps), so each test waits that long after writing one.
void settle() {
  std::this_thread::sleep_for(std::chrono::milliseconds(250));
}

struct Site {
  test::TempDir dir;
  Site() {
    make_site(dir.path());
    settle();
  }
  BuildResult build() const {
    BuildOptions o;
    o.root = dir.path();
    return run_build(o);
  }
  void edit(const std::string& rel, const std::string& from, const std::string& to) const {
    std::string text = test::read_text(dir.path() / rel);
    const auto at = text.find(from);
    ASSERT_NE(at, std::string::npos) << rel << ": " << from;
    text.replace(at, from.size(), to);
    test::write_text(dir.path(), rel, text);
    settle();
  }
  /// Writes a new file `rel`.
  void place(const std::string& rel, const std::string& text) const {
    test::write_text(dir.path(), rel, text);
    settle();
  }
  // What a clean build of the site as it is now writes, and what is there.
  void expect_same_as_clean_build() const {
    test::TempDir clean;
    test::copy_tree(dir.path() / "content", clean.path() / "content");
    test::copy_tree(dir.path() / "pipeline", clean.path() / "pipeline");
    test::copy_tree(dir.path() / "locales", clean.path() / "locales");
    BuildOptions o;
    o.root = clean.path();
    ASSERT_EQ(exit_status(run_build(o)), 0);
    for (const char* folder : {"public", "mail"}) {
      const auto want = test::read_tree(clean.path() / folder);
      const auto have = test::read_tree(dir.path() / folder);
      ASSERT_EQ(have.size(), want.size()) << folder;
      for (const auto& [path, bytes] : want)
        EXPECT_TRUE(have.count(path) && have.at(path) == bytes) << folder << "/" << path;
    }
  }
};

std::set<std::string> rendered(const BuildResult& r) {
  EXPECT_EQ(exit_status(r), 0) << format_diagnostics(r.diagnostics.sorted(), OutputFormat::text);
  EXPECT_FALSE(r.reused);
  EXPECT_EQ(r.rendered, r.rendered_files.size());
  return {r.rendered_files.begin(), r.rendered_files.end()};
}

// The pages that list the articles of a language (the home page its latest
// 20, which here are all of them; the feed all; a section page those of the
// section), and the sitemap.
std::set<std::string> lists(const std::vector<std::string>& langs,
                            const std::vector<std::string>& sections = {"news", "reviews"}) {
  std::set<std::string> out = {"public/sitemap.xml"};
  for (const auto& l : langs) {
    out.insert("public/" + l + "/index.html");
    out.insert("public/" + l + "/feed.xml");
    for (const auto& s : sections) out.insert("public/" + l + "/" + s + "/index.html");
  }
  return out;
}

std::set<std::string> article(const std::string& lang, const std::string& section,
                              const std::string& slug) {
  return {"public/" + lang + "/" + section + "/" + slug + "/index.html",
          "mail/" + lang + "/" + section + "--" + slug + ".eml"};
}

std::set<std::string> joined(std::initializer_list<std::set<std::string>> parts) {
  std::set<std::string> out;
  for (const auto& p : parts) out.insert(p.begin(), p.end());
  return out;
}

TEST(IncrementalBuild, AnEditedArticleRendersWhatShowsIt) {
  Site s;
  const BuildResult first = s.build();
  const auto all = rendered(first);
  // The chooser, the lists, a page and an email for 9 news articles in two
  // languages and the review in English, the style sheet, the icon and the
  // share card, the
  // 404 pages (the root's and one per language), which name no article, and
  // the web copies of the weekly briefs: three weeks in both languages.
  const auto briefs = std::count_if(all.begin(), all.end(), [](const std::string& f) {
    return f.find("/briefs/") != std::string::npos;
  });
  EXPECT_EQ(briefs, 6);
  ASSERT_EQ(all.size(),
            1u + lists({"en", "ar"}).size() + 2 * (9 * 2 + 1) + 3u + 3u + std::size_t(briefs));
  // n02's body: its pages and emails in both languages (the Arabic one
  // inherits from it), the pages that name it as related (emails show no
  // related articles) and the English page and email whose body links to it
  // (the Arabic translation of n06 has no such link), and the feeds, whose
  // entries carry the bodies (feeds.content: full). No other list: lists and
  // the sitemap show front matter only (listing_digest()).
  s.edit("content/news/n02/index.en.md", "Body of n02.", "Body of n02, corrected.");
  const auto n02_shown = joined({article("en", "news", "n02"),
                                 article("ar", "news", "n02"),
                                 {"public/en/news/n05/index.html", "public/ar/news/n05/index.html"},
                                 article("en", "news", "n06"),
                                 {"public/en/feed.xml", "public/ar/feed.xml"}});
  EXPECT_EQ(rendered(s.build()), n02_shown);
  EXPECT_NE(test::read_text(s.dir.path() / "public/en/news/n02/index.html").find("corrected"),
            std::string::npos);
  s.expect_same_as_clean_build();
  // Its summary, which lists show: its English lists are rendered again (the
  // Arabic translation has a summary of its own).
  s.edit("content/news/n02/index.en.md", "About n02.", "About n02, corrected.");
  const auto after_summary = rendered(s.build());
  for (const auto& f : joined({lists({"en"}, {"news"}), article("en", "news", "n02")}))
    EXPECT_TRUE(after_summary.count(f)) << f;
  // And the web copy of its week's brief, which shows summaries, in each
  // language: a brief reads its week's entries (w:<lang>:<week>, whose value
  // has the listing of n02's bundle, Arabic file included) and the weeks
  // each language has (w:<lang>, for its alternates), not whole lists. The
  // other weeks' briefs are not rendered again.
  EXPECT_EQ(std::count_if(after_summary.begin(), after_summary.end(),
                          [](const std::string& f) { return f.starts_with("public/en/briefs/"); }),
            1);
  EXPECT_EQ(std::count_if(after_summary.begin(), after_summary.end(),
                          [](const std::string& f) { return f.starts_with("public/ar/briefs/"); }),
            1);
  s.expect_same_as_clean_build();
  // Nothing changed since: nothing at all is rendered.
  EXPECT_TRUE(s.build().reused);
}

// A brief's web copy names the languages that have a brief of its week
// (w:<lang>): an English article alone in a week the Arabic brief has gives
// that page an English alternate, though nothing it lists changed.
// serve builds into .polypress/serve/; a build into other folders keeps the
// records of the default folders (and the other way round), so that after a
// preview `build` renders only what changed since its own last build.
TEST(IncrementalBuild, BuildsIntoOtherFoldersKeepEachOthersRecords) {
  Site s;
  rendered(s.build());
  BuildOptions serve;
  serve.root = s.dir.path();
  serve.out_dir = kServeOutFolder;
  serve.mail_dir = kServeMailFolder;
  EXPECT_EQ(exit_status(run_build(serve)), 0);
  s.edit("content/news/n03/index.en.md", "Body of n03.", "Body of n03, corrected.");
  const auto n03_shown = joined({article("en", "news", "n03"),
                                 article("ar", "news", "n03"),
                                 {"public/en/feed.xml", "public/ar/feed.xml"}});
  EXPECT_EQ(rendered(s.build()), n03_shown);
  const BuildResult again = run_build(serve);
  EXPECT_EQ(again.rendered, n03_shown.size());
}

TEST(IncrementalBuild, ABriefShowsALanguageThatGainsItsWeek) {
  Site s;
  const auto article = [](const std::string& lang, const std::string& title,
                          const std::string& date) {
    return "---\ntitle: \"" + title + "\"\ntype: news\ndate: " + date + "\nsummary: \"" + title +
           ".\"\nverdict: \"Fine.\"\nsources:\n  - {title: \"Post\", url: "
           "\"https://vendor.example/" +
           lang + "\", publisher: \"Vendor\", accessed: 2026-10-09}\n---\nBody.\n";
  };
  s.place("content/news/arabic-only/index.ar.md", article("ar", "خبر", "2026-10-05"));
  ASSERT_EQ(exit_status(s.build()), 0);
  const std::string page = "public/ar/briefs/2026-W41/index.html";
  ASSERT_EQ(test::read_text(s.dir.path() / page).find("/en/briefs/2026-W41/"), std::string::npos);
  s.place("content/news/english-only/index.en.md", article("en", "News", "2026-10-06"));
  EXPECT_TRUE(rendered(s.build()).count(page));
  EXPECT_NE(test::read_text(s.dir.path() / page).find("/en/briefs/2026-W41/"), std::string::npos);
  s.expect_same_as_clean_build();
}

// An edit that keeps the size and puts the modification time back (`touch
// -r`, an editor's "preserve timestamps") is seen: the stamp holds the change
// time, which nobody can set. A new error in it is found, not hidden by the
// last build's record.
TEST(IncrementalBuild, AnEditWithItsModificationTimePutBackIsSeen) {
  Site s;
  ASSERT_EQ(exit_status(s.build()), 0);
  const fs::path file = s.dir.path() / "content/news/n03/index.en.md";
  struct stat before {};
  ASSERT_EQ(::stat(file.c_str(), &before), 0);
  std::string text = test::read_text(file);
  // "Body of n03." becomes a link to a bundle that does not exist, same size.
  const std::string from = "Body of n03.\n", to = "[x](/n/zzz)!\n";
  ASSERT_EQ(from.size(), to.size());
  text.replace(text.find(from), from.size(), to);
  test::write_text(s.dir.path(), "content/news/n03/index.en.md", text);
  const timespec times[2] = {before.st_atim, before.st_mtim};
  ASSERT_EQ(::utimensat(AT_FDCWD, file.c_str(), times, AT_SYMLINK_NOFOLLOW), 0);
  settle();
  const BuildResult r = s.build();
  EXPECT_FALSE(r.reused);
  EXPECT_EQ(exit_status(r), 1);
  EXPECT_NE(format_diagnostics(r.diagnostics.sorted(), OutputFormat::text)
                .find("content/news/n03/index.en.md:10:1: error: "),
            std::string::npos)
      << format_diagnostics(r.diagnostics.sorted(), OutputFormat::text);
}

// Git's racy rule by the file system's own clock: on a file system that
// stamps whole seconds, a file saved in the second a build starts has the
// stamp the clock reads; it could be saved again, same size, with the same
// stamp. Such a stamp is never trusted, however long after the second's
// start the build began (the rule before judged by the system clock: 0.9 s
// later, it trusted it).
TEST(IncrementalBuild, AStampAsNewAsTheFileSystemsClockIsNotTrusted) {
  const long long second = 1'800'000'000LL * 1'000'000'000LL;
  EXPECT_TRUE(racy_stamp(second, second));
  EXPECT_TRUE(racy_stamp(second - 100'000'000LL, second));
  EXPECT_FALSE(racy_stamp(second - 1'000'000'000LL, second));
  test::TempDir dir;
  const long long clock = file_system_clock_ns(dir.path());
  const long long now = std::chrono::duration_cast<std::chrono::nanoseconds>(
                            std::chrono::system_clock::now().time_since_epoch())
                            .count();
  EXPECT_LE(clock, now);
  EXPECT_FALSE(fs::exists(dir.path() / ".polypress/clock"));
}

// A copied file (a bundle's or a static file) changed as late as the build's
// start by the file system's clock is never recorded as current: on a file
// system with one-second timestamps a second edit within that second would
// keep its stamp, and the old copy would stay published (audit of issue 37,
// M6).
TEST(IncrementalBuild, ACopiedFileChangedAtTheBuildsStartIsNeverCurrent) {
  test::TempDir dir;
  test::write_text(dir.path(), "a.csv", "1,2\n");
  const std::string path = (dir.path() / "a.csv").string();
  long long changed = 0;
  const std::string stamp = file_stamp(path, &changed);
  const SiteConfig config;
  const Corpus corpus;
  const LocaleMap locales;
  const TemplateSet templates;
  RenderOptions at_start, later;
  at_start.file_system_clock_ns = changed;
  later.file_system_clock_ns = changed + 2'000'000'000LL;
  const auto key = DependencyKey::copied_file(path);
  const BuildPlan one(dir.path(), config, corpus, locales, templates, at_start);
  const BuildPlan two(dir.path(), config, corpus, locales, templates, at_start);
  EXPECT_NE(one.value(key), stamp);
  EXPECT_NE(one.value(key), two.value(key));
  EXPECT_EQ(one.value(key), one.value(key));
  EXPECT_EQ(BuildPlan(dir.path(), config, corpus, locales, templates, later).value(key), stamp);
}

TEST(IncrementalBuild, ANewestArticleIsOnEveryPageOfItsLanguage) {
  Site s;
  const auto all = rendered(s.build());
  // The newest article is in every article page's "latest" list: a new title
  // renders every English page but the section page of the reviews and the
  // briefs of other weeks (a brief reads its own week's entries)…
  s.edit("content/news/chip-launch/index.en.md", "A new chip <ships>", "A newer chip");
  const auto r = rendered(s.build());
  const auto brief = [](const std::string& f) { return f.find("/briefs/") != std::string::npos; };
  std::size_t en_pages = 0;
  for (const auto& f : all)
    if (f.rfind("public/en/", 0) == 0 && f.ends_with("/index.html") &&
        f != "public/en/reviews/index.html" && !brief(f))
      ++en_pages;
  std::size_t en_rendered = 0, en_briefs = 0;
  for (const auto& f : r)
    if (f.rfind("public/en/", 0) == 0 && f.ends_with("/index.html"))
      ++(brief(f) ? en_briefs : en_rendered);
  EXPECT_EQ(en_rendered, en_pages);
  EXPECT_EQ(en_briefs, 1u);
  EXPECT_FALSE(r.count("public/en/reviews/index.html"));
  // …but the emails of other articles show no list and are left alone.
  EXPECT_FALSE(r.count("mail/en/news--n01.eml"));
  s.expect_same_as_clean_build();
}

TEST(IncrementalBuild, ACatalogRendersItsLanguageOnly) {
  Site s;
  rendered(s.build());
  s.edit("locales/ar.po", "msgstr \"الأخبار\"", "msgstr \"أخبار\"");
  const auto r = rendered(s.build());
  ASSERT_FALSE(r.empty());
  for (const auto& f : r)
    EXPECT_TRUE(f.rfind("public/ar/", 0) == 0 || f.rfind("mail/ar/", 0) == 0 ||
                f == "public/index.html")  // the chooser shows every language's label
        << f;
  s.expect_same_as_clean_build();
}

TEST(IncrementalBuild, ATemplateRendersWhatUsesIt) {
  Site s;
  const auto all = rendered(s.build());
  // A partial of the pages: every HTML page but the chooser (which does not
  // include it), no email, no feed. The site's own file replaces the
  // built-in theme's, and then its edits count.
  std::string footer = test::read_text(test::source_dir() / "theme/templates/html/footer.mustache");
  footer.replace(footer.find("</footer>"), 9, "<!-- f --></footer>");
  s.place("pipeline/templates/html/footer.mustache", footer);
  std::set<std::string> pages;
  for (const auto& f : all)
    if (f.ends_with(".html") && f != "public/index.html") pages.insert(f);
  EXPECT_EQ(rendered(s.build()), pages);
  s.expect_same_as_clean_build();
  s.edit("pipeline/templates/html/footer.mustache", "<!-- f -->", "<!-- g -->");
  EXPECT_EQ(rendered(s.build()), pages);
  s.expect_same_as_clean_build();
  // Gone again: the built-in footer is back on the same pages.
  std::filesystem::remove(s.dir.path() / "pipeline/templates/html/footer.mustache");
  settle();
  EXPECT_EQ(rendered(s.build()), pages);
  s.expect_same_as_clean_build();
}

TEST(IncrementalBuild, SiteConfigurationRendersEverything) {
  Site s;
  const auto all = rendered(s.build());
  s.edit("pipeline/site.yaml", "name: TestSite", "name: TestSite Two");
  EXPECT_EQ(rendered(s.build()), all);
  s.expect_same_as_clean_build();
}

TEST(IncrementalBuild, NewTranslationsDraftsAndDeletionsAreSeen) {
  Site s;
  rendered(s.build());
  // A new Arabic translation of the review: its page and email, its bundle's
  // English page (the language switcher), the lists, and the pages that show
  // the review among the latest articles; not the emails of other articles.
  test::write_text(s.dir.path(), "content/reviews/tool/index.ar.md",
                   "---\ntitle: \"مراجعة\"\nsummary: \"أداة.\"\nverdict: \"جيدة.\"\n"
                   "translation_of: en\n---\nتعمل.\n");
  settle();
  auto r = rendered(s.build());
  EXPECT_TRUE(r.count("public/ar/reviews/tool/index.html"));
  EXPECT_TRUE(r.count("public/en/reviews/tool/index.html"));
  EXPECT_TRUE(r.count("mail/ar/reviews--tool.eml"));
  EXPECT_FALSE(r.count("mail/en/news--n01.eml"));
  s.expect_same_as_clean_build();
  // A draft leaves the lists.
  s.edit("content/news/n01/index.en.md", "type: news", "type: news\ndraft: true");
  r = rendered(s.build());
  EXPECT_TRUE(r.count("public/en/index.html"));
  // A bundle removed: the lists lose it (its old files stay where they are).
  fs::remove_all(s.dir.path() / "content/news/n03");
  settle();
  r = rendered(s.build());
  EXPECT_TRUE(r.count("public/en/news/index.html"));
  EXPECT_FALSE(r.count("public/en/news/n04/index.html"));
}

TEST(IncrementalBuild, AnOutputChangedOnDiskIsPutRight) {
  Site s;
  rendered(s.build());
  test::write_text(s.dir.path(), "public/en/news/n04/index.html", "tampered");
  fs::remove(s.dir.path() / "mail/ar/news--n04.eml");
  const auto r = rendered(s.build());
  EXPECT_EQ(r, (std::set<std::string>{"public/en/news/n04/index.html", "mail/ar/news--n04.eml"}));
  s.expect_same_as_clean_build();
}

}  // namespace
}  // namespace pp
