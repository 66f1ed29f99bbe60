// AtomicBatch (core/file_io.h) and emit's OutputBatch on top of it: files are
// replaced all at once or not at all, and no temporary is left behind.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include "core/file_io.h"
#include "core/state_folder.h"
#include "emit/emit.h"
#include "support/temp_site.h"

namespace pp {
namespace {

namespace fs = std::filesystem;

std::size_t entries(const fs::path& dir) {
  std::size_t n = 0;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::end(it);
       it.increment(ec))
    ++n;
  return n;
}

ino_t inode(const fs::path& p) {
  struct stat st {};
  ::stat(p.c_str(), &st);
  return st.st_ino;
}

struct Folders {
  test::TempDir dir;
  fs::path out, staging;
  Folders() : out(dir.path() / "out"), staging(dir.path() / "staging") {
    test::write_text(out, "a.html", "old a");
    test::write_text(out, "b.html", "old b");
    test::write_text(out, "same.html", "same");
    fs::create_directories(staging);
  }
};

TEST(AtomicBatch, NothingIsReplacedBeforeCommitThenEverything) {
  Folders f;
  const ino_t same = inode(f.out / "same.html");
  std::string error;
  {
    AtomicBatch batch(f.staging);
    EXPECT_EQ(batch.stage(f.out / "a.html", "new a", error), WriteOutcome::written);
    EXPECT_EQ(batch.stage(f.out / "b.html", "new b", error), WriteOutcome::written);
    EXPECT_EQ(batch.stage(f.out / "same.html", "same", error), WriteOutcome::unchanged);
    EXPECT_EQ(batch.stage(f.out / "new/c.html", "new c", error), WriteOutcome::written);
    EXPECT_EQ(test::read_text(f.out / "a.html"), "old a");
    EXPECT_EQ(test::read_text(f.out / "b.html"), "old b");
    EXPECT_FALSE(fs::exists(f.out / "new/c.html"));
    EXPECT_EQ(entries(f.staging), 3u);  // the three temporaries
    fs::path failed;
    EXPECT_TRUE(batch.commit(failed, error)) << error;
  }
  EXPECT_EQ(test::read_text(f.out / "a.html"), "new a");
  EXPECT_EQ(test::read_text(f.out / "b.html"), "new b");
  EXPECT_EQ(test::read_text(f.out / "new/c.html"), "new c");
  EXPECT_EQ(inode(f.out / "same.html"), same);  // not rewritten
  EXPECT_EQ(entries(f.staging), 0u);
  EXPECT_EQ(entries(f.out), 5u);  // a, b, same, new/, new/c: no temporary beside them
}

TEST(AtomicBatch, ABatchDroppedAfterAFailureReplacesNothingAndCleansUp) {
  Folders f;
  test::write_text(f.out, "blocker", "a file where a folder should be");
  std::string error;
  {
    AtomicBatch batch(f.staging);
    EXPECT_EQ(batch.stage(f.out / "a.html", "new a", error), WriteOutcome::written);
    EXPECT_EQ(batch.stage(f.out / "made/deeper/c.html", "c", error), WriteOutcome::written);
    EXPECT_EQ(batch.stage(f.out / "blocker/deeper/d.html", "d", error), WriteOutcome::failed);
    EXPECT_NE(error.find("blocker"), std::string::npos) << error;
  }  // dropped without commit
  EXPECT_EQ(test::read_text(f.out / "a.html"), "old a");
  EXPECT_FALSE(fs::exists(f.out / "made"));  // the folders it made went too
  EXPECT_EQ(entries(f.staging), 0u);
  EXPECT_EQ(entries(f.out), 4u);  // a, b, same, blocker
}

TEST(AtomicBatch, TemporariesBesideTheirFilesAreRemovedToo) {
  Folders f;
  std::string error;
  {
    AtomicBatch batch;  // no staging folder
    EXPECT_EQ(batch.stage(f.out / "a.html", "new a", error), WriteOutcome::written);
    EXPECT_EQ(entries(f.out), 4u);  // its temporary is beside it
  }
  EXPECT_EQ(test::read_text(f.out / "a.html"), "old a");
  EXPECT_EQ(entries(f.out), 3u);
}

TEST(AtomicBatch, ARenameThatFailsStopsTheCommitThere) {
  Folders f;
  std::string error;
  AtomicBatch batch(f.staging);
  EXPECT_EQ(batch.stage(f.out / "a.html", "new a", error), WriteOutcome::written);
  EXPECT_EQ(batch.stage(f.out / "b.html", "new b", error), WriteOutcome::written);
  EXPECT_EQ(batch.stage(f.out / "c.html", "new c", error), WriteOutcome::written);
  // b.html becomes a folder with a file in it: no file can be renamed over it.
  fs::remove(f.out / "b.html");
  test::write_text(f.out, "b.html/keep", "x");
  fs::path failed;
  EXPECT_FALSE(batch.commit(failed, error));
  EXPECT_EQ(failed, f.out / "b.html");
  EXPECT_NE(error.find("b.html"), std::string::npos) << error;
  EXPECT_EQ(test::read_text(f.out / "a.html"), "new a");  // staged before it
  EXPECT_FALSE(fs::exists(f.out / "c.html"));             // staged after it
}

TEST(AtomicBatch, ANewFolderIsWrittenOnceAndAppearsWholeAtCommit) {
  Folders f;
  const fs::path site = f.dir.path() / "new-site/public";  // its parent is missing too
  std::string error;
  AtomicBatch batch(f.staging);
  EXPECT_FALSE(batch.stage_as_tree(f.out));  // it exists: files are replaced one by one
  EXPECT_TRUE(batch.stage_as_tree(site / ""));
  EXPECT_EQ(batch.stage(site / "index.html", "home", error), WriteOutcome::written);
  EXPECT_EQ(batch.stage(site / "en/news/x/index.html", "x", error), WriteOutcome::written);
  EXPECT_EQ(batch.stage(f.out / "a.html", "new a", error), WriteOutcome::written);
  EXPECT_FALSE(fs::exists(f.dir.path() / "new-site"));  // nothing shows before commit
  // Each file is made once, where it will stay: the commit renames the tree.
  const ino_t x = inode(f.staging / "tree-0/en/news/x/index.html");
  ASSERT_NE(x, 0u);
  fs::path failed;
  EXPECT_TRUE(batch.commit(failed, error)) << error;
  EXPECT_EQ(test::read_text(site / "index.html"), "home");
  EXPECT_EQ(test::read_text(site / "en/news/x/index.html"), "x");
  EXPECT_EQ(inode(site / "en/news/x/index.html"), x);
  EXPECT_EQ(test::read_text(f.out / "a.html"), "new a");
  EXPECT_EQ(entries(f.staging), 0u);
  EXPECT_EQ(entries(site), 5u);  // index.html, en/, news/, x/, index.html
}

TEST(AtomicBatch, AFolderMadeMeanwhileGetsTheFilesOneByOne) {
  Folders f;
  const fs::path site = f.dir.path() / "public";
  std::string error;
  AtomicBatch batch(f.staging);
  ASSERT_TRUE(batch.stage_as_tree(site));
  EXPECT_EQ(batch.stage(site / "a/index.html", "a", error), WriteOutcome::written);
  test::write_text(site, "other/index.html", "another shard's");  // made before the commit
  fs::path failed;
  EXPECT_TRUE(batch.commit(failed, error)) << error;
  EXPECT_EQ(test::read_text(site / "a/index.html"), "a");
  EXPECT_EQ(test::read_text(site / "other/index.html"), "another shard's");
}

TEST(AtomicBatch, ATreeNeverCommittedLeavesNothing) {
  Folders f;
  const fs::path site = f.dir.path() / "public";
  std::string error;
  {
    AtomicBatch batch(f.staging);
    ASSERT_TRUE(batch.stage_as_tree(site));
    EXPECT_EQ(batch.stage(site / "a/index.html", "a", error), WriteOutcome::written);
    EXPECT_EQ(entries(f.staging), 3u);  // tree-0, a/, index.html
  }
  EXPECT_FALSE(fs::exists(site));
  EXPECT_EQ(entries(f.staging), 0u);
  AtomicBatch without_staging;
  EXPECT_FALSE(without_staging.stage_as_tree(site));
}

TEST(AtomicBatch, ATreeLeftByAKilledBuildIsRemovedWithItsStagingFolder) {
  test::TempDir dir;
  const fs::path staging = dir.path() / "4242";
  test::write_text(staging, "tree-0/en/x/index.html", "half a build");
  test::write_text(staging, "7.tmp", "a temporary");
  test::write_text(dir.path(), "elsewhere/keep.html", "not the build's");
  fs::create_directory_symlink(dir.path() / "elsewhere", staging / "tree-0/en/link");
  remove_staging_folder(staging);
  EXPECT_FALSE(fs::exists(staging));
  EXPECT_EQ(test::read_text(dir.path() / "elsewhere/keep.html"), "not the build's");
}

// A build's two outputs, placed by emit.
struct Placed {
  Folders f;
  std::vector<RenderUnit> units;
  OutputFolders folders;
  std::vector<PlacedOutput> placed;
  Placed() {
    units.push_back({{{OutputFolder::pages, "a.html"}, {OutputFolder::mail, "a.eml"}}, {}});
    units.push_back({{{OutputFolder::pages, "sub/b.html"}}, {}});
    folders = {f.out, f.dir.path() / "mail", "public", "mail", 1, 1};
    DiagnosticSink sink;
    bool write_failed = true;
    placed = place_outputs(units, folders, sink, write_failed).value_or(placed);
    EXPECT_FALSE(write_failed);
  }
};

TEST(OutputBatch, PlacesEveryOutputInItsFolder) {
  Placed p;
  ASSERT_EQ(p.placed.size(), 3u);
  EXPECT_EQ(p.placed[1].file, p.f.dir.path() / "mail/a.eml");
  EXPECT_EQ(p.placed[1].shown, "mail/a.eml");
  EXPECT_EQ(p.placed[2].unit, 1u);
  EXPECT_TRUE(p.placed[2].mine);
  // Two outputs on one file, or one outside its folder, are refused.
  p.units.push_back({{{OutputFolder::pages, "a.html"}}, {}});
  DiagnosticSink sink;
  bool write_failed = false;
  EXPECT_FALSE(place_outputs(p.units, p.folders, sink, write_failed));
  EXPECT_TRUE(write_failed);
  EXPECT_EQ(sink.sorted().at(0).rule, "emit/path");
  p.units.back().outputs[0].path = "../x.html";
  DiagnosticSink outside;
  EXPECT_FALSE(place_outputs(p.units, p.folders, outside, write_failed));
  EXPECT_EQ(outside.sorted().at(0).message, "refusing to write outside the output folder");
}

TEST(OutputBatch, AnOutputThatCannotBeStagedLeavesEveryFileAsItWas) {
  Placed p;
  test::write_text(p.f.out, "sub", "a file where a folder should be");
  DiagnosticSink sink;
  {
    OutputBatch batch(p.placed, {}, {});  // temporaries beside their files: sub/ is refused
    EXPECT_TRUE(batch.stage(0, "new a"));
    EXPECT_TRUE(batch.stage(1, "mail"));
    EXPECT_FALSE(batch.stage(2, "b"));
    EXPECT_FALSE(batch.staged_all(sink));
  }
  ASSERT_EQ(sink.sorted().size(), 1u);
  EXPECT_EQ(sink.sorted()[0].where.path, "public/sub/b.html");
  EXPECT_EQ(sink.sorted()[0].message.rfind("cannot write: public/sub", 0), 0u)
      << sink.sorted()[0].message;  // named as the user knows it
  EXPECT_EQ(test::read_text(p.f.out / "a.html"), "old a");
  EXPECT_FALSE(fs::exists(p.f.dir.path() / "mail"));
  EXPECT_EQ(entries(p.f.out), 4u);  // a, b, same, sub: no temporary left
}

TEST(OutputBatch, CommitReplacesEveryStagedFile) {
  Placed p;
  DiagnosticSink sink;
  OutputBatch batch(p.placed, p.f.staging, {p.f.out, p.f.dir.path() / "mail"});
  EXPECT_TRUE(batch.stage(0, "old a"));  // already so
  EXPECT_TRUE(batch.stage(2, "b"));
  EXPECT_TRUE(batch.staged_all(sink));
  EXPECT_TRUE(batch.commit(sink));
  EXPECT_EQ(batch.outcome(0), WriteOutcome::unchanged);
  EXPECT_EQ(batch.outcome(1), WriteOutcome::unchanged);  // never staged
  EXPECT_EQ(batch.outcome(2), WriteOutcome::written);
  EXPECT_EQ(test::read_text(p.f.out / "sub/b.html"), "b");
  EXPECT_FALSE(sink.has_errors());
  EXPECT_EQ(entries(p.f.staging), 0u);
}

}  // namespace
}  // namespace pp
