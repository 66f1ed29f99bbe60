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

#include "links/address_policy.h"

#include <arpa/inet.h>
#include <netinet/in.h>

namespace pp {

namespace {

bool private_text(const std::string& text) {
  sockaddr_storage ss{};
  if (inet_pton(AF_INET, text.c_str(), &reinterpret_cast<sockaddr_in*>(&ss)->sin_addr) == 1) {
    ss.ss_family = AF_INET;
  } else {
    EXPECT_EQ(inet_pton(AF_INET6, text.c_str(), &reinterpret_cast<sockaddr_in6*>(&ss)->sin6_addr),
              1)
        << text;
    ss.ss_family = AF_INET6;
  }
  return is_private_address(reinterpret_cast<const sockaddr*>(&ss));
}

}  // namespace

TEST(AddressPolicy, RefusesEveryPrivateForm) {
  for (const char* a : {"127.0.0.1",
                        "127.255.0.9",
                        "10.1.2.3",
                        "172.16.0.1",
                        "172.31.255.255",
                        "192.168.1.1",
                        "169.254.169.254",
                        "100.64.0.1",
                        "0.0.0.0",
                        "224.0.0.1",
                        "255.255.255.255",
                        "::1",
                        "::",
                        "::ffff:127.0.0.1",
                        "::ffff:10.0.0.1",
                        "::127.0.0.1",
                        "fc00::1",
                        "fd12:3456::1",
                        "fe80::1",
                        "ff02::1",
                        "64:ff9b::7f00:1"})
    EXPECT_TRUE(private_text(a)) << a;
  for (const char* a : {"93.184.216.34", "8.8.8.8", "172.32.0.1", "192.169.0.1", "2606:4700::1111",
                        "::ffff:8.8.8.8", "64:ff9b::808:808"})
    EXPECT_FALSE(private_text(a)) << a;
}

// A redirect is a new connection, and it passes the guard too: server A (allowed
// by the test's policy) redirects to server B on loopback, which is refused.
TEST(CurlProber, GuardsEveryRedirectHop) {
  test::LinkServer a, b;
  ProbeOptions options;
  options.timeout_s = 5;
  options.retries = 0;
  options.address_allowed = [&](const sockaddr* sa) {
    const auto* in = reinterpret_cast<const sockaddr_in*>(sa);
    return sa->sa_family == AF_INET && ntohs(in->sin_port) == a.port();
  };
  auto prober = make_curl_prober(options);
  const std::string to_b = a.url("/redirect?to=" + b.url("/ok"));
  const auto results = prober->probe({to_b, a.url("/ok")});
  EXPECT_EQ(results.at(a.url("/ok")).status, LinkStatus::ok);
  EXPECT_EQ(results.at(to_b).status, LinkStatus::skipped);
  EXPECT_EQ(results.at(to_b).reason,
            "private address 127.0.0.1 refused (set links.allow_private to check it)");
  const auto log_a = a.log(), log_b = b.log();
  EXPECT_EQ(std::count(log_b.begin(), log_b.end(), "CONNECT"), 0);
  EXPECT_GE(std::count(log_a.begin(), log_a.end(), "CONNECT"), 1);
}

// TLS verification is never turned off: a self-signed certificate is a warning
// that carries curl's own message.
TEST(CurlProber, TlsFailureIsFlakyWithCurlsMessage) {
  test::LinkServer server(true);
  ASSERT_GT(server.port(), 0);
  ProbeOptions options;
  options.timeout_s = 5;
  options.allow_private = true;
  const auto results = make_curl_prober(options)->probe({server.url("/ok")});
  const ProbeResult& r = results.at(server.url("/ok"));
  EXPECT_EQ(r.status, LinkStatus::flaky);
  EXPECT_EQ(r.reason.rfind("TLS: SSL certificate problem: self", 0), 0u) << r.reason;
}

TEST(Sources, AccessedTodayIsNeverInTheFuture) {
  DiagnosticSink sink;
  auto article = parse_article(
      "a.md", "en",
      "---\ntitle: x\nsources:\n  - {title: t, url: \"https://a.example/\", publisher: P, "
      "accessed: 2026-11-30}\n---\n",
      sink);
  ASSERT_TRUE(article);
  Corpus corpus;
  Bundle b;
  b.section = "news";
  b.slug = "x";
  b.articles.emplace("en", std::move(*article));
  corpus.bundles.push_back(std::move(b));
  // 2026-11-29T21:30Z (the truth table's instant plus 12 h): already the 30th
  // in UTC+14, so a source accessed "2026-11-30" is not in the future.
  check_sources(corpus, 1795944600000.0 + 12 * 3600000.0, sink);
  EXPECT_TRUE(sink.empty()) << format_diagnostics(sink.sorted(), OutputFormat::text);
  check_sources(corpus, 1795944600000.0 - 86400000.0, sink);  // 2026-11-28T09:30Z
  EXPECT_EQ(sink.count(Severity::error), 1);
}

}  // namespace pp

#include "links/idn.h"

namespace pp {

TEST(Idn, HostNamesBecomeAsciiAndTheRestStays) {
  EXPECT_EQ(ascii_host_url("http://bücher.example/a?b#c"), "http://xn--bcher-kva.example/a?b#c");
  EXPECT_EQ(ascii_host_url("https://한국.kr/뉴스"), "https://xn--3e0b707e.kr/뉴스");
  EXPECT_EQ(ascii_host_url("https://BÜCHER.example:8443/"), "https://xn--bcher-kva.example:8443/");
  EXPECT_EQ(ascii_host_url("https://example.com/ü"), "https://example.com/ü");
  EXPECT_EQ(ascii_host_url("https://example.com/"), "https://example.com/");
  // Not a valid IDN (a label that starts with a combining mark): unchanged, so
  // libcurl calls it malformed.
  EXPECT_EQ(ascii_host_url("https://\u0301x.example/"), "https://\u0301x.example/");
}

}  // namespace pp
