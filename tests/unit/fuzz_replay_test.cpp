// Every fuzz target's findings (fuzz/regressions/<target>/), its own seeds
// (fuzz/seeds/<target>/) and the project's own inputs (articles and catalogs of the sample site and
// the test sites) replayed through the targets with the normal build: a finding once fixed stays
// fixed, and the targets' invariants hold for every real input.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "support/temp_site.h"
#include "targets.h"

namespace pp {
namespace {

namespace fs = std::filesystem;

// Regular files under `dir` whose names end with one of `suffixes` (all when
// empty), in a fixed order.
std::vector<fs::path> files_under(const fs::path& dir, const std::vector<std::string>& suffixes) {
  std::vector<fs::path> out;
  std::error_code ec;
  if (!fs::exists(dir, ec)) return out;
  for (const auto& e : fs::recursive_directory_iterator(dir, ec)) {
    if (!e.is_regular_file()) continue;
    const std::string name = e.path().filename().string();
    bool wanted = suffixes.empty();
    for (const auto& s : suffixes) wanted |= name.ends_with(s);
    if (wanted) out.push_back(e.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

int replay(int (*target)(const uint8_t*, size_t), const std::vector<fs::path>& files) {
  int n = 0;
  for (const auto& f : files) {
    const std::string bytes = test::read_text(f);
    SCOPED_TRACE(f.string());
    target(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
    ++n;
  }
  return n;
}

std::vector<fs::path> inputs(const std::string& target, const std::vector<std::string>& suffixes) {
  const fs::path src = test::source_dir();
  std::vector<fs::path> all = files_under(src / "fuzz/regressions" / target, {});
  for (auto& f : files_under(src / "fuzz/seeds" / target, {})) all.push_back(std::move(f));
  for (const char* dir : {"content", "locales", "tests/e2e/sites", "tests/e2e/invalid"})
    for (auto& f : files_under(src / dir, suffixes)) all.push_back(std::move(f));
  return all;
}

TEST(FuzzReplay, FrontMatter) {
  EXPECT_GT(replay(fuzz::fuzz_front_matter, inputs("front_matter", {".md"})), 100);
}

TEST(FuzzReplay, Markdown) {
  EXPECT_GT(replay(fuzz::fuzz_markdown, inputs("markdown", {".md"})), 100);
}

// The markdown target's invariant can fail: it sees what could run.
TEST(FuzzReplay, UnsafeMarkupIsSeen) {
  for (const char* html :
       {"<script>x</script>", "<p><IFRAME src=x>", "<img src=\"https://x.example/a\" onerror=x>",
        "<a href=\"java&#x09;script:alert(1)\">x</a>", "<a href='JaVaScRiPt&colon;x'>x</a>",
        "<img src=data:image/png;base64,AA>", "<p style=\"color:red\">x</p>", "<a href=\"x"})
    EXPECT_TRUE(fuzz::unsafe_markup(html)) << html;
  for (const char* html :
       {"<p>&lt;script&gt; onclick=x javascript:x</p>",
        "<a href=\"https://x.example/\" title=\"onx=1\">x</a>",
        "<a href=\"tel:+1\">x</a> <img src=\"https://x.example/a.png\" alt=\"data:x\" />",
        "<br />"})
    EXPECT_FALSE(fuzz::unsafe_markup(html)) << html;
  // The hostile raw HTML seed is rendered (warnings only), so the invariant
  // is checked on it rather than skipped as refused.
  std::string refusal;
  EXPECT_TRUE(fuzz::render_markdown(
      test::read_text(test::source_dir() / "fuzz/seeds/markdown/raw-html"), &refusal))
      << refusal;
}

TEST(FuzzReplay, Po) {
  EXPECT_GT(replay(fuzz::fuzz_po, inputs("po", {".po", ".pot"})), 5);
}

TEST(FuzzReplay, Email) {
  // Articles as subject, text and HTML, with display names that try to break out.
  std::vector<fs::path> files = inputs("email", {".md"});
  int n = replay(fuzz::fuzz_email, files);
  for (const std::string& name :
       {std::string("Ana\r\nBcc: x@evil.example"), std::string("=?utf-8?q?x?="),
        std::string(3000, 'x'), std::string("\xed\x95\x9c") + "\"<>"}) {
    const std::string in = "Subject\r\nBcc: y@evil.example" + std::string(1, '\0') + "text" +
                           std::string(1, '\0') + "<p>html</p>" + std::string(1, '\0') + name;
    fuzz::fuzz_email(reinterpret_cast<const uint8_t*>(in.data()), in.size());
    ++n;
  }
  EXPECT_GT(n, 100);
}

// The seeds of a target that has its own (fuzz/seeds/<target>/), all of them.
int own_seeds(const std::string& target) {
  return static_cast<int>(files_under(test::source_dir() / "fuzz/seeds" / target, {}).size());
}

TEST(FuzzReplay, Links) {
  EXPECT_GE(own_seeds("links"), 6);
  EXPECT_GT(replay(fuzz::fuzz_links, inputs("links", {".md"})), 100);
}

TEST(FuzzReplay, Figures) {
  EXPECT_GE(own_seeds("figures"), 5);
  EXPECT_GT(replay(fuzz::fuzz_figures, inputs("figures", {".md"})), 100);
}

TEST(FuzzReplay, Catalog) {
  EXPECT_GE(own_seeds("catalog"), 4);
  EXPECT_GT(replay(fuzz::fuzz_catalog, inputs("catalog", {".po", ".pot"})), 10);
}

}  // namespace
}  // namespace pp
