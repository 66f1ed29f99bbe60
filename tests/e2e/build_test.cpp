// End-to-end: the polypress binary on whole sites.
#include <gtest/gtest.h>

#include <cstdlib>

#include "support/temp_site.h"

namespace pp {

namespace fs = std::filesystem;
using test::read_tree;
using test::run_polypress;

namespace {

void expect_same_tree(const std::map<std::string, std::string>& expected,
                      const std::map<std::string, std::string>& actual) {
  ASSERT_EQ(expected.size(), actual.size());
  for (const auto& [path, bytes] : expected) {
    auto it = actual.find(path);
    ASSERT_NE(it, actual.end()) << path;
    EXPECT_EQ(bytes, it->second) << path;
  }
}

// Builds `site` into `out`/p (pages) and `out`/m (emails) with `jobs`.
void build_into(const fs::path& site, const fs::path& out, const char* jobs) {
  const auto r =
      run_polypress({"-C", site.string(), "build", "--quiet", "--out", (out / "p").string(),
                     "--mail-out", (out / "m").string(), "--jobs", jobs});
  ASSERT_EQ(r.exit_code, 0) << r.err;
}

}  // namespace

// Whole output files of a small en + ar site, pinned. UPDATE_GOLDEN=1 refreshes them.
TEST(Build, GoldenMinimalSite) {
  test::TempDir dir;
  test::make_minimal_site(dir.path());
  const auto r = run_polypress({"-C", dir.path().string(), "build", "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // Pages, and the emails of one left-to-right and one right-to-left language.
  for (const auto& [out, expected] :
       {std::pair{"public", "expected"}, std::pair{"mail", "expected-mail"}}) {
    const auto actual = read_tree(dir.path() / out);
    const fs::path golden = test::source_dir() / "tests/e2e/cases/minimal" / expected;
    if (std::getenv("UPDATE_GOLDEN")) {
      fs::remove_all(golden);
      for (const auto& [path, bytes] : actual) test::write_text(golden, path, bytes);
      continue;
    }
    expect_same_tree(read_tree(golden), actual);
  }
  if (std::getenv("UPDATE_GOLDEN")) GTEST_SKIP() << "golden files refreshed";
}

TEST(Build, TwoBuildsAreByteIdenticalWhateverJobs) {
  test::TempDir a, b;
  ASSERT_NO_FATAL_FAILURE(build_into(test::source_dir(), a.path(), "1"));
  ASSERT_NO_FATAL_FAILURE(build_into(test::source_dir(), b.path(), "2"));
  const auto first = read_tree(a.path() / "p");
  EXPECT_GT(first.size(), 60u);
  expect_same_tree(first, read_tree(b.path() / "p"));
  const auto mail = read_tree(a.path() / "m");
  EXPECT_EQ(mail.size(), 59u);  // every article in every language
  expect_same_tree(mail, read_tree(b.path() / "m"));
}

// The bench corpus (bench/gen_corpus.py: five scripts, tables, links and
// figures) built serially and on four threads, where parses run in
// parallel: the same bytes. The sanitizer pass builds a third of it (CI's
// time; docs/architecture.md, "Build and test time").
TEST(Build, TheBenchCorpusIsByteIdenticalWhateverJobs) {
#ifdef POLYPRESS_SANITIZED
  constexpr int kBundles = 20;
#else
  constexpr int kBundles = 60;
#endif
  test::TempDir site, a, b;
  ASSERT_EQ(test::generate_bench_corpus(site.path(), kBundles), "");
  ASSERT_NO_FATAL_FAILURE(build_into(site.path(), a.path(), "1"));
  ASSERT_NO_FATAL_FAILURE(build_into(site.path(), b.path(), "4"));
  const auto pages = read_tree(a.path() / "p");
  EXPECT_GT(pages.size(), 5u * kBundles);
  expect_same_tree(pages, read_tree(b.path() / "p"));
  const auto mail = read_tree(a.path() / "m");
  EXPECT_EQ(mail.size(), 5u * kBundles);
  expect_same_tree(mail, read_tree(b.path() / "m"));
}

TEST(Build, ShardsUnionEqualsAFullBuild) {
  test::TempDir full, shards;
  const std::string src = test::source_dir().string();
  ASSERT_EQ(run_polypress({"-C", src, "build", "--quiet", "--out", (full.path() / "p").string(),
                           "--mail-out", (full.path() / "m").string()})
                .exit_code,
            0);
  for (const char* k : {"1/3", "2/3", "3/3"})
    ASSERT_EQ(run_polypress({"-C", src, "build", "--quiet", "--shard", k, "--out",
                             (shards.path() / "p").string(), "--mail-out",
                             (shards.path() / "m").string()})
                  .exit_code,
              0);
  expect_same_tree(read_tree(full.path() / "p"), read_tree(shards.path() / "p"));
  expect_same_tree(read_tree(full.path() / "m"), read_tree(shards.path() / "m"));
}

TEST(Build, BrokenFrontMatterWritesNothingAndKeepsTheOldOutput) {
  test::TempDir dir;
  test::make_minimal_site(dir.path());
  ASSERT_EQ(run_polypress({"-C", dir.path().string(), "build", "--quiet"}).exit_code, 0);
  const auto before = read_tree(dir.path() / "public");
  // A changed title that would alter pages, plus a broken file elsewhere.
  test::write_text(dir.path(), "content/reviews/tool/index.en.md",
                   test::read_text(dir.path() / "content/reviews/tool/index.en.md")
                       .replace(0, 4, "---\ntitle: \"Changed\"\n"));
  test::write_text(dir.path(), "content/news/broken/index.en.md",
                   "---\ntitle: \"x\"\ndate: 2026-02-30\n");
  const auto r = run_polypress({"-C", dir.path().string(), "build"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(
      r.err,
      "content/news/broken/index.en.md:1:1: error: unterminated front matter: no closing '---' "
      "line [front-matter/unterminated]\n"
      "content/news/chip-launch/index.ar.md:7:70: warning: 'reviews/tool' has no 'ar' translation; "
      "linked in 'en' [link/untranslated]\n"
      "content/reviews/tool/index.en.md:3:1: error: duplicate key 'title' (first at line 2) "
      "[front-matter/duplicate-key]\n"
      "polypress: build stopped: 2 error(s); nothing was written\n");
  expect_same_tree(before, read_tree(dir.path() / "public"));
}

TEST(Build, FirstBuildWithErrorsCreatesNoOutputFolder) {
  test::TempDir dir;
  test::make_minimal_site(dir.path());
  test::write_text(dir.path(), "content/news/chip-launch/index.en.md", "---\ntitle: [\n---\n");
  EXPECT_EQ(run_polypress({"-C", dir.path().string(), "build"}).exit_code, 1);
  EXPECT_FALSE(fs::exists(dir.path() / "public"));
}

TEST(Build, ConfigurationAndUsageErrorsExitTwo) {
  test::TempDir dir;
  test::make_minimal_site(dir.path());
  EXPECT_EQ(run_polypress({"-C", dir.path().string(), "build", "--lang", "xx"}).exit_code, 2);
  EXPECT_EQ(run_polypress({"-C", dir.path().string(), "build", "--shard", "4/3"}).exit_code, 2);
  EXPECT_EQ(run_polypress({"-C", dir.path().string(), "build", "--no-such-option"}).exit_code, 2);
  EXPECT_EQ(run_polypress({"no-such-command"}).exit_code, 2);
  test::write_text(dir.path(), "pipeline/site.yaml", "site:\n  name: x\n  colour: blue\n");
  const auto r = run_polypress({"-C", dir.path().string(), "build"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("pipeline/site.yaml:3:3: error: unknown key 'colour' in 'site'"),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(dir.path() / "public"));
}

TEST(Build, LanguageSubsetWritesOnlyThoseLanguages) {
  test::TempDir dir;
  test::make_minimal_site(dir.path());
  ASSERT_EQ(
      run_polypress({"-C", dir.path().string(), "build", "--lang", "ar", "--quiet"}).exit_code, 0);
  EXPECT_TRUE(fs::exists(dir.path() / "public/ar/index.html"));
  EXPECT_FALSE(fs::exists(dir.path() / "public/en/index.html"));
}

TEST(Validate, FormatsAndExitCodes) {
  test::TempDir dir;
  test::make_minimal_site(dir.path());
  auto r = run_polypress({"-C", dir.path().string(), "validate"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.err,
            "content/news/chip-launch/index.ar.md:7:70: warning: 'reviews/tool' has no 'ar' "
            "translation; linked in 'en' [link/untranslated]\n");
  EXPECT_EQ(run_polypress({"-C", dir.path().string(), "validate", "--strict"}).exit_code, 1);
  r = run_polypress({"-C", dir.path().string(), "validate", "--format", "github"});
  EXPECT_EQ(r.out,
            "::warning "
            "file=content/news/chip-launch/index.ar.md,line=7,col=70,title=link/"
            "untranslated::'reviews/tool' has no 'ar' translation; linked in 'en'\n");
  EXPECT_EQ(run_polypress({"-C", dir.path().string(), "validate", "--format", "xml"}).exit_code, 2);
  r = run_polypress({"-C", dir.path().string(), "validate",
                     (dir.path() / "content/reviews/tool/index.en.md").string()});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.err, "");
  // Relative to the site root works too; a file that does not exist is a usage error.
  r = run_polypress(
      {"-C", dir.path().string(), "validate", "content/news/chip-launch/index.ar.md"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.err.substr(0, 36), "content/news/chip-launch/index.ar.md");
  r = run_polypress({"-C", dir.path().string(), "validate", "content/nope.md"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "polypress validate: no such file: content/nope.md\n");
}

// A form feed in a body (CommonMark whitespace) builds, and reaches the page
// and both parts of the email as the space it stands for, never as glued words
// or as a character XML refuses; where it stands it keeps CommonMark's meaning
// (a line starting with it is no heading).
TEST(Build, AFormFeedInABodyIsAWordSpace) {
  test::TempDir dir;
  test::make_minimal_site(dir.path());
  test::write_text(dir.path(), "content/news/ff/index.en.md",
                   "---\ntitle: \"Form feed\"\ntype: news\ndate: 2026-11-21\nsummary: \"s\"\n"
                   "verdict: \"v\"\nsources:\n  - {title: \"t\", url: \"https://x.example/\", "
                   "publisher: \"P\"}\n---\nPage\fone.\n\n\f# Not a heading\n");
  const auto r = run_polypress({"-C", dir.path().string(), "build", "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string page = test::read_text(dir.path() / "public/en/news/ff/index.html");
  EXPECT_NE(page.find("<p>Page one.</p>\n<p> # Not a heading</p>"), std::string::npos) << page;
  const std::string eml = test::read_text(dir.path() / "mail/en/news--ff.eml");
  EXPECT_EQ(eml.find('\f'), std::string::npos);
  const auto [text, html] = test::email_parts(dir.path() / "mail/en/news--ff.eml");
  EXPECT_NE(text.find("\nPage one."), std::string::npos) << text;
  EXPECT_NE(html.find(">Page one.</p>"), std::string::npos) << html;
  EXPECT_EQ((text + html).find("Pageone"), std::string::npos) << text << html;
}

}  // namespace pp
