// serve's watcher names every path a change touched (serve's memory reads
// those bundles again): in folders made after it started, in folders moved
// (under their new name), swap files included. The kernel queues inotify's
// events as the change is made, so each wait() below returns at once; its
// timeout only bounds a failure.
#include <gtest/gtest.h>

#include <chrono>

#include "serve/watcher.h"
#include "support/temp_site.h"

namespace pp {
namespace {

namespace fs = std::filesystem;

constexpr std::chrono::milliseconds kBound(10000), kSettle(20);

std::set<std::string> named(Watcher& w, const fs::path& root) {
  std::set<std::string> out;
  for (const auto& p : w.take_changes().paths) out.insert(p.lexically_relative(root).string());
  return out;
}

TEST(Watcher, NamesEveryPathAChangeTouched) {
  test::TempDir dir;
  const fs::path root = dir.path();
  test::write_text(root, "content/news/a/index.en.md", "a");
  Watcher w({root / "content"});
  ASSERT_TRUE(w.ok());

  test::write_text(root, "content/news/a/index.en.md", "b");
  ASSERT_TRUE(w.wait(kBound, kSettle));
  EXPECT_EQ(named(w, root), std::set<std::string>{"content/news/a/index.en.md"});

  // A swap file calls for no build, but is named.
  test::write_text(root, "content/news/a/.index.en.md.swp", "s");
  EXPECT_FALSE(w.wait(kBound, kSettle));
  EXPECT_EQ(named(w, root), std::set<std::string>{"content/news/a/.index.en.md.swp"});

  // A folder made now is watched from then on.
  fs::create_directories(root / "content/news/b");
  ASSERT_TRUE(w.wait(kBound, kSettle));
  EXPECT_EQ(named(w, root), std::set<std::string>{"content/news/b"});
  test::write_text(root, "content/news/b/index.en.md", "b");
  ASSERT_TRUE(w.wait(kBound, kSettle));
  EXPECT_EQ(named(w, root), std::set<std::string>{"content/news/b/index.en.md"});

  // A folder moved is named at both places, and then by its new name.
  fs::rename(root / "content/news/a", root / "content/news/c");
  ASSERT_TRUE(w.wait(kBound, kSettle));
  EXPECT_EQ(named(w, root), (std::set<std::string>{"content/news/a", "content/news/c"}));
  test::write_text(root, "content/news/c/index.en.md", "c");
  ASSERT_TRUE(w.wait(kBound, kSettle));
  EXPECT_EQ(named(w, root), std::set<std::string>{"content/news/c/index.en.md"});

  fs::remove(root / "content/news/c/index.en.md");
  ASSERT_TRUE(w.wait(kBound, kSettle));
  EXPECT_EQ(named(w, root), std::set<std::string>{"content/news/c/index.en.md"});
}

}  // namespace
}  // namespace pp
