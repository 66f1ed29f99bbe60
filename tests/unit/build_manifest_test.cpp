// The build manifest: a build with nothing changed renders and writes nothing;
// any change to an input, an option or an output makes a real build again.
#include <gtest/gtest.h>

#include <sqlite3.h>
#include <sys/stat.h>

#include <chrono>
#include <thread>

#include "driver/driver.h"
#include "support/temp_site.h"

namespace pp {
namespace {

namespace fs = std::filesystem;

// Inputs changed in the last 200 ms are not trusted to a record (racy
// timestamps), so each test waits that long after writing an input.
void settle() {
  std::this_thread::sleep_for(std::chrono::milliseconds(250));
}

struct Site {
  test::TempDir dir;
  Site() {
    test::make_minimal_site(dir.path());
    settle();
  }
  BuildResult build(std::vector<std::string> languages = {}) const {
    BuildOptions o;
    o.root = dir.path();
    o.languages = std::move(languages);
    return run_build(o);
  }
  fs::path at(const std::string& rel) const { return dir.path() / rel; }
};

long long mtime_ns(const fs::path& p) {
  struct stat st {};
  ::stat(p.c_str(), &st);
  return st.st_mtim.tv_sec * 1000000000LL + st.st_mtim.tv_nsec;
}

TEST(BuildManifest, NothingChangedRendersAndWritesNothing) {
  Site s;
  const BuildResult first = s.build();
  ASSERT_EQ(exit_status(first), 0);
  EXPECT_FALSE(first.reused);
  EXPECT_GT(first.rendered, 10u);
  const auto page = s.at("public/en/news/chip-launch/index.html");
  const auto before = mtime_ns(page);
  const BuildResult second = s.build();
  EXPECT_EQ(exit_status(second), 0);
  EXPECT_TRUE(second.reused);
  EXPECT_EQ(second.rendered, 0u);
  EXPECT_EQ(second.stats.written, 0);
  EXPECT_EQ(second.stats.unchanged, static_cast<int>(first.rendered));
  EXPECT_EQ(mtime_ns(page), before);
  // The first build's warnings are shown again, exactly.
  EXPECT_EQ(second.diagnostics.sorted().size(), first.diagnostics.sorted().size());
  ASSERT_FALSE(first.diagnostics.sorted().empty());
  EXPECT_EQ(second.diagnostics.sorted()[0].message, first.diagnostics.sorted()[0].message);
}

TEST(BuildManifest, AnyChangeBuildsAgain) {
  Site s;
  ASSERT_EQ(exit_status(s.build()), 0);
  // An edited article.
  std::string en = test::read_text(s.at("content/news/chip-launch/index.en.md"));
  en += "\nOne more sentence.\n";
  test::write_text(s.dir.path(), "content/news/chip-launch/index.en.md", en);
  settle();
  BuildResult r = s.build();
  EXPECT_FALSE(r.reused);
  EXPECT_GT(r.rendered, 0u);
  EXPECT_NE(
      test::read_text(s.at("public/en/news/chip-launch/index.html")).find("One more sentence"),
      std::string::npos);
  EXPECT_TRUE(s.build().reused);
  // A deleted output comes back.
  fs::remove(s.at("public/ar/index.html"));
  r = s.build();
  EXPECT_FALSE(r.reused);
  EXPECT_TRUE(fs::exists(s.at("public/ar/index.html")));
  EXPECT_TRUE(s.build().reused);
  // An edited output is put right.
  test::write_text(s.dir.path(), "mail/en/news--chip-launch.eml", "tampered");
  r = s.build();
  EXPECT_FALSE(r.reused);
  EXPECT_NE(test::read_text(s.at("mail/en/news--chip-launch.eml")), "tampered");
  // Other options, a catalog, a template, a new file: each builds again.
  EXPECT_FALSE(s.build({"en"}).reused);
  EXPECT_FALSE(s.build().reused);
  test::write_text(s.dir.path(), "locales/ar.po", test::read_text(s.at("locales/ar.po")) + "\n");
  settle();
  EXPECT_FALSE(s.build().reused);
  test::write_text(s.dir.path(), "pipeline/templates/html/footer.mustache",
                   test::read_text(s.at("pipeline/templates/html/footer.mustache")) + "\n");
  settle();
  EXPECT_FALSE(s.build().reused);
  test::write_text(s.dir.path(), "pipeline/static/extra.css", "body{}\n");
  settle();
  r = s.build();
  EXPECT_FALSE(r.reused);
  EXPECT_TRUE(fs::exists(s.at("public/assets/extra.css")));
  EXPECT_TRUE(s.build().reused);
}

TEST(BuildManifest, AFailedBuildIsNeverReused) {
  Site s;
  ASSERT_EQ(exit_status(s.build()), 0);
  test::write_text(s.dir.path(), "content/news/chip-launch/index.en.md", "---\ntitle: [\n---\n");
  EXPECT_EQ(exit_status(s.build()), 1);
  EXPECT_EQ(exit_status(s.build()), 1);  // still an error, not a reused success
}

}  // namespace
}  // namespace pp

namespace pp {
namespace {

// An input written just before a build is not trusted to the record: the
// next build is a real one, so a same-size edit in the same clock tick is seen.
TEST(BuildManifest, AFreshlyChangedInputIsNotRecorded) {
  test::TempDir dir;
  test::make_minimal_site(dir.path());
  BuildOptions o;
  o.root = dir.path();
  ASSERT_EQ(exit_status(run_build(o)), 0);  // inputs just written: not recorded
  EXPECT_FALSE(run_build(o).reused);
}

}  // namespace
}  // namespace pp

namespace pp {
namespace {

// Runs `sql` on the site's state; the value of `check` (a query of one text)
// after it.
std::string on_state(const fs::path& site, const std::string& sql, const std::string& check) {
  sqlite3* db = nullptr;
  if (sqlite3_open((site / ".polypress/build.sqlite").c_str(), &db) != SQLITE_OK) return "";
  sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr);
  std::string out;
  sqlite3_stmt* st = nullptr;
  if (sqlite3_prepare_v2(db, check.c_str(), -1, &st, nullptr) == SQLITE_OK &&
      sqlite3_step(st) == SQLITE_ROW)
    if (const auto* t = sqlite3_column_text(st, 0)) out = reinterpret_cast<const char*>(t);
  sqlite3_finalize(st);
  sqlite3_close(db);
  return out;
}

// docs/incremental.md, "Damage": a finding that damage leaves well formed in
// the build record or in an output's record is never reported: the seal of
// the record no longer matches, so it is no record at all.
TEST(BuildManifest, DamagedRowsAreNoRecords) {
  test::TempDir dir;
  const fs::path site = dir.path();
  test::make_minimal_site(site);
  test::make_old(site);
  BuildOptions o;
  o.root = site;
  ASSERT_EQ(exit_status(run_build(o)), 0);
  const std::string planted =
      "{\"column\":1,\"file\":\"x.md\",\"line\":1,\"message\":\"planted\",\"rule\":"
      "\"emit/state\",\"severity\":\"warning\"}";
  // In the build record: without the seal, a no-op would replay it.
  ASSERT_NE(on_state(site,
                     "UPDATE build SET value = replace(value, '\"findings\":[', '\"findings\":[" +
                         planted + ",') WHERE key = 'record'",
                     "SELECT value FROM build WHERE key = 'record'")
                .find("planted"),
            std::string::npos);
  BuildResult r = run_build(o);
  ASSERT_EQ(exit_status(r), 0);
  EXPECT_FALSE(r.reused);
  for (const auto& d : r.diagnostics.sorted()) EXPECT_NE(d.message, "planted");
  // In an output's record: without the seal, the page would be taken as
  // current and its planted finding replayed.
  ASSERT_EQ(on_state(site,
                     "UPDATE outputs SET findings = '[" + planted +
                         "]' WHERE path LIKE '%public/en/index.html'; DELETE FROM build",
                     "SELECT findings FROM outputs WHERE path LIKE '%public/en/index.html'"),
            "[" + planted + "]");
  r = run_build(o);
  ASSERT_EQ(exit_status(r), 0);
  for (const auto& d : r.diagnostics.sorted()) EXPECT_NE(d.message, "planted");
  EXPECT_NE(std::find(r.rendered_files.begin(), r.rendered_files.end(), "public/en/index.html"),
            r.rendered_files.end());
}

}  // namespace
}  // namespace pp
