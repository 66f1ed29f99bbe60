// `validate FILE…` reads only what the FILEs' checks need (their bundles and
// the bundles they link to or name as related; docs/performance.md,
// "validate FILE"), and finds in them exactly what the whole site's validate
// finds there. The invalid cases compare it too (invalid_cases_test.cpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <set>

#include <nlohmann/json.hpp>

#include "support/temp_site.h"

namespace pp {

namespace fs = std::filesystem;

namespace {

// The findings of a `--format json` run, one line each, in `file` only
// (every file when empty).
std::vector<std::string> findings_in(const test::Run& r, const std::string& file = "") {
  std::vector<std::string> out;
  const auto items = nlohmann::json::parse(r.out.empty() ? "[]" : r.out, nullptr, false);
  if (!items.is_array()) return {"unreadable output: " + r.out + r.err};
  for (const auto& d : items)
    if (file.empty() || d.value("file", "") == file) out.push_back(d.dump());
  return out;
}

std::vector<std::string> article_files(const fs::path& site) {
  std::vector<std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(site / "content"))
    if (e.is_regular_file() && e.path().extension() == ".md")
      out.push_back(fs::relative(e.path(), site).generic_string());
  std::sort(out.begin(), out.end());
  return out;
}

// Each of `files` alone, against the whole site's validate.
void expect_each_file_as_in_the_whole(const fs::path& site, const std::vector<std::string>& files) {
  const std::string root = site.string();
  const test::Run whole = test::run_polypress({"-C", root, "validate", "--format", "json"});
  ASSERT_LE(whole.exit_code, 1) << whole.err;
  for (const auto& f : files) {
    const test::Run one = test::run_polypress({"-C", root, "validate", "--format", "json", f});
    EXPECT_EQ(findings_in(one), findings_in(whole, f)) << f;
  }
}

}  // namespace

TEST(ValidateFiles, EveryArticleOfTheSampleAsInTheWholeSite) {
  test::TempDir site;
  test::copy_tree(test::source_dir() / "content", site.path() / "content");
  test::copy_tree(test::source_dir() / "pipeline", site.path() / "pipeline");
  test::copy_tree(test::source_dir() / "locales", site.path() / "locales");
  // A finding in one article that depends on another bundle: a missing
  // anchor there, and one that exists.
  const auto files = article_files(site.path());
  ASSERT_GT(files.size(), 40u);
  const std::string first = files.front();
  test::write_text(
      site.path(), first,
      test::read_text(site.path() / first) + "\nSee [that](/news/no-such-bundle) and [this](/" +
          files.back().substr(8, files.back().rfind('/') - 8) + "#no-such-heading).\n");
  // A bundle whose one link is a site path written percent-encoded
  // ("/en/%72eviews/x/"): it names its target only once decoded.
  const std::string target = files[files.size() / 2].substr(8);
  char encoded[4];
  std::snprintf(encoded, sizeof encoded, "%%%02X", static_cast<unsigned char>(target[0]));
  const std::string coded = "content/news/coded-link/index.en.md";
  test::write_text(
      site.path(), coded,
      "---\ntitle: \"A link written encoded\"\ntype: news\ndate: 2026-11-21\n"
      "summary: \"About a link.\"\nverdict: \"Fine.\"\nsources:\n  - {title: \"Post\", "
      "url: \"https://vendor.example/x\", publisher: \"Vendor\", accessed: "
      "2026-11-21}\n---\nSee [it](/en/" +
          std::string(encoded) + target.substr(1, target.rfind('/') - 1) + "/#no-such-heading).\n");
  // The edited one, and every fourth of the others: each bundle, every language.
  std::vector<std::string> some = {coded};
  for (std::size_t i = 0; i < files.size(); i += 4) some.push_back(files[i]);
  expect_each_file_as_in_the_whole(site.path(), some);
}

TEST(ValidateFiles, ArticlesOfTheBenchCorpusAsInTheWholeSite) {
  test::TempDir site;
  ASSERT_EQ(test::generate_bench_corpus(site.path(), 40), "");
  const auto all = article_files(site.path());
  std::vector<std::string> files;
  for (std::size_t i = 0; i < all.size(); i += 23) files.push_back(all[i]);
  ASSERT_GE(files.size(), 8u);
  expect_each_file_as_in_the_whole(site.path(), files);
}

}  // namespace pp
