// check_site(): the one sequence of checks that validate, check, build (so
// serve) and the fuzz targets run, and that they report the same findings.
#include <gtest/gtest.h>

#include "driver/check_site.h"
#include "fuzz_site.h"
#include "support/temp_site.h"
#include "targets.h"

namespace pp {
namespace {

// A news item whose only fault is a source URL that is not http(s): only
// check_source_urls reports it.
const char* kBadSourceUrl =
    "---\ntitle: T\ntype: news\ndate: 2026-11-20\nsummary: S\nverdict: V\n"
    "sources:\n  - {title: \"t\", url: \"ftp://files.example/x\", publisher: \"P\"}\n---\n"
    "Body.\n";

// The fuzz site (fuzz/fuzz_site.h) on disk, holding `article` as news/x.
void write_fuzz_site(const std::filesystem::path& root, const std::string& article) {
  test::write_text(root, "pipeline/site.yaml",
                   "site:\n  name: Fuzz\n  base_url: https://fuzz.example/\n"
                   "  default_language: en\n  time_zone: Asia/Seoul\n"
                   "languages:\n  - {code: en, name: English}\n  - {code: ar, name: العربية}\n"
                   "  - {code: ko, name: 한국어}\n"
                   "sections:\n  - {id: news, title: News}\n  - {id: reviews, title: Reviews}\n"
                   "newsletter:\n  from: \"Fuzz <brief@fuzz.example>\"\n"
                   "  list_id: \"brief.fuzz.example\"\n"
                   "  subscribe_url: \"https://fuzz.example/subscribe\"\n"
                   "  unsubscribe_url: \"https://fuzz.example/{lang}/unsubscribe\"\n"
                   "  address: \"Fuzz, 1 Example Street\"\n");
  // What a build renders with, as a real site has it: validate checks it too.
  test::copy_tree(test::source_dir() / "pipeline/templates/html", root / "pipeline/templates/html");
  for (const char* file : {"en.po", "ar.po", "ko.po", "polypress.pot"})
    test::write_text(root, std::string("locales/") + file,
                     test::read_text(test::source_dir() / "locales" / file));
  test::write_text(root, "content/reviews/tool/index.en.md", fuzz::kToolArticle);
  test::write_text(root, "content/news/x/index.en.md", article);
}

TEST(CheckSite, TheFuzzTargetAndTheCommandLineReportTheSameFindings) {
  const std::vector<Diagnostic> fuzz_findings = fuzz::check_article(kBadSourceUrl);
  bool url_reported = false;
  for (const auto& d : fuzz_findings) url_reported |= d.rule == "source/url";
  ASSERT_TRUE(url_reported) << format_diagnostics(fuzz_findings, OutputFormat::text);

  test::TempDir dir;
  write_fuzz_site(dir.path(), kBadSourceUrl);
  const auto r = test::run_polypress({"-C", dir.path().string(), "validate", "--format", "json"});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_EQ(r.out, format_diagnostics(fuzz_findings, OutputFormat::json));
}

// The same article as a loaded corpus, for check_site() itself.
Corpus corpus_of(const std::string& article) {
  DiagnosticSink ignored;
  Bundle b;
  b.section = "news";
  b.slug = "x";
  b.dir = "content/news/x";
  b.source_lang = "en";
  b.articles.emplace("en", *parse_article("content/news/x/index.en.md", "en", article, ignored));
  Corpus corpus;
  corpus.bundles.push_back(std::move(b));
  return corpus;
}

std::vector<std::string> rules_of(const DiagnosticSink& sink) {
  std::vector<std::string> rules;
  for (const auto& d : sink.sorted()) rules.push_back(d.rule);
  return rules;
}

TEST(CheckSite, ReportsSourceUrls) {
  DiagnosticSink sink;
  check_site(fuzz::site(), corpus_of(kBadSourceUrl), sink);
  EXPECT_EQ(rules_of(sink), std::vector<std::string>{"source/url"});
}

TEST(CheckSite, SourceRulesOnlyWhenAsked) {
  const std::string accessed_later =
      "---\ntitle: T\ntype: news\ndate: 2026-11-20\nsummary: S\nverdict: V\n"
      "sources:\n  - {title: \"t\", url: \"https://x.example/\", publisher: \"P\", "
      "accessed: 2026-12-01}\n---\nBody.\n";
  const Corpus corpus = corpus_of(accessed_later);
  DiagnosticSink validate;
  check_site(fuzz::site(), corpus, validate);
  EXPECT_TRUE(rules_of(validate).empty())
      << format_diagnostics(validate.sorted(), OutputFormat::text);
  // 2026-11-25T00:00Z: the source was accessed after that.
  DiagnosticSink check;
  SiteCheckOptions at;
  at.sources_at = 1795564800000.0;
  check_site(fuzz::site(), corpus, check, at);
  EXPECT_EQ(rules_of(check), std::vector<std::string>{"source/accessed"});
}

}  // namespace
}  // namespace pp
