// Crash safety: `polypress build` killed with SIGKILL at many moments leaves
// every file of public/ and mail/ whole — its old or its new version, nothing
// else (a deleted article's page present or gone) — and the next build
// completes and equals a clean build.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>

#include <chrono>
#include <thread>

#include "support/temp_site.h"

extern char** environ;

namespace pp {
namespace {

namespace fs = std::filesystem;

// The minimal site and `n` more news bundles in English and Arabic, titled `title`.
void make_site(const fs::path& root, int n, const std::string& title) {
  test::make_minimal_site(root);
  for (int i = 0; i < n; ++i) {
    const std::string id = "k" + std::to_string(1000 + i);
    std::string body;
    for (int p = 0; p < 20; ++p) body += "Paragraph " + std::to_string(p) + " of " + id + ".\n\n";
    test::write_text(root, "content/news/" + id + "/index.en.md",
                     "---\ntitle: \"" + title + " " + id + "\"\ntype: news\ndate: 2026-10-" +
                         std::to_string(10 + i % 18) + "\nsummary: \"S.\"\nverdict: \"V.\"\n" +
                         "sources:\n  - {title: \"P\", url: \"https://v.example/" + id +
                         "\", publisher: \"V\", accessed: 2026-11-09}\n---\n" + body);
    test::write_text(root, "content/news/" + id + "/index.ar.md",
                     "---\ntitle: \"" + title + " ع " + id +
                         "\"\nsummary: \"م.\"\nverdict: \"ح.\"\ntranslation_of: en\n---\nنص.\n");
  }
}

std::map<std::string, std::string> outputs(const fs::path& root) {
  std::map<std::string, std::string> all;
  for (const char* folder : {"public", "mail"})
    for (auto& [path, bytes] : test::read_tree(root / folder))
      all[std::string(folder) + "/" + path] = std::move(bytes);
  return all;
}

// Starts `polypress -C root build --quiet`, kills it after `delay`; true when
// it was still running then (so the kill interrupted it).
bool build_and_kill(const fs::path& root, std::chrono::microseconds delay) {
  std::vector<std::string> args = {POLYPRESS_BINARY, "-C", root.string(), "build", "--quiet"};
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  pid_t pid = 0;
  const int rc = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) return false;
  std::this_thread::sleep_for(delay);
  const bool running = ::waitpid(pid, nullptr, WNOHANG) == 0;
  ::kill(pid, SIGKILL);
  int status = 0;
  ::waitpid(pid, &status, 0);
  return running;
}

TEST(CrashSafety, AKilledBuildLeavesEveryFileOldOrNew) {
  test::TempDir old_site, new_site, site;
  make_site(old_site.path(), 40, "Old");
  make_site(new_site.path(), 30, "New");
  ASSERT_EQ(test::run_polypress({"-C", old_site.path().string(), "build", "--quiet"}).exit_code, 0);
  ASSERT_EQ(test::run_polypress({"-C", new_site.path().string(), "build", "--quiet"}).exit_code, 0);
  const auto old_files = outputs(old_site.path()), new_files = outputs(new_site.path());
  // The site starts as the old one, fully built, then gets the new content.
  make_site(site.path(), 40, "Old");
  ASSERT_EQ(test::run_polypress({"-C", site.path().string(), "build", "--quiet"}).exit_code, 0);
  // The new one has ten articles fewer: a kill while the build removes their
  // pages (or after) leaves that to the next build (issue 39).
  make_site(site.path(), 30, "New");
  for (int i = 30; i < 40; ++i)
    fs::remove_all(site.path() / ("content/news/k" + std::to_string(1000 + i)));
  int interrupted = 0;
  for (int delay_us :
       {0, 2000, 5000, 10000, 20000, 40000, 60000, 80000, 120000, 160000, 240000, 320000, 480000}) {
    interrupted += build_and_kill(site.path(), std::chrono::microseconds(delay_us));
    for (const auto& [path, bytes] : outputs(site.path())) {
      const bool is_old = old_files.count(path) && old_files.at(path) == bytes;
      const bool is_new = new_files.count(path) && new_files.at(path) == bytes;
      EXPECT_TRUE(is_old || is_new) << "after a kill at " << delay_us << " us: " << path
                                    << " is neither its old nor its new version";
    }
  }
  EXPECT_GE(interrupted, 5);  // most kills hit a running build
  // The next build completes, and its output is the clean build's.
  const auto r = test::run_polypress({"-C", site.path().string(), "build", "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(outputs(site.path()), new_files);
  // A staging folder of a killed build is removed by the next one.
  EXPECT_FALSE(fs::exists(site.path() / ".polypress/staging") &&
               !fs::is_empty(site.path() / ".polypress/staging"));
}

}  // namespace
}  // namespace pp
