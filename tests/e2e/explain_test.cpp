// build --explain (issue 39): why the build as a whole is not a no-op, and
// for each output rendered or removed, why; as text and as JSON on standard
// error, findings untouched on their own stream.
#include <gtest/gtest.h>

#include <chrono>
#include <nlohmann/json.hpp>

#include "support/temp_site.h"

namespace pp {
namespace {

namespace fs = std::filesystem;

// Every file and folder of `dir` written an hour ago: the build judges them
// by their stamps, not as racy ones changed within its own moment (a folder
// changed then could get a file in the same tick).
void age(const fs::path& dir) {
  const auto then = fs::file_time_type::clock::now() - std::chrono::hours(1);
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (!e.is_symlink()) fs::last_write_time(e.path(), then);
  fs::last_write_time(dir, then);
}

// The "explain: " lines of a build's standard error, in order.
std::vector<std::string> explained(const std::string& err) {
  std::vector<std::string> out;
  for (std::size_t at = 0; at < err.size();) {
    const auto nl = std::min(err.find('\n', at), err.size());
    if (err.compare(at, 9, "explain: ") == 0) out.push_back(err.substr(at + 9, nl - at - 9));
    at = nl + 1;
  }
  return out;
}

bool has(const std::vector<std::string>& lines, const std::string& line) {
  return std::find(lines.begin(), lines.end(), line) != lines.end();
}

// A news article titled `title` with `body`.
std::string news(const std::string& title, const std::string& body) {
  return "---\ntitle: \"" + title +
         "\"\ntype: news\ndate: 2026-11-18\nsummary: \"S.\"\nverdict: \"V.\"\nsources:\n"
         "  - {title: \"T\", url: \"https://x.example/\", publisher: \"P\"}\n---\n" +
         body;
}

test::Run explain(const fs::path& site, std::vector<std::string> extra = {}) {
  std::vector<std::string> args = {"-C", site.string(), "build", "--quiet", "--explain"};
  args.insert(args.end(), extra.begin(), extra.end());
  return test::run_polypress(args);
}

}  // namespace

TEST(Explain, SaysWhyTheBuildAndEachOutputIsMadeOrRemoved) {
  test::TempDir dir;
  const fs::path site = dir.path();
  test::make_minimal_site(site);
  test::write_text(site, "content/news/extra/index.en.md", news("Extra", "Body.\n"));
  age(site);
  auto r = explain(site);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto lines = explained(r.err);
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines[0],
            "the last build does not stand: no record of an earlier build that can stand (none "
            "finished, or an input changed just before or while it ran)");
  EXPECT_TRUE(has(lines, "public/en/news/extra/index.html: new: no earlier build wrote it"))
      << r.err;

  // Nothing changed: one line, for the build.
  r = explain(site);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(explained(r.err),
            std::vector<std::string>{"nothing changed since the last build: nothing to do"});

  // An edited catalog: the outputs of its language, by its key.
  test::write_text(site, "locales/ar.po",
                   test::read_text(site / "locales/ar.po") +
                       "\nmsgid \"Extra string\"\nmsgstr \"سلسلة إضافية\"\n");
  // A page tampered with, a bundle deleted.
  test::write_text(site, "public/en/index.html", "tampered");
  fs::remove_all(site / "content/news/extra");
  age(site / "locales");
  age(site / "content");
  r = explain(site);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  lines = explained(r.err);
  EXPECT_EQ(lines[0], "the last build does not stand: an input file changed");
  EXPECT_TRUE(has(lines, "public/ar/index.html: c:ar changed")) << r.err;
  EXPECT_TRUE(has(lines, "public/en/index.html: its file was changed since polypress wrote it"))
      << r.err;
  EXPECT_TRUE(has(lines, "public/en/news/extra/index.html: removed: no longer produced")) << r.err;
  EXPECT_TRUE(has(lines, "mail/en/news--extra.eml: removed: no longer produced")) << r.err;
  // Nothing of English depends on the Arabic catalog.
  for (const auto& line : lines)
    EXPECT_FALSE(line.starts_with("public/en/") && line.ends_with("c:ar changed")) << line;
}

TEST(Explain, TheSiteNamedAnotherWayIsNoChange) {
  test::TempDir dir;
  const fs::path site = dir.path() / "site";
  test::make_minimal_site(site);
  age(dir.path());
  ASSERT_EQ(explain(site).exit_code, 0);
  // An outside attack found each of these said "an input file changed".
  for (const std::string& other :
       {site.string() + "/", (site / ".").string(), (dir.path() / "site/../site").string()}) {
    const auto r = explain(other);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(explained(r.err),
              std::vector<std::string>{"nothing changed since the last build: nothing to do"})
        << other;
  }
}

TEST(Explain, AFileTooNewToTrustWhenReadIsNamedSo) {
  test::TempDir dir;
  const fs::path site = dir.path();
  test::make_minimal_site(site);
  test::write_text(site, "content/news/pic/index.en.md", news("Pic", "![c](c.png)\n"));
  test::write_text(site, "content/news/pic/c.png", "png");
  age(site);
  // Stamped in the future: as racy to the build as a file written in its
  // own moment, whatever the machine's speed.
  fs::last_write_time(site / "content/news/pic/c.png",
                      fs::file_time_type::clock::now() + std::chrono::hours(1));
  ASSERT_EQ(explain(site).exit_code, 0);
  age(site / "content");
  const auto r = explain(site);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(has(explained(r.err),
                  "public/en/news/pic/c.png: f:content/news/pic/c.png was too "
                  "new to trust when that build read it (its stamp was racy)"))
      << r.err;
}

TEST(Explain, JsonIsOneDocumentOnStandardErrorAndFindingsStayOnStandardOutput) {
  test::TempDir dir;
  const fs::path site = dir.path();
  test::make_minimal_site(site);
  age(site);
  ASSERT_EQ(test::run_polypress({"-C", site.string(), "build", "--quiet"}).exit_code, 0);
  fs::remove(site / "public/en/index.html");
  const auto r = explain(site, {"--format", "json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto findings = nlohmann::json::parse(r.out, nullptr, false);
  ASSERT_TRUE(findings.is_array()) << r.out;
  const auto doc = nlohmann::json::parse(r.err, nullptr, false);
  ASSERT_TRUE(doc.is_object()) << r.err;
  const auto& list = doc.at("explain");
  ASSERT_EQ(list.size(), 2u) << r.err;
  EXPECT_TRUE(list[0].at("output").is_null());
  EXPECT_EQ(list[0].at("reason"),
            "the last build does not stand: an output file changed since "
            "it was written");
  EXPECT_EQ(list[1].at("output"), "public/en/index.html");
  EXPECT_EQ(list[1].at("reason"), "its file was removed");
}

// The options' reason names the one that changed, not a list of what might
// have (an outside attack read "the options, the binary or the day changed"
// after a build with --drafts).
TEST(Explain, TheOptionThatChangedIsNamed) {
  test::TempDir dir;
  const fs::path site = dir.path();
  test::make_minimal_site(site);
  age(site);
  ASSERT_EQ(explain(site).exit_code, 0);
  auto r = explain(site, {"--drafts"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(explained(r.err)[0],
            "the last build does not stand: --drafts, --future or --expired changed ('', now "
            "'drafts')");
  r = explain(site, {"--drafts", "--out", "elsewhere"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(explained(r.err)[0],
            "the last build does not stand: the output folder changed (--out)");
  r = explain(site, {"--drafts", "--out", "elsewhere", "--shard", "1/2"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(explained(r.err)[0], "the last build does not stand: the options changed (--shard)");
}

// A build of one language keeps what the others' outputs were made from: the
// next build of all renders nothing of theirs again (an outside attack saw
// every other language's outputs explained as "new").
TEST(Explain, ABuildOfOneLanguageKeepsTheOthersRecords) {
  test::TempDir dir;
  const fs::path site = dir.path();
  test::make_minimal_site(site);
  age(site);
  ASSERT_EQ(explain(site).exit_code, 0);
  ASSERT_EQ(explain(site, {"--lang", "en"}).exit_code, 0);
  const auto r = explain(site);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(explained(r.err), std::vector<std::string>{
                                  "the last build does not stand: the options changed (--lang)"});
}

// --path-base applies to what explain names as to findings: a CI job that
// builds site/ of its repository reads paths from the repository's root.
TEST(Explain, OutputsAreNamedFromThePathBaseAsFindingsAre) {
  test::TempDir dir;
  const fs::path site = dir.path() / "site";
  test::make_minimal_site(site);
  age(site);
  const auto r = test::run_polypress(
      {"-C", site.string(), "build", "--path-base", dir.path().string(), "--quiet", "--explain"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(has(explained(r.err), "site/public/en/index.html: new: no earlier build wrote it"))
      << r.err;
}

}  // namespace pp
