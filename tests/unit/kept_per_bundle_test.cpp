// What builds keep per bundle (docs/incremental.md, "Checks", "Feeds and the
// sitemap"): a build checks again only the bundles whose findings could
// change, takes the others' findings from the last build, and reports exactly
// what a clean build of the same site reports; feeds and the sitemap take the
// pieces of unchanged bundles from the last build, and write what a clean
// build writes. File times are set with utimensat, each write its own
// time an hour ago (older than the racy window): no test here sleeps.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <sys/stat.h>

#include <chrono>

#include "core/digest.h"
#include "driver/driver.h"
#include "incremental/state_db.h"
#include "support/temp_site.h"

namespace pp {
namespace {

namespace fs = std::filesystem;

std::string news(const std::string& id, const std::string& body, const std::string& extra = "") {
  return "---\ntitle: \"News " + id + "\"\ntype: news\ndate: 2026-11-0" +
         std::to_string(id[0] - 'a' + 1) + "\nsummary: \"About " + id +
         ".\"\nverdict: \"Fine.\"\nsources:\n  - {title: \"Post\", url: "
         "\"https://vendor.example/" +
         id + "\", publisher: \"Vendor\", accessed: 2026-11-09}\n" + extra + "---\n" + body;
}

class KeptPerBundle : public ::testing::Test {
 protected:
  test::TempDir dir;
  int writes = 0;

  // Replaces the kept findings of `bundle`'s checks with `json`, sealed as a
  // build seals its rows when `with_seal`, as damage would leave them if not.
  void plant_checked_findings(const std::string& bundle, const std::string& json, bool with_seal) {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open((dir.path() / ".polypress/build.sqlite").c_str(), &db), SQLITE_OK);
    sqlite3_stmt* st = nullptr;
    ASSERT_EQ(sqlite3_prepare_v2(db, "SELECT key, face, names FROM checked WHERE bundle = ?", -1,
                                 &st, nullptr),
              SQLITE_OK);
    sqlite3_bind_text(st, 1, bundle.c_str(), -1, SQLITE_TRANSIENT);
    ASSERT_EQ(sqlite3_step(st), SQLITE_ROW);
    auto text = [&](int i) {
      const auto* t = reinterpret_cast<const char*>(sqlite3_column_text(st, i));
      return std::string(t ? t : "");
    };
    const std::string key = text(0), face = text(1), names = text(2);
    sqlite3_finalize(st);
    const std::string stored = with_seal ? row_sealed({bundle, key, face, names}, json) : json;
    ASSERT_EQ(sqlite3_prepare_v2(db, "UPDATE checked SET findings = ? WHERE bundle = ?", -1, &st,
                                 nullptr),
              SQLITE_OK);
    sqlite3_bind_text(st, 1, stored.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 2, bundle.c_str(), -1, SQLITE_TRANSIENT);
    EXPECT_EQ(sqlite3_step(st), SQLITE_DONE);
    sqlite3_finalize(st);
    EXPECT_EQ(sqlite3_changes(db), 1);
    sqlite3_close(db);
  }

  // The minimal site and four news bundles: a links to b's heading, to c's
  // page and to a static file, and names d as related; a's Arabic file links
  // to b, which has no Arabic file (a warning: the build still succeeds).
  void SetUp() override {
    test::make_minimal_site(dir.path());
    for (const auto& e : fs::recursive_directory_iterator(dir.path()))
      if (e.is_regular_file()) age(e.path());
    put("content/news/a/index.en.md", news("a",
                                           "See [part two](/news/b#part-two), [c](/en/news/c/) and "
                                           "[the style](/assets/extra.css).\n",
                                           "related: [news/d]\n"));
    put("content/news/a/index.ar.md",
        "---\ntitle: \"خبر\"\nsummary: \"عن.\"\nverdict: \"جيد.\"\ntranslation_of: en\n---\n"
        "انظر [ب](/news/b).\n");
    put("content/news/b/index.en.md", news("b", "## Part two\n\nText of b.\n"));
    put("content/news/c/index.en.md", news("c", "Body of c.\n"));
    put("content/news/d/index.en.md", news("d", "Body of d.\n"));
    put("pipeline/static/extra.css", "p { margin: 0 }\n");
  }

  // Gives `file` the next write's time, an hour ago.
  void age(const fs::path& file) {
    const auto t =
        std::chrono::system_clock::now() - std::chrono::hours(1) + std::chrono::seconds(++writes);
    const long long ns =
        std::chrono::duration_cast<std::chrono::nanoseconds>(t.time_since_epoch()).count();
    const timespec ts[2] = {{ns / 1'000'000'000, ns % 1'000'000'000},
                            {ns / 1'000'000'000, ns % 1'000'000'000}};
    ASSERT_EQ(::utimensat(AT_FDCWD, file.c_str(), ts, AT_SYMLINK_NOFOLLOW), 0) << file;
  }

  void put(const std::string& rel, const std::string& text) {
    test::write_text(dir.path(), rel, text);
    age(dir.path() / rel);
  }

  void edit(const std::string& rel, const std::string& from, const std::string& to) {
    std::string text = test::read_text(dir.path() / rel);
    const auto at = text.find(from);
    ASSERT_NE(at, std::string::npos) << rel << ": " << from;
    put(rel, text.replace(at, from.size(), to));
  }

  static std::string findings_of(const fs::path& root) {
    BuildOptions o;
    o.root = root;
    return format_diagnostics(run_build(o).diagnostics.sorted(), OutputFormat::text);
  }

  // The findings of a build here, after checking that a clean build of a
  // copy of the site finds the same.
  std::string build_as_clean() {
    const std::string here = findings_of(dir.path());
    test::TempDir clean;
    for (const char* folder : {"content", "pipeline", "locales"})
      test::copy_tree(dir.path() / folder, clean.path() / folder);
    EXPECT_EQ(here, findings_of(clean.path()));
    return here;
  }
};

TEST_F(KeptPerBundle, EachChangeANeighbourSeesIsFoundAsByACleanBuild) {
  std::string found = build_as_clean();
  EXPECT_NE(found.find("content/news/a/index.ar.md:7:6: warning: 'news/b' has no 'ar' translation"),
            std::string::npos)
      << found;
  // Only c changes: a's warning is the one kept.
  edit("content/news/c/index.en.md", "Body of c.", "Body of c, edited.");
  EXPECT_NE(build_as_clean().find("a/index.ar.md:7:6"), std::string::npos);
  // b gains an Arabic file: a (unchanged) loses its warning.
  put("content/news/b/index.ar.md",
      "---\ntitle: \"ب\"\nsummary: \"عن.\"\nverdict: \"جيد.\"\ntranslation_of: en\n---\n"
      "## الجزء\n\nنص.\n");
  EXPECT_EQ(build_as_clean().find("a/index.ar.md:7:6"), std::string::npos);
  // b's heading changes: a's link to it breaks.
  edit("content/news/b/index.en.md", "## Part two", "## Part 2");
  found = build_as_clean();
  EXPECT_NE(
      found.find("content/news/a/index.en.md:11:5: error: 'news/b' (en) has no heading or anchor "
                 "with id 'part-two' [link/anchor]"),
      std::string::npos)
      << found;
  edit("content/news/b/index.en.md", "## Part 2", "## Part two");
  EXPECT_EQ(build_as_clean().find("link/anchor"), std::string::npos);
  // d goes: a names an unknown bundle; d comes back.
  fs::remove_all(dir.path() / "content/news/d");
  EXPECT_NE(build_as_clean().find("'related' names unknown bundle 'news/d'"), std::string::npos);
  put("content/news/d/index.en.md", news("d", "Body of d.\n"));
  EXPECT_EQ(build_as_clean().find("link/related"), std::string::npos);
  // The static file goes: a's link to it breaks.
  fs::remove(dir.path() / "pipeline/static/extra.css");
  EXPECT_NE(build_as_clean().find("no file 'extra.css' in pipeline/static/"), std::string::npos);
}

// An absolute link to the site's own page (under base_url) names its bundle
// as a site path does: a change of the target is seen by the unchanged page
// linking to it (d names c by nothing else).
TEST_F(KeptPerBundle, AnAbsoluteLinkToTheSitesOwnPageSeesItsTargetChange) {
  edit("content/news/c/index.en.md", "Body of c.", "## Part\n\nBody of c.");
  edit("content/news/d/index.en.md", "Body of d.",
       "Body of d: [c's part](https://test.example/en/news/c/#part).");
  EXPECT_EQ(build_as_clean().find("link/anchor"), std::string::npos);
  edit("content/news/c/index.en.md", "## Part", "## Section");
  EXPECT_NE(build_as_clean().find("'news/c' (en) has no heading or anchor with id 'part' "
                                  "[link/anchor]"),
            std::string::npos);
}

TEST_F(KeptPerBundle, AnUnchangedBundlesFindingsComeFromTheLastBuild) {
  ASSERT_EQ(findings_of(dir.path()).find("error"), std::string::npos);
  // A finding planted in c's kept checks is reported while nothing c's
  // checks read changes, and gone once c is checked again. Planted with the
  // row's seal, as a build writes it; without it, the row is no record
  // (docs/incremental.md, "Damage").
  const std::string planted =
      "[{\"file\": \"content/news/c/index.en.md\", \"line\": 9, \"column\": 1, \"severity\": "
      "\"warning\", \"rule\": \"link/untranslated\", \"message\": \"planted\"}]";
  plant_checked_findings("news/c", planted, true);
  edit("content/news/d/index.en.md", "Body of d.", "Body of d, edited.");
  EXPECT_NE(findings_of(dir.path()).find("content/news/c/index.en.md:9:1: warning: planted"),
            std::string::npos);
  edit("content/news/c/index.en.md", "Body of c.", "Body of c, edited.");
  EXPECT_EQ(findings_of(dir.path()).find("planted"), std::string::npos);
  // Damage: the same finding without the row's seal is never reported.
  plant_checked_findings("news/c", planted, false);
  edit("content/news/d/index.en.md", "Body of d, edited.", "Body of d, edited again.");
  EXPECT_EQ(findings_of(dir.path()).find("planted"), std::string::npos);
}

TEST_F(KeptPerBundle, FeedsAndTheSitemapTakeTheKeptPiecesOfUnchangedBundles) {
  // Feeds keep pieces when their entries show front matter alone: with the
  // bodies (feeds.content: full), an entry depends on more than its bundle's
  // listing (Feeds.AnEditedBodyReachesTheFeedAsInACleanBuild).
  put("pipeline/site.yaml",
      test::read_text(dir.path() / "pipeline/site.yaml") + "feeds:\n  content: summary\n");
  ASSERT_EQ(findings_of(dir.path()).find("error"), std::string::npos);
  // A clean build keeps no pieces; the next one that renders the feeds does.
  auto kept_pieces = [&] {
    sqlite3* db = nullptr;
    EXPECT_EQ(sqlite3_open((dir.path() / ".polypress/build.sqlite").c_str(), &db), SQLITE_OK);
    sqlite3_stmt* st = nullptr;
    int n = -1;
    if (sqlite3_prepare_v2(db, "SELECT count(*) FROM entries", -1, &st, nullptr) == SQLITE_OK &&
        sqlite3_step(st) == SQLITE_ROW)
      n = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    sqlite3_close(db);
    return n;
  };
  EXPECT_EQ(kept_pieces(), 0);
  edit("content/news/d/index.en.md", "summary: \"About d.\"", "summary: \"About d, edited.\"");
  findings_of(dir.path());
  EXPECT_GT(kept_pieces(), 0);
  // Changes the kept piece `key`, sealed again as polypress seals what it
  // keeps, or left with its old seal (as a damaged state file would).
  auto plant = [&](const std::string& key, const std::string& from, const std::string& to,
                   bool reseal) {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open((dir.path() / ".polypress/build.sqlite").c_str(), &db), SQLITE_OK);
    sqlite3_stmt* st = nullptr;
    ASSERT_EQ(sqlite3_prepare_v2(db, "SELECT xml FROM entries WHERE key = ?", -1, &st, nullptr),
              SQLITE_OK);
    sqlite3_bind_text(st, 1, key.c_str(), -1, SQLITE_TRANSIENT);
    ASSERT_EQ(sqlite3_step(st), SQLITE_ROW) << key;
    std::string xml = reinterpret_cast<const char*>(sqlite3_column_text(st, 0));
    sqlite3_finalize(st);
    const auto piece = unsealed(xml);
    ASSERT_TRUE(piece) << key;
    std::string changed(*piece);
    ASSERT_NE(changed.find(from), std::string::npos) << changed;
    changed.replace(changed.find(from), from.size(), to);
    xml = reseal ? sealed(changed) : changed + xml.substr(piece->size());
    ASSERT_EQ(sqlite3_prepare_v2(db, "UPDATE entries SET xml = ? WHERE key = ?", -1, &st, nullptr),
              SQLITE_OK);
    sqlite3_bind_text(st, 1, xml.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 2, key.c_str(), -1, SQLITE_TRANSIENT);
    EXPECT_EQ(sqlite3_step(st), SQLITE_DONE);
    sqlite3_finalize(st);
    EXPECT_EQ(sqlite3_changes(db), 1);
    sqlite3_close(db);
  };
  // Pieces planted in c's kept entries are written while nothing lists show
  // of c changes, and gone once c's front matter changes.
  plant("feed en news/c", "News c", "Planted c", true);
  plant("sitemap news/c", "/news/c/", "/news/planted/", true);
  edit("content/news/a/index.en.md", "summary: \"About a.\"", "summary: \"About a, edited.\"");
  findings_of(dir.path());
  EXPECT_NE(test::read_text(dir.path() / "public/en/feed.xml").find("<title>Planted c</title>"),
            std::string::npos);
  EXPECT_NE(test::read_text(dir.path() / "public/sitemap.xml").find("/news/planted/"),
            std::string::npos);
  // A piece changed without its seal (a damaged state file) is made anew.
  plant("feed en news/c", "Planted c", "Damaged c", false);
  edit("content/news/a/index.en.md", "About a, edited.", "About a, edited again.");
  findings_of(dir.path());
  EXPECT_EQ(test::read_text(dir.path() / "public/en/feed.xml").find("Damaged c"),
            std::string::npos);
  EXPECT_NE(test::read_text(dir.path() / "public/en/feed.xml").find("<title>News c</title>"),
            std::string::npos);
  edit("content/news/c/index.en.md", "summary: \"About c.\"", "summary: \"About c, edited.\"");
  build_as_clean();
  test::TempDir clean;
  for (const char* folder : {"content", "pipeline", "locales"})
    test::copy_tree(dir.path() / folder, clean.path() / folder);
  findings_of(clean.path());
  for (const char* file : {"public/en/feed.xml", "public/ar/feed.xml", "public/sitemap.xml"})
    EXPECT_EQ(test::read_text(dir.path() / file), test::read_text(clean.path() / file)) << file;
}

}  // namespace
}  // namespace pp
