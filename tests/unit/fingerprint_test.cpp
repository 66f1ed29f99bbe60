// The fingerprints a no-op build compares (src/incremental/fingerprint.cpp):
// every change to an input is seen, nothing is followed through a link, and
// the folder-relative looks give the same states as looking at each path.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <functional>

#include "core/limits.h"
#include "incremental/incremental.h"
#include "support/temp_site.h"

namespace pp {

namespace fs = std::filesystem;

namespace {

// A site's inputs: two bundles with files, a subfolder of figures, pipeline/
// and locales/.
void make_inputs(const fs::path& root) {
  test::write_text(root, "content/news/a/index.en.md", "a");
  test::write_text(root, "content/news/a/index.ko.md", "가");
  test::write_text(root, "content/news/a/img/chart.png", "png");
  test::write_text(root, "content/reviews/b/index.en.md", "b");
  test::write_text(root, "pipeline/site.yaml", "site");
  test::write_text(root, "locales/en.po", "po");
}

// Sets the modification time of `p` (not through a link) to `seconds`.
void set_time(const fs::path& p, long seconds) {
  const timespec times[2] = {{seconds, 0}, {seconds, 0}};
  ASSERT_EQ(::utimensat(AT_FDCWD, p.c_str(), times, AT_SYMLINK_NOFOLLOW), 0) << p;
}

}  // namespace

TEST(Fingerprint, EveryChangeToAnInputChangesTheInputsFingerprint) {
  test::TempDir dir;
  const fs::path root = dir.path();
  make_inputs(root);
  fs::create_symlink("img/chart.png", root / "content/news/a/link.png");
  const std::string first = fingerprint_inputs(root);
  EXPECT_EQ(fingerprint_inputs(root), first);
  const std::vector<std::function<void()>> changes = {
      [&] { test::write_text(root, "content/news/a/index.en.md", "a longer"); },
      [&] { set_time(root / "content/reviews/b/index.en.md", 1000000); },
      [&] { test::write_text(root, "content/news/a/img/more/deep.png", "png"); },
      [&] {
        fs::remove(root / "content/news/a/link.png");
        fs::create_symlink("index.en.md", root / "content/news/a/link.png");
      },
      [&] { test::write_text(root, "pipeline/templates/html/page.html", "t"); },
      [&] { fs::remove(root / "locales/en.po"); },
      [&] { test::write_text(root, "content/news/c/index.en.md", "c"); },
  };
  std::string before = first;
  for (std::size_t i = 0; i < changes.size(); ++i) {
    changes[i]();
    const std::string after = fingerprint_inputs(root);
    EXPECT_NE(after, before) << "change " << i;
    before = after;
  }
}

TEST(Fingerprint, TheWalkStopsBelowTheDeepestFolderTheChecksRead) {
  test::TempDir dir;
  const fs::path root = dir.path();
  make_inputs(root);
  fs::path deep = root / "content/news/a";
  for (int i = 0; i < kMaxFolderDepth + 4; ++i) deep /= "d";
  fs::create_directories(deep);
  long long newest = 0;
  const std::string first = fingerprint_inputs(root, &newest);
  EXPECT_GT(newest, 0);
  // Far below the refused depth: never looked at.
  test::write_text(deep, "x.png", "png");
  EXPECT_EQ(fingerprint_inputs(root), first);
}

TEST(Fingerprint, OutputStatesLookedAtFromTheirFolderAreEachFilesState) {
  test::TempDir dir;
  const fs::path root = dir.path();
  for (const char* f : {"mail/en/a.eml", "mail/en/b.eml", "mail/en/c.eml", "mail/ko/a.eml",
                        "public/en/a/index.html", "public/en/b/index.html"})
    test::write_text(root, f, f);
  fs::create_symlink("a.eml", root / "mail/en/link.eml");
  fs::create_directory_symlink(root / "public/en", root / "linked");
  std::vector<std::string> paths;
  for (const char* f : {"mail/en/a.eml", "mail/en/b.eml", "mail/en/gone.eml", "mail/en/link.eml",
                        "mail/en/c.eml", "mail/ko/a.eml", "mail/ko/b.eml", "missing/x/a.eml",
                        "missing/x/b.eml", "public/en/a/index.html", "public/en/b/index.html",
                        "linked/a/index.html", "linked/b/index.html", "mail/en/a.eml"})
    paths.push_back((root / f).string());
  std::vector<std::string> states;
  for (const auto& p : paths) states.push_back(file_state(p));
  EXPECT_EQ(states[2], "missing");
  EXPECT_EQ(states[3].rfind("special ", 0), 0u) << states[3];
  EXPECT_EQ(states[11], states[9]);  // a link on the way is followed, as lstat() does
  EXPECT_EQ(fingerprint_files(paths), fingerprint_files(paths, &states));
  test::write_text(root, "mail/en/b.eml", "changed");
  EXPECT_NE(fingerprint_files(paths), fingerprint_files(paths, &states));
}

}  // namespace pp
