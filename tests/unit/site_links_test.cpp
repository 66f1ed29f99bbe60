// Links to the site's own pages and files, and the link schemes of
// links.schemes (docs/spec.md §4): what is checked and what is rendered.
#include <gtest/gtest.h>

#include "links/links.h"
#include "render/inline_walk.h"
#include "render/render.h"
#include "support/temp_site.h"

namespace pp {

namespace {

const char* kFront = R"(---
title: "Links"
type: news
date: 2026-11-21
summary: "s"
verdict: "v"
sources:
  - {title: "t", url: "https://x.example/", publisher: "P"}
---
)";

// The minimal site under base_url https://test.example/blog/, with a bundle
// news/links holding chart.png and `body`.
struct LinkSite {
  test::TempDir dir;
  std::optional<SiteConfig> config;
  Corpus corpus;
  DiagnosticSink sink;

  explicit LinkSite(const std::string& body, const std::string& links_yaml = "") {
    test::make_minimal_site(dir.path());
    std::string yaml = test::read_text(dir.path() / "pipeline/site.yaml");
    yaml.replace(yaml.find("https://test.example/"), 21, "https://test.example/blog/");
    test::write_text(dir.path(), "pipeline/site.yaml", yaml + links_yaml);
    test::write_text(dir.path(), "content/news/links/index.en.md", kFront + body);
    test::write_text(dir.path(), "content/news/links/chart.png", "png");
    config = load_site_config(dir.path(), sink);
    if (!config) return;
    corpus = load_corpus(dir.path(), *config, sink);
    check_links(*config, corpus, sink);
  }

  // The findings of the bundle news/links only.
  std::string findings() const {
    std::string out;
    for (const auto& d : sink.sorted())
      if (d.where.path.find("news/links/") != std::string::npos)
        out += format_diagnostics({d}, OutputFormat::text);
    return out;
  }

  std::optional<std::string> href(const std::string& url, const std::string& page_url = "") {
    const Article& a = corpus.find("news/links")->articles.at("en");
    return link_destination(url, a, corpus, *config, page_url);
  }
};

}  // namespace

TEST(SiteLinks, PagesAndFilesTheBuildProducesAreValid) {
  LinkSite s(
      "[a](/) [b](/en/) [c](/en/news/) [d](/en/news/chip-launch/) [e](/ar/news/chip-launch/)\n"
      "[f](/en/feed.xml) [g](/sitemap.xml) [h](/assets/favicon.svg) "
      "[i](/en/reviews/tool/#pricing)\n"
      "[j](./chart.png) [k](//cdn.example/x.js) [l](tel:+1-555-0100) [m](/en) [n](/ar/reviews)\n"
      "![o](chart.png) [p](/reviews/tool) [q](mailto:a@b.example) [r](/en/?page=2)\n");
  ASSERT_TRUE(s.config);
  EXPECT_EQ(s.findings(), "");
}

TEST(SiteLinks, UnknownTargetsSayWhatWasWrittenAndWhatExists) {
  LinkSite s(
      "[a](/fr/) [b](/en/blog/) [c](/ar/reviews/tool/) [d](/en/news/missing/)\n"
      "[e](/assets/missing.css) [f](/en/reviews/tool/#nope) [g](/en//news/) [h](/sitemap.xml/)\n"
      "[i]() [j](?page=2) [k](img/x.png) [l](./../x.png) [m](./)\n");
  ASSERT_TRUE(s.config);
  EXPECT_EQ(
      s.findings(),
      "content/news/links/index.en.md:10:1: error: link to \"/fr/\": not a page or file of the "
      "site; expected /<section>/<slug>, /<lang>/, /<lang>/<section>/, /<lang>/<section>/<slug>/, "
      "/<lang>/feed.xml, /sitemap.xml or /assets/<file> (languages: en, ar; sections: news, "
      "reviews) [link/unknown-bundle]\n"
      "content/news/links/index.en.md:10:11: error: link to \"/en/blog/\": no section 'blog' "
      "(sections: news, reviews) [link/unknown-bundle]\n"
      "content/news/links/index.en.md:10:26: error: link to \"/ar/reviews/tool/\": 'reviews/tool' "
      "has no 'ar' article (it has: en) [link/unknown-bundle]\n"
      "content/news/links/index.en.md:10:49: error: link to \"/en/news/missing/\": no bundle "
      "'news/missing' [link/unknown-bundle]\n"
      "content/news/links/index.en.md:11:1: error: link to \"/assets/missing.css\": no file "
      "'missing.css' in pipeline/static/ [link/unknown-bundle]\n"
      "content/news/links/index.en.md:11:26: error: 'reviews/tool' (en) has no heading or anchor "
      "with id "
      "'nope' [link/anchor]\n"
      "content/news/links/index.en.md:11:54: error: link to \"/en//news/\": not a page or file of "
      "the site; expected /<section>/<slug>, /<lang>/, /<lang>/<section>/, "
      "/<lang>/<section>/<slug>/, /<lang>/feed.xml, /sitemap.xml or /assets/<file> (languages: en, "
      "ar; sections: news, reviews) [link/unknown-bundle]\n"
      "content/news/links/index.en.md:11:70: error: link to \"/sitemap.xml/\": not a page or file "
      "of the site; expected /<section>/<slug>, /<lang>/, /<lang>/<section>/, "
      "/<lang>/<section>/<slug>/, /<lang>/feed.xml, /sitemap.xml or /assets/<file> (languages: en, "
      "ar; sections: news, reviews) [link/unknown-bundle]\n"
      "content/news/links/index.en.md:12:1: error: empty link target; expected a URL, a path of "
      "the site (/, /<lang>/<section>/, /assets/<file>) or a file of the bundle [link/local]\n"
      "content/news/links/index.en.md:12:7: error: link target \"?page=2\" is only a query; "
      "expected a URL, a path of the site (/, /<lang>/<section>/, /assets/<file>) or a file of the "
      "bundle [link/local]\n"
      "content/news/links/index.en.md:12:20: error: no file 'img/x.png' in bundle 'news/links' "
      "[link/local]\n"
      "content/news/links/index.en.md:12:35: error: link to \"./../x.png\" leaves the bundle; link "
      "bundle files by name [link/local]\n"
      "content/news/links/index.en.md:12:51: error: link target \"./\" names no file; expected a "
      "URL, a path of the site (/, /<lang>/<section>/, /assets/<file>) or a file of the bundle "
      "[link/local]\n");
}

TEST(SiteLinks, SchemesOutsideTheListAreErrorsThatNameTheScheme) {
  LinkSite s(
      "[a](ftp://x.example/) [b](irc://irc.example/#c) [c](ssh://h.example) [d](geo:1,2)\n"
      "[e](magnet:?xt=urn:x) [f](xmpp:a@b.example) [g](file:///etc/passwd) "
      "<URL:http://x.example/>\n"
      "[h](tel:+1) [i](javascript:x)\n");
  ASSERT_TRUE(s.config);
  EXPECT_EQ(s.findings(),
            "content/news/links/index.en.md:10:1: error: link scheme 'ftp:' is not in "
            "links.schemes (http, https, mailto, tel): \"ftp://x.example/\" [link/scheme]\n"
            "content/news/links/index.en.md:10:23: error: link scheme 'irc:' is not in "
            "links.schemes (http, https, mailto, tel): \"irc://irc.example/#c\" [link/scheme]\n"
            "content/news/links/index.en.md:10:49: error: link scheme 'ssh:' is not in "
            "links.schemes (http, https, mailto, tel): \"ssh://h.example\" [link/scheme]\n"
            "content/news/links/index.en.md:10:70: error: link scheme 'geo:' is not in "
            "links.schemes (http, https, mailto, tel): \"geo:1,2\" [link/scheme]\n"
            "content/news/links/index.en.md:11:1: error: link scheme 'magnet:' is not in "
            "links.schemes (http, https, mailto, tel): \"magnet:?xt=urn:x\" [link/scheme]\n"
            "content/news/links/index.en.md:11:23: error: link scheme 'xmpp:' is not in "
            "links.schemes (http, https, mailto, tel): \"xmpp:a@b.example\" [link/scheme]\n"
            "content/news/links/index.en.md:11:45: error: link scheme 'file:' is not in "
            "links.schemes (http, https, mailto, tel): \"file:///etc/passwd\" [link/scheme]\n"
            "content/news/links/index.en.md:11:69: error: link scheme 'url:' is not in "
            "links.schemes (http, https, mailto, tel): \"URL:http://x.example/\"; write "
            "<http://x.example/> [link/scheme]\n"
            "content/news/links/index.en.md:12:13: error: link target uses a forbidden scheme: "
            "\"javascript:x\" [link/scheme]\n");
}

TEST(SiteLinks, TheConfiguredListDecides) {
  LinkSite s("[a](ftp://x.example/) [b](https://x.example/) [c](tel:+1) [d](javascript:x)\n",
             "links:\n  schemes: [ftp, https]\n");
  ASSERT_TRUE(s.config);
  EXPECT_EQ(s.findings(),
            "content/news/links/index.en.md:10:47: error: link scheme 'tel:' is not in "
            "links.schemes (ftp, https): \"tel:+1\" [link/scheme]\n"
            "content/news/links/index.en.md:10:59: error: link target uses a forbidden scheme: "
            "\"javascript:x\" [link/scheme]\n");
  EXPECT_EQ(s.href("ftp://x.example/"), "ftp://x.example/");
  EXPECT_EQ(s.href("tel:+1"), std::nullopt);
}

TEST(SiteLinks, RenderedUnderTheBasePathInPagesAndAbsoluteInEmails) {
  LinkSite s("x\n");
  ASSERT_TRUE(s.config);
  const std::string page = "https://test.example/blog/en/news/links/";
  EXPECT_EQ(s.href("/"), "/blog/");
  EXPECT_EQ(s.href("/en/news/"), "/blog/en/news/");
  EXPECT_EQ(s.href("/en/news/", page), "https://test.example/blog/en/news/");
  EXPECT_EQ(s.href("/en/reviews/tool/#pricing"), "/blog/en/reviews/tool/#pricing");
  EXPECT_EQ(s.href("/assets/favicon.svg", page), "https://test.example/blog/assets/favicon.svg");
  EXPECT_EQ(s.href("/sitemap.xml"), "/blog/sitemap.xml");
  EXPECT_EQ(s.href("/reviews/tool"), "/blog/en/reviews/tool/");
  EXPECT_EQ(s.href("/reviews/tool", page), "https://test.example/blog/en/reviews/tool/");
  EXPECT_EQ(s.href("./chart.png"), "./chart.png");
  EXPECT_EQ(s.href("./chart.png", page), page + "chart.png");
  EXPECT_EQ(s.href("//cdn.example/x.js"), "https://cdn.example/x.js");
  EXPECT_EQ(s.href("tel:+1-555-0100"), "tel:+1-555-0100");
  // Never emitted: each is an error of check_links().
  EXPECT_EQ(s.href("/en/blog/"), std::nullopt);
  EXPECT_EQ(s.href("/assets/missing.css"), std::nullopt);
  EXPECT_EQ(s.href("ftp://x.example/"), std::nullopt);
  EXPECT_EQ(s.href("URL:http://x.example/"), std::nullopt);
}

// The page and the email body print exactly those destinations.
TEST(SiteLinks, HrefsInThePageAndTheEmailAreTheCheckedOnes) {
  LinkSite s(
      "[call](tel:+1-555-0100) [cdn](//cdn.example/x.js) [news](/en/news/) [c](./chart.png)\n");
  ASSERT_TRUE(s.config);
  ASSERT_EQ(s.findings(), "");
  DiagnosticSink sink;
  const auto a =
      read_article_body(s.dir.path(), s.corpus.find("news/links")->articles.at("en"), sink);
  ASSERT_TRUE(a);
  const Locale en(*s.config, s.config->languages[0], "");
  EXPECT_EQ(render_body_html(*a, s.corpus, *s.config, en),
            "<p><a href=\"tel:+1-555-0100\">call</a> <a href=\"https://cdn.example/x.js\">cdn</a> "
            "<a href=\"/blog/en/news/\">news</a> <a href=\"./chart.png\">c</a></p>\n");
  const std::string page = "https://test.example/blog/en/news/links/";
  EXPECT_EQ(render_body_html(*a, s.corpus, *s.config, en, page),
            "<p><a href=\"tel:+1-555-0100\">call</a> <a href=\"https://cdn.example/x.js\">cdn</a> "
            "<a href=\"https://test.example/blog/en/news/\">news</a> <a "
            "href=\"https://test.example/blog/en/news/links/chart.png\">c</a></p>\n");
}

// A scheme not allowed is never printed, not even as "#" silently: the
// checker reported it (SchemesOutsideTheListAreErrorsThatNameTheScheme).
TEST(SiteLinks, RefusedSchemesAreNotPrinted) {
  LinkSite s("[f](ftp://x.example/a)\n");
  ASSERT_TRUE(s.config);
  EXPECT_NE(s.findings().find("link scheme 'ftp:'"), std::string::npos);
  DiagnosticSink sink;
  const auto a =
      read_article_body(s.dir.path(), s.corpus.find("news/links")->articles.at("en"), sink);
  ASSERT_TRUE(a);
  const Locale en(*s.config, s.config->languages[0], "");
  EXPECT_EQ(render_body_html(*a, s.corpus, *s.config, en).find("ftp:"), std::string::npos);
}

}  // namespace pp
