#include <gtest/gtest.h>
#include <sys/stat.h>

#include "core/file_io.h"
#include "support/temp_site.h"

namespace pp {

TEST(FileIo, WritesAtomicallyAndSkipsUnchanged) {
  test::TempDir dir;
  const auto file = dir.path() / "a/b/page.html";
  std::string error;
  EXPECT_EQ(write_file_atomic(file, "one", error), WriteOutcome::written);
  struct stat before {};
  ::stat(file.c_str(), &before);
  EXPECT_EQ(write_file_atomic(file, "one", error), WriteOutcome::unchanged);
  struct stat after {};
  ::stat(file.c_str(), &after);
  EXPECT_EQ(before.st_ino, after.st_ino);
  EXPECT_EQ(write_file_atomic(file, "two", error), WriteOutcome::written);
  EXPECT_EQ(test::read_text(file), "two");
  // No temporary files are left behind.
  int count = 0;
  for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(file.parent_path()))
    ++count;
  EXPECT_EQ(count, 1);
}

TEST(FileIo, ReportsAFailureWithThePath) {
  test::TempDir dir;
  test::write_text(dir.path(), "blocker", "a file where a folder should be");
  std::string error;
  EXPECT_EQ(write_file_atomic(dir.path() / "blocker/page.html", "x", error), WriteOutcome::failed);
  EXPECT_NE(error.find("blocker"), std::string::npos) << error;
}

TEST(FileIo, ReadsASiteFileOnlyWithoutALinkOnTheWay) {
  test::TempDir dir;
  test::write_text(dir.path() / "real", "a.po", "bytes");
  EXPECT_EQ(read_site_file(dir.path(), "real/a.po", 100).bytes, "bytes");
  const SiteFileRead none = read_site_file(dir.path(), "real/b.po", 100);
  EXPECT_FALSE(none.bytes);
  EXPECT_EQ(none.error, "");
  std::filesystem::create_directory_symlink(dir.path() / "real", dir.path() / "via");
  const SiteFileRead linked = read_site_file(dir.path(), "via/a.po", 100);
  EXPECT_FALSE(linked.bytes);
  EXPECT_EQ(linked.error, "via is a link or a special file; polypress does not read through it");
  EXPECT_EQ(read_site_file(dir.path(), "real/a.po", 2).error, "file is larger than 2 bytes");
}

TEST(FileIo, RefusesLargeFiles) {
  test::TempDir dir;
  test::write_text(dir.path(), "big", std::string(2000, 'x'));
  const ReadResult r = read_file(dir.path() / "big", 1000);
  EXPECT_FALSE(r.ok);
  EXPECT_TRUE(r.too_large);
}

}  // namespace pp
