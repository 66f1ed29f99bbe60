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
  EXPECT_EQ(classify_link("/Reviews/x"), LinkKind::site);
  EXPECT_EQ(classify_link("/"), LinkKind::site);
  EXPECT_EQ(classify_link("/en/news/x/"), LinkKind::site);
  EXPECT_EQ(classify_link("//cdn.example/x.js"), LinkKind::external);
  EXPECT_EQ(classify_link("tel:+1-555-0100"), LinkKind::scheme);
  EXPECT_EQ(classify_link("FTP://x.example/"), LinkKind::scheme);
  EXPECT_EQ(classify_link("URL:http://x.example/"), LinkKind::scheme);
  EXPECT_EQ(classify_link("./chart.png"), LinkKind::local);
  EXPECT_EQ(classify_link(""), LinkKind::local);
  EXPECT_EQ(classify_link("?page=2"), LinkKind::local);
}

TEST(Links, ReadsSchemesAsBrowsersDo) {
  EXPECT_EQ(link_scheme("TEL:+1"), "tel");
  EXPECT_EQ(link_scheme("ir c:x"), "irc");
  EXPECT_EQ(link_scheme("//cdn.example/x.js"), "https");
  EXPECT_EQ(link_scheme("chart.png"), "");
  EXPECT_EQ(link_scheme("/en/"), "");
  EXPECT_EQ(external_url("//cdn.example/x.js"), "https://cdn.example/x.js");
  EXPECT_EQ(external_url("http://x.example/"), "http://x.example/");
}

TEST(Links, AllowsOnlyTheConfiguredSchemes) {
  SiteConfig c;  // links.schemes: http, https, mailto, tel
  for (const char* ok : {"http://x.example/", "HTTPS://x.example/", "//cdn.example/x",
                         "mailto:a@b.example", "tel:+1-555-0100", "/en/", "#top", "chart.png"})
    EXPECT_TRUE(scheme_allowed(c, ok)) << ok;
  for (const char* bad :
       {"ftp://x.example/", "irc://irc.example/#c", "ssh://h", "geo:1,2", "magnet:?xt=urn:x",
        "xmpp:a@b.example", "file:///etc/passwd", "URL:http://x.example/"})
    EXPECT_FALSE(scheme_allowed(c, bad)) << bad;
  c.links.schemes = {"ftp", "javascript", "data"};
  EXPECT_TRUE(scheme_allowed(c, "ftp://x.example/"));
  EXPECT_FALSE(scheme_allowed(c, "http://x.example/"));
  EXPECT_FALSE(scheme_allowed(c, "//cdn.example/x"));  // https is not listed
  // Whatever the list says, these never are.
  EXPECT_FALSE(scheme_allowed(c, "javascript:alert(1)"));
  EXPECT_FALSE(scheme_allowed(c, "data:text/html,x"));
}

TEST(Links, NamesTheBundleFileOfARelativeLink) {
  EXPECT_EQ(local_file_of("chart.png"), "chart.png");
  EXPECT_EQ(local_file_of("./chart.png"), "chart.png");
  EXPECT_EQ(local_file_of("././img/x%20y.png?v=2#top"), "img/x y.png");
  EXPECT_EQ(local_file_of("?page=2"), "");
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
            "content/news/bad/index.en.md:11:1: error: 'reviews/tool' (en) has no heading or "
            "anchor with id "
            "'nope' [link/anchor]\n"
            "content/news/bad/index.en.md:11:25: error: link to unknown bundle 'news/missing' "
            "[link/unknown-bundle]\n"
            "content/news/bad/index.en.md:11:44: error: link target uses a forbidden scheme: "
            "\"javascript:alert(1)\" [link/scheme]\n"
            "content/news/bad/index.en.md:12:1: error: this page has no heading or anchor with id "
            "'nowhere' "
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
#include <cstdlib>

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
                        "100.127.255.255",
                        "0.0.0.0",
                        "192.0.0.8",
                        "192.0.2.1",
                        "192.88.99.1",
                        "198.18.0.1",
                        "198.19.255.255",
                        "198.51.100.7",
                        "203.0.113.9",
                        "224.0.0.1",
                        "239.255.255.250",
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
  for (const char* a : {"93.184.216.34", "8.8.8.8", "172.32.0.1", "192.169.0.1", "100.128.0.1",
                        "198.20.0.1", "2606:4700::1111", "::ffff:8.8.8.8", "64:ff9b::808:808"})
    EXPECT_FALSE(private_text(a)) << a;
}

// Issue 15 finding 14: every IPv6 form that reaches a private IPv4 address or is
// not a public host, in the spellings a URL may use (inet_pton reads what
// getaddrinfo returns for a bracketed literal: the guard sees those bytes).
TEST(AddressPolicy, RefusesIpv6FormsOfPrivateAddressesInEverySpelling) {
  for (const char* a :
       {// loopback and unspecified, uncompressed, zero-padded, partly compressed
        "0:0:0:0:0:0:0:1", "0000:0000:0000:0000:0000:0000:0000:0001", "::0001", "0::1",
        "0:0:0:0:0:0:0:0",
        // IPv4-mapped ::ffff:0:0/96: hex tail, upper case, dotted tail, uncompressed
        "::ffff:7f00:1", "::FFFF:7F00:0001", "0:0:0:0:0:ffff:127.0.0.1",
        "0000:0000:0000:0000:0000:FFFF:A9FE:A9FE", "::ffff:169.254.169.254", "::ffff:0.0.0.0",
        "::ffff:c0a8:101",
        // IPv4-translated ::ffff:0:a.b.c.d and IPv4-compatible ::a.b.c.d (any IPv4)
        "::ffff:0:127.0.0.1", "::ffff:0:7f00:1", "::ffff:0:8.8.8.8", "::10.0.0.1", "::8.8.8.8",
        "::a9fe:a9fe",
        // 6to4 2002::/16 carrying a private IPv4 address
        "2002:7f00:1::", "2002:7F00:0001:0000:0000:0000:0000:0001", "2002:a9fe:a9fe::1",
        "2002:0a00:0001::", "2002:c0a8:0101::1", "2002:6440::", "2002::",
        // NAT64 64:ff9b::/96 carrying a private IPv4 address, every spelling
        "64:ff9b::127.0.0.1", "64:FF9B::A9FE:A9FE", "0064:ff9b:0000:0000:0000:0000:0a00:0001",
        "64:ff9b::c0a8:1", "64:ff9b::",
        // local-use NAT64 64:ff9b:1::/48 (RFC 8215), whatever it carries
        "64:ff9b:1::808:808", "64:ff9b:1:2::1", "64:ff9b:1:ffff:ffff:ffff:ffff:ffff",
        // the discard prefix 100::/64
        "100::", "100::1", "0100:0000:0000:0000:ffff:ffff:ffff:ffff",
        // Teredo 2001::/32: client 127.0.0.1 (inverted 80ff:fffe); server 10.0.0.1
        "2001:0:4136:e378:8000:63bf:80ff:fffe", "2001:0000:4136:E378:8000:63BF:80FF:FFFE",
        "2001:0:a00:1::f7f7:f7f7", "2001:0:4136:e378:8000:63bf:5601:5601",
        // other IETF assignments, documentation
        "2001:10::1", "2001:20::1", "2001:2::1", "2001:db8::1", "2001:DB8:0:0:0:0:0:1", "3fff::1",
        "3fff:fff:ffff::1",
        // unique-local, link-local, site-local, multicast
        "fc00::", "FDFF:FFFF::1", "fe80::1", "febf::1", "FE80:0000:0000:0000:0000:0000:0000:0001",
        "fec0::1", "FEC0:0:0:0:0:0:0:1", "feff::1", "ff02::1", "ff0e::1", "FF05::1:3",
        // unassigned outside 2000::/3
        "4000::1", "5f00::1", "e000::1", "1::1"})
    EXPECT_TRUE(private_text(a)) << a;
  for (const char* a :
       {"2606:4700:0000:0000:0000:0000:0000:1111", "2A00:1450:4001:0830::200E",
        "2001:4860:4860::8888", "::FFFF:808:808", "::ffff:93.184.216.34", "64:ff9b::8.8.8.8",
        "0064:FF9B:0000:0000:0000:0000:0808:0808", "2002:808:808::1", "2002:5db8:d822::",
        "2001:0:4136:e378:8000:63bf:f7f7:f7f7", "2c0f:fb50:4003::1", "2400:cb00::1"})
    EXPECT_FALSE(private_text(a)) << a;
}

// What a URL's IPv4 spelling connects to: libcurl normalizes the host and
// getaddrinfo reads the same inet_aton forms (decimal, octal, hex, fewer parts);
// the guard judges the resolved address, never the text.
TEST(AddressPolicy, NumericSpellingsResolveToTheAddressTheGuardJudges) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"127.1", "127.0.0.1"},
      {"0x7f.1", "127.0.0.1"},
      {"0X7F.0.0.1", "127.0.0.1"},
      {"2130706433", "127.0.0.1"},
      {"017700000001", "127.0.0.1"},
      {"0177.0.0.1", "127.0.0.1"},
      {"0x7f000001", "127.0.0.1"},
      {"127.000.000.001", "127.0.0.1"},
      {"0xa9.0xfe.0xa9.0xfe", "169.254.169.254"},
      {"0251.0376.0251.0376", "169.254.169.254"},
      {"2852039166", "169.254.169.254"},
      {"169.254.43518", "169.254.169.254"},
      {"012.1", "10.0.0.1"},
      {"0", "0.0.0.0"},
      {"0:0:0:0:0:0:0:1", "::1"},
      {"::FFFF:127.0.0.1", "::ffff:127.0.0.1"},
      {"0064:FF9B::A9FE:A9FE", "64:ff9b::a9fe:a9fe"},
      {"2002:7F00:0001::", "2002:7f00:1::"},
  };
  for (const auto& [text, address] : cases) {
    const ResolvedHost r = resolve_host(text);
    ASSERT_EQ(r.addresses.size(), 1u) << text << ": " << r.error;
    const auto* sa = reinterpret_cast<const sockaddr*>(&r.addresses[0]);
    EXPECT_EQ(address_text(sa), address) << text;
    EXPECT_EQ(address_refusal(sa, {}), "private address " + address) << text;
  }
}

namespace {

sockaddr_storage storage_of(const std::string& text) {
  sockaddr_storage ss{};
  if (inet_pton(AF_INET, text.c_str(), &reinterpret_cast<sockaddr_in*>(&ss)->sin_addr) == 1)
    ss.ss_family = AF_INET;
  else if (inet_pton(AF_INET6, text.c_str(), &reinterpret_cast<sockaddr_in6*>(&ss)->sin6_addr) == 1)
    ss.ss_family = AF_INET6;
  return ss;
}

std::string refusal_of(const std::string& text, const std::vector<sockaddr_storage>& own) {
  const sockaddr_storage ss = storage_of(text);
  return address_refusal(reinterpret_cast<const sockaddr*>(&ss), own);
}

}  // namespace

// A public address configured on one of this machine's interfaces is still this
// machine: refused like loopback.
TEST(AddressPolicy, RefusesThisMachinesOwnAddresses) {
  const std::vector<sockaddr_storage> own = {storage_of("93.184.216.34"),
                                             storage_of("2606:4700::1111")};
  EXPECT_EQ(refusal_of("93.184.216.34", own), "address 93.184.216.34 of this machine");
  EXPECT_EQ(refusal_of("::ffff:93.184.216.34", own),
            "address ::ffff:93.184.216.34 of this machine");
  EXPECT_EQ(refusal_of("2606:4700:0:0:0:0:0:1111", own), "address 2606:4700::1111 of this machine");
  EXPECT_EQ(refusal_of("10.0.0.1", own), "private address 10.0.0.1");
  EXPECT_EQ(refusal_of("93.184.216.35", own), "");
  EXPECT_EQ(refusal_of("2606:4700::1112", own), "");
  // The real interfaces: loopback is among them, and every one is refused.
  const auto mine = interface_addresses();
  bool loopback = false;
  for (const auto& a : mine) {
    const auto* sa = reinterpret_cast<const sockaddr*>(&a);
    loopback = loopback || address_text(sa) == "127.0.0.1";
    EXPECT_NE(address_refusal(sa, mine), "") << address_text(sa);
  }
  EXPECT_TRUE(loopback);
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

// Each URL spelling of loopback is refused by the real guard with the address
// libcurl resolved, and not one connection reaches the server.
TEST(CurlProber, RefusesEverySpellingOfLoopback) {
  test::LinkServer server;
  ASSERT_GT(server.port(), 0);
  const std::string port = ":" + std::to_string(server.port());
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"http://0x7f.1" + port + "/ok", "127.0.0.1"},
      {"http://017700000001" + port + "/ok", "127.0.0.1"},
      {"http://0177.0.0.1" + port + "/ok", "127.0.0.1"},
      {"http://127.000.000.001" + port + "/ok", "127.0.0.1"},
      {"http://0x7F000001" + port + "/ok", "127.0.0.1"},
      {"http://[0:0:0:0:0:0:0:1]" + port + "/ok", "::1"},
      {"http://[::FFFF:7F00:1]" + port + "/ok", "::ffff:127.0.0.1"},
      {"http://[0000:0000:0000:0000:0000:ffff:127.0.0.1]" + port + "/ok", "::ffff:127.0.0.1"},
  };
  ProbeOptions options;
  options.timeout_s = 5;
  options.retries = 0;
  std::vector<std::string> urls;
  for (const auto& c : cases) urls.push_back(c.first);
  const auto results = make_curl_prober(options)->probe(urls);
  for (const auto& [url, address] : cases) {
    EXPECT_EQ(results.at(url).status, LinkStatus::skipped) << url;
    EXPECT_EQ(results.at(url).reason,
              "private address " + address + " refused (set links.allow_private to check it)")
        << url;
  }
  const auto log = server.log();
  EXPECT_EQ(std::count(log.begin(), log.end(), "CONNECT"), 0);
}

// Issue 15 finding 6: libcurl would send every request to http_proxy, and the
// guard would judge only the proxy's address. Here the proxy stands for one at
// a public address (the policy allows its port): the variables are ignored, the
// targets are judged themselves and the proxy receives nothing.
TEST(CurlProber, ProxyVariablesAreIgnored) {
  test::LinkServer proxy;
  ASSERT_GT(proxy.port(), 0);
  const std::string proxy_url = "http://127.0.0.1:" + std::to_string(proxy.port());
  const std::vector<const char*> names = {"http_proxy", "https_proxy", "HTTPS_PROXY", "ALL_PROXY",
                                          "all_proxy"};
  for (const char* name : names) ::setenv(name, proxy_url.c_str(), 1);
  ProbeOptions options;
  options.timeout_s = 5;
  options.retries = 0;
  options.address_allowed = [&](const sockaddr* sa) {
    const auto* in = reinterpret_cast<const sockaddr_in*>(sa);
    return sa->sa_family == AF_INET && ntohs(in->sin_port) == proxy.port();
  };
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"http://169.254.169.254/latest/meta-data/", "169.254.169.254"},
      {"https://169.254.169.254/", "169.254.169.254"},
      {"http://10.0.0.1/", "10.0.0.1"},
      {"http://[::1]/", "::1"},
  };
  std::vector<std::string> urls;
  for (const auto& c : cases) urls.push_back(c.first);
  const auto results = make_curl_prober(options)->probe(urls);
  for (const char* name : names) ::unsetenv(name);
  for (const auto& [url, address] : cases) {
    EXPECT_EQ(results.at(url).status, LinkStatus::skipped) << url;
    EXPECT_EQ(results.at(url).reason,
              "private address " + address + " refused (set links.allow_private to check it)")
        << url;
  }
  EXPECT_TRUE(proxy.log().empty());
}

// Issue 15 finding 6: through links.proxy the guard at the socket sees only the
// proxy, so each target host is resolved and judged before the proxy is asked.
// The proxy (a LinkServer that records what reaches it) receives nothing.
TEST(CurlProber, ThroughAProxyPrivateTargetsAreRefusedBeforeTheProxyIsAsked) {
  test::LinkServer proxy, target;
  ASSERT_GT(proxy.port(), 0);
  const std::string port = ":" + std::to_string(target.port());
  ProbeOptions options;
  options.timeout_s = 5;
  options.retries = 0;
  options.proxy = "http://127.0.0.1:" + std::to_string(proxy.port());
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"http://169.254.169.254/latest/meta-data/", "169.254.169.254"},
      {"https://169.254.169.254/", "169.254.169.254"},
      {"http://0xa9fea9fe/", "169.254.169.254"},
      {"http://10.0.0.1/", "10.0.0.1"},
      {"http://[::1]" + port + "/ok", "::1"},
      {"http://[::ffff:10.0.0.1]/", "::ffff:10.0.0.1"},
      {"http://[64:ff9b::a9fe:a9fe]/", "64:ff9b::a9fe:a9fe"},
      {"http://[2002:a00:1::]/", "2002:a00:1::"},
      {target.url("/ok"), "127.0.0.1"},
  };
  std::vector<std::string> urls = {"http://localhost" + port + "/ok"};
  for (const auto& c : cases) urls.push_back(c.first);
  const auto results = make_curl_prober(options)->probe(urls);
  for (const auto& [url, address] : cases) {
    EXPECT_EQ(results.at(url).status, LinkStatus::skipped) << url;
    EXPECT_EQ(results.at(url).reason,
              "private address " + address + " refused (set links.allow_private to check it)")
        << url;
  }
  // localhost has two addresses; whichever is judged first refuses it.
  const std::string local = results.at(urls[0]).reason;
  EXPECT_TRUE(local == "private address 127.0.0.1 refused (set links.allow_private to check it)" ||
              local == "private address ::1 refused (set links.allow_private to check it)")
      << local;
  EXPECT_TRUE(proxy.log().empty());
  EXPECT_TRUE(target.log().empty());
}

// An allowed target goes to the proxy, never to the target itself, and a
// redirect hop is judged again before the proxy is asked for it.
TEST(CurlProber, ThroughAProxyEveryRedirectHopIsJudged) {
  test::LinkServer proxy, allowed, refused;
  ProbeOptions options;
  options.timeout_s = 5;
  options.retries = 0;
  options.proxy = "http://127.0.0.1:" + std::to_string(proxy.port());
  options.address_allowed = [&](const sockaddr* sa) {
    const auto* in = reinterpret_cast<const sockaddr_in*>(sa);
    return sa->sa_family == AF_INET && ntohs(in->sin_port) == allowed.port();
  };
  const std::string ok = allowed.url("/ok");
  const std::string hop = allowed.url("/redirect?to=" + refused.url("/ok"));
  const auto results = make_curl_prober(options)->probe({ok, hop});
  EXPECT_EQ(results.at(ok).status, LinkStatus::ok);
  EXPECT_EQ(results.at(hop).status, LinkStatus::skipped);
  EXPECT_EQ(results.at(hop).reason,
            "private address 127.0.0.1 refused (set links.allow_private to check it)");
  const auto log = proxy.log();
  EXPECT_EQ(std::count(log.begin(), log.end(), "HEAD " + ok), 1);
  EXPECT_EQ(std::count(log.begin(), log.end(), "HEAD " + hop), 1);
  EXPECT_EQ(std::count(log.begin(), log.end(), "HEAD " + refused.url("/ok")), 0);
  EXPECT_TRUE(allowed.log().empty());
  EXPECT_TRUE(refused.log().empty());
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
