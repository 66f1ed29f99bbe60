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

TEST(FileIo, RefusesLargeFiles) {
  test::TempDir dir;
  test::write_text(dir.path(), "big", std::string(2000, 'x'));
  const ReadResult r = read_file(dir.path() / "big", 1000);
  EXPECT_FALSE(r.ok);
  EXPECT_TRUE(r.too_large);
}

}  // namespace pp
