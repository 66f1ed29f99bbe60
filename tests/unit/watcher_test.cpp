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

namespace pp {
namespace {

// The kernel's queue holds max_queued_events; past that, events are lost
// (one IN_Q_OVERFLOW stands for them), those of folders made meanwhile too.
// The watcher then watches every folder again: a file written later in a
// folder made during the overflow is named.
TEST(Watcher, FoldersMadeWhileEventsWereLostAreWatched) {
  const std::string limit_text = test::read_text("/proc/sys/fs/inotify/max_queued_events");
  const long limit = limit_text.empty() ? 0 : std::stol(limit_text);
  if (limit <= 0 || limit > 200000) GTEST_SKIP() << "max_queued_events: " << limit_text;
  test::TempDir dir;
  const fs::path root = dir.path();
  test::write_text(root, "content/news/a/.one", "1");
  test::write_text(root, "content/news/a/.two", "2");
  Watcher w({root / "content"});
  ASSERT_TRUE(w.ok());
  // Two files in turn: the kernel merges an event with the one before it
  // when they are the same.
  for (long i = 0; i <= limit; ++i)
    fs::last_write_time(root / (i % 2 ? "content/news/a/.one" : "content/news/a/.two"),
                        fs::file_time_type::clock::now());
  fs::create_directories(root / "content/news/late");
  test::write_text(root, "content/news/late/index.en.md", "late");
  ASSERT_TRUE(w.wait(kBound, kSettle));
  EXPECT_TRUE(w.take_changes().all);
  test::write_text(root, "content/news/late/index.en.md", "edited");
  ASSERT_TRUE(w.wait(kBound, kSettle));
  EXPECT_EQ(named(w, root), std::set<std::string>{"content/news/late/index.en.md"});
}

}  // namespace
}  // namespace pp
