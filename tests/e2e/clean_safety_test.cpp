// What tidying and `build --clean` may remove, from an outside attack on
// them (issue 39): never a folder no build wrote, never across a mount,
// never another build's temporaries; a file that cannot be removed is said
// and tried again; a clock set back is no no-op.
#include <gtest/gtest.h>

#include <unistd.h>
#include <chrono>

#include "core/process.h"
#include "support/temp_site.h"

namespace pp {

namespace fs = std::filesystem;

namespace {

std::string news(const std::string& title, const std::string& date = "2026-11-19") {
  return "---\ntitle: \"" + title + "\"\ntype: news\ndate: " + date +
         "\nsummary: \"s\"\nverdict: \"v\"\nsources:\n"
         "  - {title: \"t\", url: \"https://x.example/\", publisher: \"P\"}\n---\nBody.\n";
}

// polypress with `args` on `site`, as nobody when run as root (root may
// remove anything, so a folder's permissions would not hold it back).
ProcessResult run_as_user(const fs::path& site, std::vector<std::string> args,
                          const std::vector<std::string>& env = {}) {
  args.insert(args.begin(), {POLYPRESS_BINARY, "-C", site.string()});
  if (geteuid() == 0)
    args.insert(args.begin(),
                {"setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"});
  if (!env.empty()) {
    args.insert(args.begin(), env.begin(), env.end());
    args.insert(args.begin(), "env");
  }
  return run_process(args);
}

// Everything under `dir` made nobody's, so that run_as_user can build there.
void hand_to_user(const fs::path& dir) {
  if (geteuid() != 0) return;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    if (!e.is_symlink()) {
      ASSERT_EQ(::chown(e.path().c_str(), 65534, 65534), 0) << e.path();
    }
  }
  ASSERT_EQ(::chown(dir.c_str(), 65534, 65534), 0);
}

}  // namespace

TEST(CleanSafety, CleanRefusesAFolderNoBuildWrote) {
  test::TempDir dir;
  test::make_minimal_site(dir.path());
  test::write_text(dir.path(), ".git/config", "[core]\n");
  const auto r = test::run_polypress(
      {"-C", dir.path().string(), "build", "--quiet", "--out", ".git", "--clean"});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.err.find(".git: error: --clean would empty a folder this site's builds never "
                       "wrote: it holds files, but none of the build's outputs; nothing is "
                       "removed (check --out and --mail-out, or empty it yourself) "
                       "[emit/clean-refused]"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(test::read_text(dir.path() / ".git/config"), "[core]\n");
  EXPECT_FALSE(fs::exists(dir.path() / ".git/en"));  // nothing written either
  // The site's own output folder, state lost or not, is one it wrote.
  ASSERT_EQ(test::run_polypress({"-C", dir.path().string(), "build", "--quiet"}).exit_code, 0);
  fs::remove_all(dir.path() / ".polypress");
  test::write_text(dir.path(), "public/extra.html", "x");
  EXPECT_EQ(
      test::run_polypress({"-C", dir.path().string(), "build", "--quiet", "--clean"}).exit_code, 0);
  EXPECT_FALSE(fs::exists(dir.path() / "public/extra.html"));
}

TEST(CleanSafety, CleanWithSomeLanguagesIsAUsageError) {
  test::TempDir dir;
  test::make_minimal_site(dir.path());
  test::write_text(dir.path(), "public/en/extra.html", "x");
  const auto r = test::run_polypress(
      {"-C", dir.path().string(), "build", "--quiet", "--lang", "en", "--clean"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err,
            "polypress build: --clean removes what a build of every language does not produce; "
            "it cannot be given with --lang\n");
  EXPECT_TRUE(fs::exists(dir.path() / "public/en/extra.html"));
}

TEST(CleanSafety, AnOutputFolderThatIsTheSiteIsNamedByItsOwnOption) {
  test::TempDir dir;
  test::make_minimal_site(dir.path());
  for (const char* mail : {".", ".."}) {
    const auto r =
        test::run_polypress({"-C", dir.path().string(), "build", "--quiet", "--mail-out", mail});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find(std::string("--mail-out '") + mail +
                         "' is the site's folder or holds it: outputs would mix with the inputs"),
              std::string::npos)
        << r.err;
  }
}

TEST(CleanSafety, AStalePageThatCannotBeRemovedIsSaidAndTriedAgain) {
  test::TempDir dir;
  const fs::path site = dir.path() / "site";
  test::make_minimal_site(site);
  test::write_text(site, "content/news/gone/index.en.md", news("Gone"));
  hand_to_user(dir.path());
  ASSERT_EQ(run_as_user(site, {"build", "--quiet"}).exit_code, 0);
  fs::remove_all(site / "content/news/gone");
  const fs::path page_folder = site / "public/en/news/gone";
  fs::permissions(page_folder,
                  fs::perms::owner_write | fs::perms::group_write | fs::perms::others_write,
                  fs::perm_options::remove);
  const std::string said =
      "public/en/news/gone/index.html: warning: no longer produced, but it cannot be removed "
      "(Permission denied): it stays published; each build tries again [emit/not-removed]";
  for (int attempt = 0; attempt < 2; ++attempt) {  // the second build is no no-op
    const ProcessResult r = run_as_user(site, {"build", "--quiet"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.err.find(said), std::string::npos) << attempt << ": " << r.err;
    EXPECT_TRUE(fs::exists(page_folder / "index.html"));
  }
  fs::permissions(page_folder, fs::perms::owner_write, fs::perm_options::add);
  const ProcessResult r = run_as_user(site, {"build", "--quiet", "--explain"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err.find("emit/not-removed"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("explain: public/en/news/gone/index.html: removed: no longer produced"),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(page_folder));
}

TEST(CleanSafety, CleanDoesNotGoIntoAnotherFileSystem) {
  test::TempDir dir;
  const fs::path site = dir.path() / "site";
  test::make_minimal_site(site);
  ASSERT_EQ(test::run_polypress({"-C", site.string(), "build", "--quiet"}).exit_code, 0);
  fs::create_directories(site / "public/src");
  // The sources bind-mounted inside the output folder, in a mount namespace
  // of its own (needs root or user namespaces).
  const std::string script =
      "mount --bind \"$1/content\" \"$1/public/src\" || exit 200\n"
      "\"$2\" -C \"$1\" build --clean --quiet 2> \"$3/stderr\"\n"
      "echo $? > \"$3/rc\"\n";
  const ProcessResult r = run_process({"unshare", "--mount", "--map-root-user", "sh", "-c", script,
                                       "sh", site.string(), POLYPRESS_BINARY, dir.path().string()});
  if (r.exit_code != 0) GTEST_SKIP() << "no bind mount in a mount namespace here: " << r.err;
  EXPECT_EQ(test::read_text(dir.path() / "rc"), "0\n");
  EXPECT_NE(test::read_text(dir.path() / "stderr")
                .find("public/src: warning: another file system is mounted here: --clean does not "
                      "look into it [emit/not-removed]"),
            std::string::npos)
      << test::read_text(dir.path() / "stderr");
  EXPECT_TRUE(fs::exists(site / "content/news/chip-launch/index.en.md"));
}

TEST(CleanSafety, CleanSparesTheTemporariesOfABuildRunningBesideIt) {
  test::TempDir dir;
  test::make_minimal_site(dir.path());
  ASSERT_EQ(test::run_polypress({"-C", dir.path().string(), "build", "--quiet"}).exit_code, 0);
  test::write_text(dir.path(), "public/en/.index.html.tmp123456", "another shard's, half written");
  test::write_text(dir.path(), "public/en/.index.html.tmp", "not a temporary of polypress");
  const auto r = test::run_polypress({"-C", dir.path().string(), "build", "--quiet", "--clean"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(fs::exists(dir.path() / "public/en/.index.html.tmp123456"));
  EXPECT_FALSE(fs::exists(dir.path() / "public/en/.index.html.tmp"));
}

// --clean leaves the output folders as a clean build does: empty folders
// made by hand go too (an outside attack found them kept), but not one made
// a moment ago, which another shard may be about to fill.
TEST(CleanSafety, CleanRemovesEmptyFoldersMadeByHand) {
  test::TempDir dir;
  const fs::path site = dir.path();
  test::make_minimal_site(site);
  ASSERT_EQ(test::run_polypress({"-C", site.string(), "build", "--quiet"}).exit_code, 0);
  const auto an_hour_ago = fs::file_time_type::clock::now() - std::chrono::hours(1);
  for (const char* made : {"public/old/empty/inside", "public/en/empty", "mail/empty"}) {
    fs::create_directories(site / made);
    for (fs::path d = made; !d.parent_path().empty(); d = d.parent_path())
      fs::last_write_time(site / d, an_hour_ago);
  }
  fs::create_directories(site / "public/just-made");
  const auto r = test::run_polypress({"-C", site.string(), "build", "--quiet", "--clean"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_FALSE(fs::exists(site / "public/old"));
  EXPECT_FALSE(fs::exists(site / "public/en/empty"));
  EXPECT_FALSE(fs::exists(site / "mail/empty"));
  EXPECT_TRUE(fs::exists(site / "public/just-made"));
  EXPECT_TRUE(fs::exists(site / "public/en/index.html"));
  EXPECT_TRUE(fs::exists(site / "mail"));
}

TEST(CleanSafety, AClockSetBackIsNoNoOp) {
  test::TempDir dir;
  test::make_minimal_site(dir.path());
  test::write_text(dir.path(), "content/news/soon/index.en.md",
                   news("Soon", "2026-12-10T10:00:00Z"));
  // Inputs written long ago, so that the first build is recorded.
  const auto hour_ago = fs::file_time_type::clock::now() - std::chrono::hours(1);
  for (const auto& e : fs::recursive_directory_iterator(dir.path()))
    fs::last_write_time(e.path(), hour_ago);
  const auto at = [&](const char* epoch) {
    return test::run_polypress({"-C", dir.path().string(), "build", "--explain"},
                               {std::string("SOURCE_DATE_EPOCH=") + epoch});
  };
  ASSERT_EQ(at("1796900400").exit_code, 0);  // 2026-12-10T11:00Z: published
  ASSERT_TRUE(fs::exists(dir.path() / "public/en/news/soon/index.html"));
  const auto r = at("1796893200");  // 2026-12-10T09:00Z: not yet
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("explain: the last build does not stand: the clock is earlier than at "
                       "that build (2026-12-10T11:00:00Z)"),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(dir.path() / "public/en/news/soon/index.html"));
}

}  // namespace pp
