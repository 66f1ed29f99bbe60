#include <gtest/gtest.h>

#include "links/links.h"
#include "support/temp_site.h"

namespace pp {

TEST(Links, ClassifiesDestinations) {
  EXPECT_EQ(classify_link("/reviews/pytorch"), LinkKind::internal);
  EXPECT_EQ(classify_link("/reviews/pytorch/#가격"), LinkKind::internal);
  EXPECT_EQ(classify_link("https://x.example/"), LinkKind::external);
  EXPECT_EQ(classify_link("mailto:a@b.example"), LinkKind::mail);
  EXPECT_EQ(classify_link("#top"), LinkKind::fragment);
  EXPECT_EQ(classify_link("chart.svg"), LinkKind::local);
  EXPECT_EQ(classify_link("JaVaScRiPt:alert(1)"), LinkKind::forbidden);
  EXPECT_EQ(classify_link("java\tscript:alert(1)"), LinkKind::forbidden);
  EXPECT_EQ(classify_link("data:text/html,x"), LinkKind::forbidden);
  EXPECT_EQ(classify_link("vbscript:x"), LinkKind::forbidden);
  EXPECT_EQ(classify_link("/Reviews/x"), LinkKind::other);
  EXPECT_EQ(classify_link("//evil.example/x"), LinkKind::other);
}

TEST(Links, ParsesBundlePaths) {
  auto l = parse_internal_link("/reviews/pytorch#%EA%B0%80%EA%B2%A9");
  ASSERT_TRUE(l);
  EXPECT_EQ(l->bundle_id, "reviews/pytorch");
  EXPECT_EQ(l->anchor, "가격");
  EXPECT_FALSE(parse_internal_link("/reviews/../etc"));
  EXPECT_FALSE(parse_internal_link("/reviews"));
}

TEST(Links, ChecksEveryLinkOfTheMinimalSite) {
  test::TempDir dir;
  test::make_minimal_site(dir.path());
  test::write_text(dir.path(), "content/news/bad/index.en.md", R"(---
title: "Bad links"
type: news
date: 2026-11-21
summary: "s"
verdict: "v"
related: [news/nope]
sources:
  - {title: "t", url: "https://x.example/", publisher: "P"}
---
[a](/reviews/tool#nope) [b](/news/missing) [c](javascript:alert(1))
[d](#nowhere) [e](../secret.txt) [f](missing.png)
)");
  DiagnosticSink sink;
  const auto config = load_site_config(dir.path(), sink);
  ASSERT_TRUE(config);
  const Corpus corpus = load_corpus(dir.path(), *config, sink);
  check_links(*config, corpus, sink);
  EXPECT_EQ(format_diagnostics(sink.sorted(), OutputFormat::text),
            "content/news/bad/index.en.md:7:11: error: 'related' names unknown bundle 'news/nope' "
            "[link/related]\n"
            "content/news/bad/index.en.md:11:1: error: 'reviews/tool' (en) has no heading with id "
            "'nope' [link/anchor]\n"
            "content/news/bad/index.en.md:11:25: error: link to unknown bundle 'news/missing' "
            "[link/unknown-bundle]\n"
            "content/news/bad/index.en.md:11:44: error: link target uses a forbidden scheme: "
            "\"javascript:alert(1)\" [link/scheme]\n"
            "content/news/bad/index.en.md:12:1: error: this page has no heading with id 'nowhere' "
            "[link/anchor]\n"
            "content/news/bad/index.en.md:12:15: error: link to \"../secret.txt\" leaves the "
            "bundle; link bundle files by name [link/local]\n"
            "content/news/bad/index.en.md:12:34: error: no file 'missing.png' in bundle 'news/bad' "
            "[link/local]\n"
            "content/news/chip-launch/index.ar.md:7:70: warning: 'reviews/tool' has no 'ar' "
            "translation; linked in 'en' [link/untranslated]\n");
}

}  // namespace pp
