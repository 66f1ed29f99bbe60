#include <gtest/gtest.h>

#include "support/temp_site.h"
#include "validate/validate.h"

namespace pp {

namespace {

std::string validate_site(const std::filesystem::path& root) {
  DiagnosticSink sink;
  const auto config = load_site_config(root, sink);
  EXPECT_TRUE(config);
  const Corpus corpus = load_corpus(root, *config, sink);
  validate_corpus(*config, corpus, sink);
  return format_diagnostics(sink.sorted(), OutputFormat::text);
}

}  // namespace

TEST(Validate, MinimalSiteIsClean) {
  test::TempDir dir;
  test::make_minimal_site(dir.path());
  EXPECT_EQ(validate_site(dir.path()), "");
}

TEST(Validate, ReportsBundleAndFrontMatterRules) {
  test::TempDir dir;
  test::make_minimal_site(dir.path());
  test::write_text(dir.path(), "content/news/chip-launch/index.ar.md", R"(---
title: "شريحة"
summary: "s"
date: 2026-11-21
translation_of: en
---
{{fig:nope}}
)");
  test::write_text(dir.path(), "content/reviews/tool/index.en.md", R"(---
title: "Tool"
type: review
date: 2026-11-18
updated: 2026-11-10
summary: "s"
verdict: "v"
product: {name: Tool, url: "https://tool.example/", kind: tool}
figures:
  unused_one: {value: 1, format: integer}
---
Body.
)");
  EXPECT_EQ(
      validate_site(dir.path()),
      "content/news/chip-launch/index.ar.md:1:1: error: missing required key 'verdict' for news "
      "[front-matter/required]\n"
      "content/news/chip-launch/index.ar.md:4:1: error: 'date' differs from the source "
      "(content/news/chip-launch/index.en.md); leave it out to inherit it [bundle/shared-key]\n"
      "content/news/chip-launch/index.ar.md:7:1: error: figure 'nope' is not defined in 'figures' "
      "[figure/undefined]\n"
      "content/reviews/tool/index.en.md:1:1: error: missing required key 'rating' for review "
      "[front-matter/required]\n"
      "content/reviews/tool/index.en.md:5:10: error: 'updated' (2026-11-10) is before 'date' "
      "(2026-11-18) [front-matter/updated]\n"
      "content/reviews/tool/index.en.md:10:3: warning: figure 'unused_one' is defined but never "
      "used [figure/unused]\n");
}

TEST(Validate, ExactlyOneSourcePerBundle) {
  test::TempDir dir;
  test::make_minimal_site(dir.path());
  test::write_text(dir.path(), "content/reviews/tool/index.ar.md",
                   "---\ntitle: \"أداة\"\nsummary: \"s\"\nverdict: \"v\"\n---\nx\n");
  EXPECT_EQ(validate_site(dir.path()),
            "content/reviews/tool/index.ar.md:1:1: error: missing required key 'date' in the "
            "source file [front-matter/required]\n"
            "content/reviews/tool/index.ar.md:1:1: error: missing required key 'type' in the "
            "source file [front-matter/required]\n"
            "content/reviews/tool/index.en.md:1:1: error: bundle 'reviews/tool' has more than one "
            "source file "
            "(also content/reviews/tool/index.ar.md); add 'translation_of' to translations "
            "[bundle/source]\n");
}

}  // namespace pp
