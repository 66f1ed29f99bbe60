// Output folders that are missing, read-only or full (docs/hardening.md, F3
// and F8): a missing one is created; otherwise the build fails with the path
// and the system's reason, and leaves no partial or temporary file behind.
#include <gtest/gtest.h>
#include <unistd.h>

#include "core/process.h"
#include "support/temp_site.h"

namespace pp {

namespace fs = std::filesystem;

namespace {

// Every entry under `dir`, relative, sorted.
std::vector<std::string> listing(const fs::path& dir) {
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto& e : fs::recursive_directory_iterator(dir, ec))
    out.push_back(fs::relative(e.path(), dir).string());
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

TEST(OutputFolder, AMissingFolderIsCreatedWithItsParents) {
  test::TempDir dir;
  test::make_minimal_site(dir.path());
  const fs::path out = dir.path() / "deploy/a/b/public";
  const auto r =
      test::run_polypress({"-C", dir.path().string(), "build", "--quiet", "--out", out.string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(fs::exists(out / "en/index.html"));
}

TEST(OutputFolder, AReadOnlyFolderNamesThePathAndTheReason) {
  test::TempDir dir;
  const fs::path site = dir.path() / "site", out = dir.path() / "read-only";
  test::make_minimal_site(site);
  fs::create_directories(out);
  fs::permissions(out, fs::perms::owner_read | fs::perms::owner_exec | fs::perms::group_read |
                           fs::perms::group_exec | fs::perms::others_read | fs::perms::others_exec);
  std::vector<std::string> argv = {POLYPRESS_BINARY, "-C",    site.string(),
                                   "build",          "--out", out.string()};
  if (geteuid() == 0) {
    // root writes anywhere: build as nobody, who may write the site but not `out`.
    for (const auto& e : fs::recursive_directory_iterator(dir.path()))
      if (e.path() != out) fs::permissions(e.path(), fs::perms::all, fs::perm_options::add);
    fs::permissions(dir.path(), fs::perms::all, fs::perm_options::add);
    argv.insert(argv.begin(),
                {"setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"});
  }
  const ProcessResult r = run_process(argv);
  EXPECT_EQ(r.exit_code, 1) << r.err;  // an error finding (docs/spec.md §5)
  EXPECT_NE(r.err.find(out.string()), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("Permission denied"), std::string::npos) << r.err;
  EXPECT_EQ(listing(out), std::vector<std::string>{});
}

TEST(OutputFolder, AFullFileSystemNamesThePathAndLeavesNoTemporaryFile) {
  test::TempDir dir;
  const fs::path site = dir.path() / "site", out = dir.path() / "tiny";
  test::make_minimal_site(site);
  fs::create_directories(out);
  // An 8 KiB tmpfs in a mount namespace of its own (needs root or user
  // namespaces); what is left on it is listed before the namespace goes.
  const std::string script =
      "mount -t tmpfs -o size=8k tmpfs \"$1\" || exit 200\n"
      "\"$2\" -C \"$3\" build --out \"$1\" > \"$4/stdout\" 2> \"$4/stderr\"\n"
      "echo $? > \"$4/rc\"\n"
      "cd \"$1\" && find . -mindepth 1 | sort > \"$4/left\"\n";
  const ProcessResult r =
      run_process({"unshare", "--mount", "--map-root-user", "sh", "-c", script, "sh", out.string(),
                   POLYPRESS_BINARY, site.string(), dir.path().string()});
  if (r.exit_code != 0) GTEST_SKIP() << "no tmpfs in a mount namespace here: " << r.err;
  EXPECT_EQ(test::read_text(dir.path() / "rc"), "1\n");
  const std::string err = test::read_text(dir.path() / "stderr");
  EXPECT_NE(err.find(out.string()), std::string::npos) << err;
  EXPECT_NE(err.find("No space left on device"), std::string::npos) << err;
  // Nothing half-written, no temporary file: the batch was not committed.
  EXPECT_EQ(test::read_text(dir.path() / "left"), "") << test::read_text(dir.path() / "left");
}

}  // namespace pp
