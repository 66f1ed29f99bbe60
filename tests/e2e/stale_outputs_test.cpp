// Output folders after a build (issue 15, findings 7 and 13): what a deleted,
// unpublished or untranslated article had is gone, exactly as a clean build
// would leave it; files placed by hand are kept and reported once; nothing is
// written or deleted through a link inside an output folder.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>

#include "core/process.h"
#include "support/temp_site.h"

namespace pp {

namespace fs = std::filesystem;

namespace {

std::string news(const std::string& title) {
  return "---\ntitle: \"" + title +
         "\"\ntype: news\ndate: 2026-11-19\nsummary: \"s\"\nverdict: \"v\"\nsources:\n"
         "  - {title: \"t\", url: \"https://x.example/\", publisher: \"P\"}\n---\nBody "
         "![c](c.png)\n";
}

// Every file and folder under `dir` (folders with a trailing '/'), with bytes.
std::map<std::string, std::string> listing(const fs::path& dir) {
  std::map<std::string, std::string> out;
  std::error_code ec;
  for (const auto& e : fs::recursive_directory_iterator(dir, ec)) {
    const std::string rel = e.path().lexically_relative(dir).generic_string();
    if (e.is_symlink())
      out[rel] = "-> " + fs::read_symlink(e.path()).string();
    else if (e.is_directory())
      out[rel + "/"] = "";
    else
      out[rel] = test::read_text(e.path());
  }
  return out;
}

test::Run build(const fs::path& site) {
  return test::run_polypress({"-C", site.string(), "build"});
}

// The outputs of a clean build of a copy of `site`'s inputs.
std::pair<std::map<std::string, std::string>, std::map<std::string, std::string>> clean_build(
    const fs::path& site) {
  test::TempDir fresh;
  for (const char* part : {"content", "pipeline", "locales"})
    test::copy_tree(site / part, fresh.path() / part);
  EXPECT_EQ(build(fresh.path()).exit_code, 0);
  return {listing(fresh.path() / "public"), listing(fresh.path() / "mail")};
}

// Sets the modification time of `dir` and every folder under it an hour back,
// as if the last build had written them long ago.
void age_folders(const fs::path& dir) {
  const timespec times[2] = {{0, UTIME_OMIT}, {::time(nullptr) - 3600, 0}};
  std::vector<fs::path> folders{dir};
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.is_directory() && !e.is_symlink()) folders.push_back(e.path());
  for (const auto& f : folders)
    ASSERT_EQ(::utimensat(AT_FDCWD, f.c_str(), times, AT_SYMLINK_NOFOLLOW), 0) << f;
}

// The minimal site in `dir`/site with an article "gone" (its page, its
// email and its picture): the article the tests below delete.
fs::path site_with_gone(const test::TempDir& dir) {
  const fs::path site = dir.path() / "site";
  test::make_minimal_site(site);
  test::write_text(site, "content/news/gone/index.en.md", news("Gone"));
  test::write_text(site, "content/news/gone/c.png", "png");
  return site;
}

// A real build of `site` (an input added, so that it is not a no-op).
test::Run build_with(const fs::path& site, const std::string& slug) {
  test::write_text(site, "content/news/" + slug + "/index.en.md", news(slug));
  test::write_text(site, "content/news/" + slug + "/c.png", "png");
  return build(site);
}

}  // namespace

TEST(StaleOutputs, DeletedDraftAndUntranslatedArticlesLeaveWhatACleanBuildLeaves) {
  test::TempDir dir;
  const fs::path site = dir.path();
  test::make_minimal_site(site);
  test::write_text(site, "content/news/gone/index.en.md", news("Gone"));
  test::write_text(site, "content/news/gone/c.png", "png");
  test::write_text(site, "content/news/hidden/index.en.md", news("Hidden"));
  test::write_text(site, "content/news/hidden/c.png", "png");
  ASSERT_EQ(build(site).exit_code, 0);
  ASSERT_TRUE(fs::exists(site / "public/en/news/gone/index.html"));
  ASSERT_TRUE(fs::exists(site / "public/ar/news/chip-launch/index.html"));
  // Deleted, unpublished, and a language removed.
  fs::remove_all(site / "content/news/gone");
  std::string hidden = news("Hidden");
  hidden.insert(hidden.find("---\nBody"), "draft: true\n");
  test::write_text(site, "content/news/hidden/index.en.md", hidden);
  fs::remove(site / "content/news/chip-launch/index.ar.md");
  const auto r = build(site);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto [pages, mail] = clean_build(site);
  EXPECT_EQ(listing(site / "public"), pages);
  EXPECT_EQ(listing(site / "mail"), mail);
  EXPECT_FALSE(fs::exists(site / "public/en/news/gone"));
  EXPECT_FALSE(fs::exists(site / "public/en/news/hidden"));
  EXPECT_FALSE(fs::exists(site / "public/ar/news/chip-launch"));
}

TEST(StaleOutputs, HandPlacedFilesAreKeptAndReportedOnce) {
  test::TempDir dir;
  const fs::path site = dir.path();
  test::make_minimal_site(site);
  test::write_text(site, "content/news/gone/index.en.md", news("Gone"));
  test::write_text(site, "content/news/gone/c.png", "png");
  ASSERT_EQ(build(site).exit_code, 0);
  test::write_text(site, "public/CNAME", "test.example\n");
  test::write_text(site, "public/en/news/gone/notes.txt", "mine");
  // An old output edited by hand is not polypress's any more.
  test::write_text(site, "public/en/news/gone/c.png", "edited by hand");
  fs::remove_all(site / "content/news/gone");
  auto r = build(site);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("public/CNAME: note: not produced by the build: kept (reported once) "
                       "[emit/not-produced]"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("public/en/news/gone/notes.txt: note: not produced by the build: kept"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("public/en/news/gone/c.png: note: no longer produced by the build, but "
                       "changed since polypress wrote it: kept [emit/not-produced]"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(test::read_text(site / "public/CNAME"), "test.example\n");
  EXPECT_EQ(test::read_text(site / "public/en/news/gone/notes.txt"), "mine");
  EXPECT_EQ(test::read_text(site / "public/en/news/gone/c.png"), "edited by hand");
  EXPECT_FALSE(fs::exists(site / "public/en/news/gone/index.html"));
  // Once: the next build (a real one, an input changed) says nothing of them.
  test::write_text(site, "content/news/new/index.en.md", news("New"));
  test::write_text(site, "content/news/new/c.png", "png");
  r = build(site);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err.find("emit/not-produced"), std::string::npos) << r.err;
  EXPECT_TRUE(fs::exists(site / "public/CNAME"));
}

// Files placed by hand are looked for only in folders changed since a build
// listed them (tidy's folder stamps, docs/incremental.md).
TEST(StaleOutputs, HandPlacedFilesAreFoundInFoldersChangedSinceTheLastListing) {
  test::TempDir dir;
  const fs::path site = dir.path();
  test::make_minimal_site(site);
  ASSERT_EQ(build(site).exit_code, 0);
  age_folders(site / "public");
  age_folders(site / "mail");
  ASSERT_EQ(build_with(site, "second").exit_code, 0);  // records the folders' stamps
  // A file in a folder the last build listed, and a new folder two deep.
  test::write_text(site, "public/en/news/chip-launch/notes.txt", "mine");
  test::write_text(site, "public/en/extra/deep/more.txt", "mine");
  test::write_text(site, "mail/en/draft.eml", "mine");
  test::write_text(site, "public/keep/a.txt", "mine");
  auto r = build_with(site, "third");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* path : {"public/en/news/chip-launch/notes.txt", "public/en/extra/deep/more.txt",
                           "mail/en/draft.eml"})
    EXPECT_NE(r.err.find(std::string(path) + ": note: not produced by the build: kept (reported "
                                             "once) [emit/not-produced]"),
              std::string::npos)
        << path << "\n"
        << r.err;
  // A folder with the stamp it was listed with is not listed again: a file
  // slipped in with the folder's time set back is not seen (the trade git's
  // untracked cache makes), until the folder changes.
  age_folders(site / "public");
  ASSERT_EQ(build_with(site, "fourth").exit_code, 0);
  struct stat before {};
  ASSERT_EQ(::stat((site / "public/keep").c_str(), &before), 0);
  test::write_text(site, "public/keep/slipped.txt", "mine");
  const timespec times[2] = {{0, UTIME_OMIT}, before.st_mtim};
  ASSERT_EQ(::utimensat(AT_FDCWD, (site / "public/keep").c_str(), times, 0), 0);
  r = build_with(site, "fifth");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err.find("slipped.txt"), std::string::npos) << r.err;
  test::write_text(site, "public/keep/another.txt", "mine");
  r = build_with(site, "sixth");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("public/keep/slipped.txt: note: not produced"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("public/keep/another.txt: note: not produced"), std::string::npos) << r.err;
}

TEST(StaleOutputs, AnOutputFolderNamedWithAFinalSlashIsTidiedAsWithout) {
  test::TempDir dir;
  const fs::path site = dir.path();
  test::make_minimal_site(site);
  const auto build_into = [&] {
    return test::run_polypress(
        {"-C", site.string(), "build", "--out", "pub/", "--mail-out", "letters/"});
  };
  test::write_text(site, "content/news/gone/index.en.md", news("Gone"));
  test::write_text(site, "content/news/gone/c.png", "png");
  ASSERT_EQ(build_into().exit_code, 0);
  ASSERT_TRUE(fs::exists(site / "pub/en/news/gone/index.html"));
  ASSERT_TRUE(fs::exists(site / "letters/en/news--gone.eml"));
  fs::remove_all(site / "content/news/gone");
  const auto r = build_into();
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err.find("emit/not-produced"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(site / "pub/en/news/gone"));
  EXPECT_FALSE(fs::exists(site / "letters/en/news--gone.eml"));
}

TEST(StaleOutputs, TheSiteNamedAnotherWayIsTheSameSite) {
  test::TempDir dir;
  const fs::path site = site_with_gone(dir);
  ASSERT_EQ(build(site).exit_code, 0);
  fs::remove_all(site / "content/news/gone");
  // -C relative to another working folder, with a "." in it.
  const ProcessResult r = run_process({"sh", "-c", "cd \"$1\" && \"$2\" -C ./site/. build", "sh",
                                       dir.path().string(), POLYPRESS_BINARY});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err.find("emit/not-produced"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(site / "public/en/news/gone"));
}

TEST(StaleOutputs, AFolderOfSomeoneElsesFilesIsNamedInAFewLines) {
  test::TempDir dir;
  const fs::path site = dir.path();
  test::make_minimal_site(site);
  for (int i = 0; i < 25; ++i) test::write_text(site, "public/old/" + std::to_string(100 + i), "x");
  const auto r = build(site);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("public/old/119: note: not produced by the build: kept (reported once)"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(r.err.find("public/old/120:"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("public: note: 5 more files not produced by the build: kept (reported "
                       "once) [emit/not-produced]"),
            std::string::npos)
      << r.err;
  for (int i = 0; i < 25; ++i)
    EXPECT_TRUE(fs::exists(site / "public/old" / std::to_string(100 + i)));
}

TEST(StaleOutputs, TheBriefsFilesAreNeitherRemovedNorReported) {
  test::TempDir dir;
  const fs::path site = dir.path();
  test::make_minimal_site(site);
  ASSERT_EQ(build(site).exit_code, 0);
  const auto e = test::run_polypress({"-C", site.string(), "edition", "--week", "2026-W47"});
  ASSERT_EQ(e.exit_code, 0) << e.err;
  const auto before = listing(site / "mail");
  test::write_text(site, "content/news/new/index.en.md", news("New"));
  test::write_text(site, "content/news/new/c.png", "png");
  const auto r = build(site);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err.find("emit/not-produced"), std::string::npos) << r.err;
  for (const auto& [path, bytes] : before) EXPECT_TRUE(fs::exists(site / "mail" / path)) << path;
}

TEST(StaleOutputs, NothingIsWrittenThroughALinkInsideAnOutputFolder) {
  test::TempDir dir;
  const fs::path site = dir.path() / "site", elsewhere = dir.path() / "elsewhere";
  test::make_minimal_site(site);
  ASSERT_EQ(build(site).exit_code, 0);
  test::write_text(elsewhere, "keep.txt", "precious");
  fs::remove_all(site / "public/en");
  fs::create_directory_symlink(elsewhere, site / "public/en");
  const auto r = build(site);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("public/en: error: a symbolic link (or special file) inside the output "
                       "folder; polypress never writes or deletes through one: remove it and "
                       "build again [emit/output-link]"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(listing(elsewhere), (std::map<std::string, std::string>{{"keep.txt", "precious"}}));
}

TEST(StaleOutputs, AnOutputFileReplacedByALinkIsReplacedNotWrittenThrough) {
  test::TempDir dir;
  const fs::path site = dir.path() / "site", elsewhere = dir.path() / "elsewhere";
  test::make_minimal_site(site);
  ASSERT_EQ(build(site).exit_code, 0);
  const std::string page = test::read_text(site / "public/en/index.html");
  test::write_text(elsewhere, "keep.txt", "precious");
  fs::remove(site / "public/en/index.html");
  fs::create_symlink(elsewhere / "keep.txt", site / "public/en/index.html");
  const auto r = build(site);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_FALSE(fs::is_symlink(site / "public/en/index.html"));
  EXPECT_EQ(test::read_text(site / "public/en/index.html"), page);
  EXPECT_EQ(test::read_text(elsewhere / "keep.txt"), "precious");
}

TEST(StaleOutputs, AStaleFileBehindALinkIsNotDeleted) {
  test::TempDir dir;
  const fs::path site = dir.path() / "site", elsewhere = dir.path() / "elsewhere";
  test::make_minimal_site(site);
  test::write_text(site, "content/news/gone/index.en.md", news("Gone"));
  test::write_text(site, "content/news/gone/c.png", "png");
  ASSERT_EQ(build(site).exit_code, 0);
  // The stale bundle's folder now leads elsewhere, where the same names are.
  test::copy_tree(site / "public/en/news/gone", elsewhere);
  fs::remove_all(site / "public/en/news/gone");
  fs::create_directory_symlink(elsewhere, site / "public/en/news/gone");
  const auto before = listing(elsewhere);
  fs::remove_all(site / "content/news/gone");
  const auto r = build(site);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("public/en/news/gone: warning: no longer produced, but not removed: a "
                       "symbolic link (or special file) is on its way"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(listing(elsewhere), before);
}

// Issue 39, ownership that survives: the records of what polypress wrote and
// what each output read are kept relative to the site, so a site moved (or
// copied with its times, as `cp -a` or a backup restores it) still loses a
// deleted article's pages, and renders only what the deletion changed.
TEST(StaleOutputs, AMovedOrCopiedSiteStillRemovesADeletedArticlesPages) {
  test::TempDir dir;
  const fs::path site = site_with_gone(dir);
  test::write_text(site, "content/news/later/index.en.md", news("Later"));
  test::write_text(site, "content/news/later/c.png", "png");
  ASSERT_EQ(build(site).exit_code, 0);
  const fs::path moved = dir.path() / "moved";
  fs::rename(site, moved);
  fs::remove_all(moved / "content/news/gone");
  const test::Run r = test::run_polypress({"-C", moved.string(), "build", "--explain"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err.find("emit/"), std::string::npos) << r.err;
  // Its records still hold: what is rendered again is what the deletion
  // changed, not every output as new.
  EXPECT_EQ(r.err.find("new: no earlier build wrote it"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("explain: public/en/news/gone/index.html: removed: no longer produced"),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(moved / "public/en/news/gone"));
  const auto [pages, mails] = clean_build(moved);
  EXPECT_EQ(listing(moved / "public"), pages);

  const fs::path copied = dir.path() / "copied";
  ASSERT_EQ(run_process({"cp", "-a", moved.string(), copied.string()}).exit_code, 0);
  fs::remove_all(copied / "content/news/later");
  const test::Run c = build(copied);
  ASSERT_EQ(c.exit_code, 0) << c.err;
  EXPECT_EQ(c.err.find("emit/"), std::string::npos) << c.err;
  EXPECT_FALSE(fs::exists(copied / "public/en/news/later"));
  EXPECT_EQ(listing(copied / "public"), clean_build(copied).first);
}

// Without its record (.polypress deleted), a build cannot tell a deleted
// article's page from a file placed by hand: it keeps both and says so once,
// and `build --clean` leaves exactly what a clean build leaves.
TEST(StaleOutputs, WithoutItsRecordTheBuildSaysSoAndCleanRemovesWhatItDoesNotProduce) {
  test::TempDir dir;
  const fs::path site = site_with_gone(dir);
  ASSERT_EQ(build(site).exit_code, 0);
  ASSERT_EQ(test::run_polypress({"-C", site.string(), "edition", "--week", "2026-W47"}).exit_code,
            0);
  fs::remove_all(site / "content/news/gone");
  fs::remove_all(site / ".polypress");
  const test::Run kept = build(site);
  ASSERT_EQ(kept.exit_code, 0) << kept.err;
  EXPECT_NE(kept.err.find(".polypress/build.sqlite: warning: no record of the files earlier "
                          "builds wrote (it is missing or was damaged), so what this build does "
                          "not produce is kept: 5 files in the output folders, perhaps a deleted "
                          "article's pages; `polypress build --clean` removes them "
                          "[emit/no-record]"),
            std::string::npos)
      << kept.err;
  EXPECT_TRUE(fs::exists(site / "public/en/news/gone/index.html"));
  // The next build names the files no more, but says again that files of
  // unknown origin are kept: a build killed before it showed the warning
  // must not leave them kept in silence.
  const test::Run again = test::run_polypress({"-C", site.string(), "build", "--jobs", "1"});
  EXPECT_EQ(again.err.find("emit/not-produced"), std::string::npos) << again.err;
  EXPECT_NE(again.err.find("kept: 5 files in the output folders"), std::string::npos) << again.err;

  const test::Run cleaned = test::run_polypress({"-C", site.string(), "build", "--clean"});
  ASSERT_EQ(cleaned.exit_code, 0) << cleaned.err;
  EXPECT_EQ(cleaned.err.find("emit/"), std::string::npos) << cleaned.err;
  const auto [pages, mails] = clean_build(site);
  EXPECT_EQ(listing(site / "public"), pages);
  EXPECT_EQ(listing(site / "mail"), mails);
}

// A link placed in an output folder by hand goes with --clean, and what it
// points to stays.
TEST(StaleOutputs, CleanRemovesALinkNotWhatItPointsTo) {
  test::TempDir dir;
  const fs::path site = dir.path() / "site";
  test::make_minimal_site(site);
  ASSERT_EQ(build(site).exit_code, 0);
  test::write_text(dir.path(), "outside.txt", "keep me");
  fs::create_symlink(dir.path() / "outside.txt", site / "public/en/link.txt");
  const test::Run r = test::run_polypress({"-C", site.string(), "build", "--clean"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_FALSE(fs::is_symlink(site / "public/en/link.txt"));
  EXPECT_EQ(test::read_text(dir.path() / "outside.txt"), "keep me");
}

// `edition` run again for a week a language no longer has an article in
// removes that language's brief of the week, as an edition of the site as it
// is now leaves it (issue 39); another week's brief stays.
TEST(StaleOutputs, AnEditionRunAgainRemovesABriefItNoLongerMakes) {
  test::TempDir dir;
  const fs::path site = dir.path() / "site";
  test::make_minimal_site(site);
  const auto edition = [](const fs::path& root, const std::string& week) {
    return test::run_polypress({"-C", root.string(), "edition", "--week", week, "--quiet"});
  };
  ASSERT_EQ(edition(site, "2026-W47").exit_code, 0);
  ASSERT_TRUE(fs::exists(site / "mail/ar/brief-2026-W47.eml"));
  // Another week's brief, and one placed by hand, are not this edition's to remove.
  test::write_text(site, "mail/ar/brief-2026-W40.eml", "an old brief");
  fs::remove(site / "content/news/chip-launch/index.ar.md");
  const auto r = edition(site, "2026-W47");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("no article in 'ar' was published in 2026-W47"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(site / "mail/ar/brief-2026-W47.eml"));
  EXPECT_TRUE(fs::exists(site / "mail/en/brief-2026-W47.eml"));
  EXPECT_EQ(test::read_text(site / "mail/ar/brief-2026-W40.eml"), "an old brief");

  test::TempDir fresh;
  for (const char* part : {"content", "pipeline", "locales"})
    test::copy_tree(site / part, fresh.path() / part);
  ASSERT_EQ(edition(fresh.path(), "2026-W47").exit_code, 0);
  auto mine = listing(site / "mail");
  mine.erase("ar/brief-2026-W40.eml");
  mine.erase("ar/");
  EXPECT_EQ(mine, listing(fresh.path() / "mail"));
}

// A week edited until no language has an article in it: the edition is an
// error (edition/empty), and the briefs an earlier edition of that week wrote
// go too, as a site that never had them has none (the referee, seed 2501).
TEST(StaleOutputs, AWeekEmptiedInEveryLanguageLosesTheBriefsOfEarlierEditions) {
  test::TempDir dir;
  const fs::path site = dir.path() / "site";
  test::make_minimal_site(site);
  const auto edition = [&](const std::string& week) {
    return test::run_polypress({"-C", site.string(), "edition", "--week", week, "--quiet"});
  };
  ASSERT_EQ(edition("2026-W47").exit_code, 0);
  ASSERT_TRUE(fs::exists(site / "mail/en/brief-2026-W47.eml"));
  test::write_text(site, "mail/en/brief-2026-W40.eml", "an old brief");
  fs::remove_all(site / "content/news/chip-launch");
  for (const auto& section : fs::directory_iterator(site / "content"))
    for (const auto& bundle : fs::directory_iterator(section.path())) fs::remove_all(bundle.path());
  test::write_text(site, "content/news/later/index.en.md",
                   "---\ntitle: \"Later\"\ntype: news\ndate: 2026-12-01\nsummary: \"S.\"\n"
                   "verdict: \"V.\"\nsources:\n  - {title: \"T\", url: \"https://x.example/\", "
                   "publisher: \"P\"}\n---\nBody.\n");
  const auto r = edition("2026-W47");
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.err.find("no article was published in 2026-W47"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(site / "mail/en/brief-2026-W47.eml"));
  EXPECT_FALSE(fs::exists(site / "mail/ar/brief-2026-W47.eml"));
  EXPECT_EQ(test::read_text(site / "mail/en/brief-2026-W40.eml"), "an old brief");
}

}  // namespace pp
