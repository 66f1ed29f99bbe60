// .polypress/ (issue 15, finding 2): polypress keeps only its own real folders
// and files there; a committed link is an error naming it, and nothing it
// did not create is ever removed. A manifest that cannot be written is a
// warning naming it, and a damaged one is made anew (finding 16).
#include <gtest/gtest.h>
#include <unistd.h>

#include "core/process.h"
#include "support/temp_site.h"

namespace pp {

namespace fs = std::filesystem;

namespace {

// A site in dir/site and a folder beside it with files nobody may delete.
struct SiteAndElsewhere {
  test::TempDir dir;
  fs::path site = dir.path() / "site", elsewhere = dir.path() / "elsewhere";
  SiteAndElsewhere() {
    test::make_minimal_site(site);
    test::write_text(elsewhere, "keep.txt", "precious");
    test::write_text(elsewhere, "12345/0.tmp", "looks like staging");
    test::write_text(elsewhere, "999999/0.tmp", "looks like a dead build's staging");
    fs::create_directories(site / ".polypress");
  }
  test::Run build() const { return test::run_polypress({"-C", site.string(), "build", "--quiet"}); }
  void expect_elsewhere_untouched() const {
    EXPECT_EQ(test::read_tree(elsewhere), (std::map<std::string, std::string>{
                                              {"12345/0.tmp", "looks like staging"},
                                              {"999999/0.tmp", "looks like a dead build's staging"},
                                              {"keep.txt", "precious"}}));
  }
};

}  // namespace

TEST(StateFolder, ALinkedStagingFolderIsRefusedAndNothingBehindItIsDeleted) {
  SiteAndElsewhere s;
  fs::create_directory_symlink("../../elsewhere", s.site / ".polypress/staging");
  const auto r = s.build();
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find(".polypress/staging: error: a symbolic link in polypress's own folder; "
                       "polypress never follows or replaces it (remove it) [emit/state-folder]"),
            std::string::npos)
      << r.err;
  s.expect_elsewhere_untouched();
  EXPECT_FALSE(fs::exists(s.site / "public"));
}

TEST(StateFolder, EveryKindOfLinkInThePolypressFolderIsRefused) {
  // The folder itself, a build's staging folder, the manifest, the link
  // cache, a journal: each a link to somewhere else.
  const std::vector<std::pair<std::string, bool>> links = {
      {".polypress", true},
      {".polypress/staging/999999", true},
      {".polypress/build.sqlite", false},
      {".polypress/links.sqlite", false},
      {".polypress/build.sqlite-journal", false},
      {".polypress/unrelated-folder", true}};
  for (const auto& [rel, folder] : links) {
    SiteAndElsewhere s;
    fs::remove_all(s.site / ".polypress");
    fs::create_directories((s.site / rel).parent_path());
    if (folder)
      fs::create_directory_symlink(s.elsewhere, s.site / rel);
    else
      fs::create_symlink(s.elsewhere / "keep.txt", s.site / rel);
    const auto r = s.build();
    EXPECT_EQ(r.exit_code, 1) << rel;
    EXPECT_NE(r.err.find(rel + ": error: a symbolic link"), std::string::npos) << rel << r.err;
    s.expect_elsewhere_untouched();
  }
}

TEST(StateFolder, AFifoInThePolypressFolderIsRefusedWithoutWaiting) {
  SiteAndElsewhere s;
  ASSERT_EQ(::mkfifo((s.site / ".polypress/build.sqlite").c_str(), 0644), 0);
  const auto r = s.build();
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find(".polypress/build.sqlite: error: a FIFO in polypress's own folder"),
            std::string::npos)
      << r.err;
}

TEST(StateFolder, StaleStagingLosesOnlyItsTemporaries) {
  SiteAndElsewhere s;
  // A dead build's staging folder (no process has pid 999999 here: pid_max
  // is lower) holding a temporary and a file polypress never makes.
  test::write_text(s.site, ".polypress/staging/999999/3.tmp", "temporary");
  test::write_text(s.site, ".polypress/staging/999999/notes.txt", "a person's notes");
  test::write_text(s.site, ".polypress/staging/readme.txt", "not a build's folder");
  ASSERT_EQ(s.build().exit_code, 0);
  EXPECT_FALSE(fs::exists(s.site / ".polypress/staging/999999/3.tmp"));
  EXPECT_EQ(test::read_text(s.site / ".polypress/staging/999999/notes.txt"), "a person's notes");
  EXPECT_EQ(test::read_text(s.site / ".polypress/staging/readme.txt"), "not a build's folder");
}

TEST(StateFolder, ADamagedManifestIsMadeAnewWithAWarning) {
  test::TempDir dir;
  test::make_minimal_site(dir.path());
  const std::string site = dir.path().string();
  ASSERT_EQ(test::run_polypress({"-C", site, "build", "--quiet"}).exit_code, 0);
  // Garbage where the manifest was: SQLite reads no database in it.
  test::write_text(dir.path(), ".polypress/build.sqlite",
                   std::string(8192, 'x') + "not a database");
  auto r = test::run_polypress({"-C", site, "build"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find(".polypress/build.sqlite: warning: was damaged (file is not a database; it "
                       "was removed, and the next build makes it anew); this build renders "
                       "everything [emit/state]"),
            std::string::npos)
      << r.err;
  // The next build finds a good manifest: nothing to do, no warning.
  r = test::run_polypress({"-C", site, "build"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err.find("emit/state"), std::string::npos) << r.err;
}

TEST(StateFolder, AReadOnlyPolypressFolderIsAWarningNamingTheManifest) {
  test::TempDir dir;
  // A read-only bind mount of .polypress/ in a mount namespace of its own
  // (root ignores file permissions).
  const std::string script =
      "mount --bind \"$1/.polypress\" \"$1/.polypress\" && "
      "mount -o remount,bind,ro \"$1/.polypress\" || exit 200\n"
      "\"$2\" -C \"$1\" build > \"$1/../stdout\" 2> \"$1/../stderr\"\n"
      "echo $? > \"$1/../rc\"\n";
  const fs::path site = dir.path() / "s";
  test::make_minimal_site(site);
  fs::create_directories(site / ".polypress");
  const ProcessResult r = run_process({"unshare", "--mount", "--map-root-user", "sh", "-c", script,
                                       "sh", site.string(), POLYPRESS_BINARY});
  if (r.exit_code == 200 || !fs::exists(dir.path() / "rc"))
    GTEST_SKIP() << "no read-only bind mount in a mount namespace here: " << r.err;
  EXPECT_EQ(test::read_text(dir.path() / "rc"), "0\n");
  const std::string err = test::read_text(dir.path() / "stderr");
  EXPECT_NE(err.find(".polypress/build.sqlite: warning: cannot record this build: "),
            std::string::npos)
      << err;
  EXPECT_NE(err.find("; the next build renders everything again [emit/state]"), std::string::npos)
      << err;
  EXPECT_TRUE(fs::exists(site / "public/en/index.html"));
}

}  // namespace pp
