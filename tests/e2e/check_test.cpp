// check --external against a real HTTP server on 127.0.0.1 (tests/e2e/link_server.py).
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <chrono>
#include <regex>
#include <sstream>

#include "core/process.h"
#include "support/temp_site.h"

namespace pp {

namespace fs = std::filesystem;

namespace {

const std::vector<std::string> kPaths = {"/ok",           "/missing",
                                         "/gone",         "/chain/3",
                                         "/loop",         "/head-405",
                                         "/rate-seconds", "/rate-date",
                                         "/rate-forever", "/rate-long",
                                         "/drip",         "/endless",
                                         "/server-error", "/redirect?to=file:///etc/passwd",
                                         "/head-garbage", "/ok?after-garbage"};

// A site whose one news article links every scripted path, one per line, and
// cites /missing as its source. `more_links` adds keys to site.yaml's `links`.
void make_link_site(const fs::path& root, const test::LinkServer& server, bool allow_private,
                    const std::vector<std::string>& urls, const std::string& more_links = "") {
  test::make_minimal_site(root);
  std::string yaml = test::read_text(root / "pipeline/site.yaml");
  // The minimal site's own sources name hosts that do not exist: excluded.
  yaml +=
      "links: {timeout_s: 2, retries: 1, concurrency: 8, per_host: 2, cache_ttl_h: 24, "
      "allow_private: " +
      std::string(allow_private ? "true" : "false") + more_links +
      ", exclude: ['^https://(vendor|tool)\\.example/']}\n";
  test::write_text(root, "pipeline/site.yaml", yaml);
  std::string body;
  for (const auto& u : urls) body += "- [link](" + u + ")\n";
  test::write_text(
      root, "content/news/links/index.en.md",
      "---\ntitle: \"Links\"\ntype: news\ndate: 2026-11-21\nsummary: \"s\"\nverdict: \"v\"\n"
      "sources:\n  - {title: \"t\", url: \"" +
          server.url("/missing") + "\", publisher: \"P\"}\n---\n" + body);
}

std::string without_port(std::string text, int port) {
  return std::regex_replace(text, std::regex(":" + std::to_string(port)), ":PORT");
}

std::vector<std::string> urls_of(const test::LinkServer& s, const std::vector<std::string>& paths) {
  std::vector<std::string> out;
  for (const auto& p : paths) out.push_back(s.url(p));
  return out;
}

long count(const std::vector<std::string>& log, const std::string& line) {
  return std::count(log.begin(), log.end(), line);
}

const char* kExpected =
    "content/news/chip-launch/index.ar.md:7:70: warning: 'reviews/tool' has no 'ar' translation; "
    "linked in 'en' [link/untranslated]\n"
    "content/news/chip-launch/index.en.md:10:34: note: not checked https://vendor.example/post: "
    "excluded by links.exclude [link/skipped]\n"
    "content/news/links/index.en.md:8:23: error: broken link http://127.0.0.1:PORT/missing: 404 "
    "Not Found [link/broken]\n"
    "content/news/links/index.en.md:11:3: error: broken link http://127.0.0.1:PORT/missing: 404 "
    "Not Found [link/broken]\n"
    "content/news/links/index.en.md:12:3: error: broken link http://127.0.0.1:PORT/gone: 410 Gone "
    "[link/broken]\n"
    "content/news/links/index.en.md:14:3: error: broken link http://127.0.0.1:PORT/loop: redirect "
    "loop (more than 10 redirects) [link/broken]\n"
    "content/news/links/index.en.md:18:3: warning: could not confirm "
    "http://127.0.0.1:PORT/rate-forever: 429 Too Many Requests after 1 retries [link/flaky]\n"
    "content/news/links/index.en.md:19:3: warning: could not confirm "
    "http://127.0.0.1:PORT/rate-long: 429 Too Many Requests; the server asks to wait 86400 s (more "
    "than 60 s) [link/flaky]\n"
    "content/news/links/index.en.md:20:3: warning: could not confirm http://127.0.0.1:PORT/drip: "
    "timed out after 2 s [link/flaky]\n"
    "content/news/links/index.en.md:22:3: warning: could not confirm "
    "http://127.0.0.1:PORT/server-error: 503 Service Unavailable after 1 retries [link/flaky]\n"
    "content/news/links/index.en.md:23:3: error: broken link "
    "http://127.0.0.1:PORT/redirect?to=file:///etc/passwd: refused scheme (only http and https are "
    "followed) [link/broken]\n"
    "content/reviews/tool/index.en.md:9:28: note: not checked https://tool.example/: excluded by "
    "links.exclude [link/skipped]\n";

// `check --external --no-cache` on the site in `dir`, and how long it took.
std::pair<test::Run, double> timed_check(const test::TempDir& dir) {
  const auto started = std::chrono::steady_clock::now();
  auto r = test::run_polypress({"-C", dir.path().string(), "check", "--external", "--no-cache"});
  return {r, std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count()};
}

}  // namespace

TEST(Check, ClassifiesEveryScriptedBehaviourWithItsLocation) {
  test::LinkServer server;
  ASSERT_GT(server.port(), 0);
  test::TempDir dir;
  make_link_site(dir.path(), server, true, urls_of(server, kPaths));
  const auto [r, seconds] = timed_check(dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(without_port(r.err, server.port()), kExpected);
  EXPECT_LT(seconds, 30.0);  // bounded: every wait has a cap
  const auto log = server.log();
  // HEAD first, GET where HEAD was refused; Retry-After honoured then 200.
  EXPECT_EQ(count(log, "HEAD /head-405"), 1);
  EXPECT_EQ(count(log, "GET /head-405"), 1);
  EXPECT_EQ(count(log, "HEAD /rate-seconds"), 2);
  EXPECT_EQ(count(log, "HEAD /rate-date"), 2);
  // A slowloris is timed out, asked once more (links.retries: 1), then given up.
  EXPECT_EQ(count(log, "HEAD /drip"), 2);
  // The source and the body link to /missing are one URL, fetched once.
  EXPECT_EQ(count(log, "HEAD /missing"), 1);
  // No --no-cache cache was written.
  EXPECT_FALSE(fs::exists(dir.path() / ".polypress/links.sqlite"));
}

TEST(Check, HeadQuirksBodiesFragmentsAndHostNames) {
  test::LinkServer server;
  ASSERT_GT(server.port(), 0);
  test::TempDir dir;
  const std::string port = std::to_string(server.port());
  auto urls = urls_of(server, {"/head-403", "/head-404", "/no-head-endless", "/gzip-bomb",
                               "/silent", "/ok#L10-L20"});
  urls.push_back("http://[::1");                              // malformed
  urls.push_back("http://bücher.localhost:" + port + "/ok");  // IDN, resolved by curl
  urls.push_back("http://nothing.invalid/");                  // RFC 6761: never resolves
  make_link_site(dir.path(), server, true, urls);
  const auto [r, seconds] = timed_check(dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(without_port(r.err, server.port()),
            "content/news/chip-launch/index.ar.md:7:70: warning: 'reviews/tool' has no 'ar' "
            "translation; linked in 'en' [link/untranslated]\n"
            "content/news/chip-launch/index.en.md:10:34: note: not checked "
            "https://vendor.example/post: excluded by links.exclude [link/skipped]\n"
            "content/news/links/index.en.md:8:23: error: broken link "
            "http://127.0.0.1:PORT/missing: 404 Not Found [link/broken]\n"
            "content/news/links/index.en.md:14:3: warning: could not confirm "
            "http://127.0.0.1:PORT/silent: timed out after 2 s [link/flaky]\n"
            "content/news/links/index.en.md:16:3: error: broken link http://[::1: malformed URL "
            "[link/broken]\n"
            "content/news/links/index.en.md:18:3: error: broken link http://nothing.invalid/: host "
            "name does not resolve [link/broken]\n"
            "content/reviews/tool/index.en.md:9:28: note: not checked https://tool.example/: "
            "excluded by links.exclude [link/skipped]\n");
  EXPECT_LT(seconds, 30.0);
  const auto log = server.log();
  // HEAD refused with 403, or answered 404 by a server that mishandles HEAD: GET decides.
  EXPECT_EQ(count(log, "GET /head-403"), 1);
  EXPECT_EQ(count(log, "GET /head-404"), 1);
  // An endless or compressed body is never read past its first bytes.
  EXPECT_EQ(count(log, "GET /no-head-endless"), 1);
  EXPECT_EQ(count(log, "GET /gzip-bomb"), 1);
  // A server that never answers is asked once more (links.retries: 1), then given up.
  EXPECT_EQ(count(log, "HEAD /silent"), 2);
  // The fragment is not sent: the page is what is checked.
  EXPECT_EQ(count(log, "HEAD /ok"), 2);  // /ok#L10-L20 and the IDN host's /ok
}

TEST(Check, WarmRunAsksNothingForCachedUrls) {
  test::LinkServer server;
  test::TempDir dir;
  const std::vector<std::string> paths = {"/ok",      "/missing",  "/gone",
                                          "/chain/2", "/head-405", "/server-error"};
  make_link_site(dir.path(), server, true, urls_of(server, paths));
  const auto cold = test::run_polypress({"-C", dir.path().string(), "check", "--external"});
  const std::size_t after_cold = server.log().size();
  const auto warm = test::run_polypress({"-C", dir.path().string(), "check", "--external"});
  EXPECT_EQ(cold.err, warm.err);
  EXPECT_EQ(cold.exit_code, warm.exit_code);
  const auto log = server.log();
  std::vector<std::string> warm_requests(log.begin() + static_cast<long>(after_cold), log.end());
  // Only the flaky URL (never cached) is asked again.
  for (const auto& line : warm_requests) {
    if (line.rfind("HEAD ", 0) == 0 || line.rfind("GET ", 0) == 0) {
      EXPECT_EQ(line.substr(line.find(' ') + 1), "/server-error") << line;
    }
  }
  EXPECT_TRUE(fs::exists(dir.path() / ".polypress/links.sqlite"));
  // --no-cache asks again.
  const std::size_t before = server.log().size();
  test::run_polypress({"-C", dir.path().string(), "check", "--external", "--no-cache"});
  const auto all = server.log();
  EXPECT_EQ(count(std::vector<std::string>(all.begin() + static_cast<long>(before), all.end()),
                  "HEAD /ok"),
            1);
}

// A cache is a file anyone with the repository can write: a row dated in the
// future (here the year 3000, "ok" for a dead link) is not trusted, nor one
// this program did not write (a status it never writes); the URLs are asked again.
TEST(Check, APlantedCacheRowIsNotTrusted) {
  test::LinkServer server;
  test::TempDir dir;
  make_link_site(dir.path(), server, true, urls_of(server, {"/ok", "/missing", "/gone"}));
  const auto cold = test::run_polypress({"-C", dir.path().string(), "check", "--external"});
  EXPECT_EQ(cold.exit_code, 1);
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open((dir.path() / ".polypress/links.sqlite").c_str(), &db), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(db,
                         "UPDATE link_results SET status='ok', reason='', checked_at=32503680000 "
                         "WHERE url LIKE '%/missing';"
                         "UPDATE link_results SET status='fine' WHERE url LIKE '%/gone';",
                         nullptr, nullptr, nullptr),
            SQLITE_OK);
  sqlite3_close(db);
  const std::size_t after_cold = server.log().size();
  const auto warm = test::run_polypress({"-C", dir.path().string(), "check", "--external"});
  EXPECT_EQ(warm.exit_code, 1);
  EXPECT_EQ(warm.err, cold.err);
  const auto log = server.log();
  const std::vector<std::string> asked(log.begin() + static_cast<long>(after_cold), log.end());
  EXPECT_EQ(count(asked, "HEAD /missing"), 1);
  EXPECT_EQ(count(asked, "HEAD /gone"), 1);
  EXPECT_EQ(count(asked, "HEAD /ok"), 0);
  // A trigger that turns each answer into "ok" as it is stored: the file is
  // not the cache polypress writes, and is not used.
  ASSERT_EQ(sqlite3_open((dir.path() / ".polypress/links.sqlite").c_str(), &db), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(db,
                         "CREATE TRIGGER t AFTER INSERT ON link_results BEGIN UPDATE link_results "
                         "SET status='ok' WHERE url=NEW.url; END;",
                         nullptr, nullptr, nullptr),
            SQLITE_OK);
  sqlite3_close(db);
  for (int run = 0; run < 2; ++run) {
    const auto planted = test::run_polypress({"-C", dir.path().string(), "check", "--external"});
    EXPECT_EQ(planted.exit_code, 1);
    EXPECT_NE(planted.err.find(".polypress/links.sqlite: warning: link cache unavailable, checking "
                               "everything: it holds what polypress never writes (a view, a "
                               "trigger or another table); delete it [link/cache]"),
              std::string::npos)
        << planted.err;
    EXPECT_NE(planted.err.find("/missing: 404"), std::string::npos) << planted.err;
  }
}

// A link cache git tracks came from the repository, where a pull request
// could have planted it: check --external never uses it, and says so (audit
// of issue 37).
TEST(Check, ATrackedLinkCacheIsNotUsed) {
  test::LinkServer server;
  test::TempDir dir;
  make_link_site(dir.path(), server, true, urls_of(server, {"/ok", "/missing"}));
  ASSERT_EQ(test::run_polypress({"-C", dir.path().string(), "check", "--external"}).exit_code, 1);
  const std::string root = dir.path().string();
  for (const std::vector<std::string>& git :
       {std::vector<std::string>{"git", "-C", root, "init", "-q"},
        std::vector<std::string>{"git", "-C", root, "add", "-f", ".polypress/links.sqlite"}})
    ASSERT_EQ(run_process(git).exit_code, 0);
  const std::size_t before = server.log().size();
  const auto r = test::run_polypress({"-C", root, "check", "--external"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find(".polypress/links.sqlite: warning: link cache not used, checking "
                       "everything: .polypress/ is tracked by git [link/cache]"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find(".polypress: warning: .polypress/ is tracked by git (1 file)"),
            std::string::npos)
      << r.err;
  const auto log = server.log();
  EXPECT_EQ(count(std::vector<std::string>(log.begin() + static_cast<long>(before), log.end()),
                  "HEAD /ok"),
            1);
}

TEST(Check, PrivateAddressesAreNeverContacted) {
  test::LinkServer server;
  test::TempDir dir;
  const std::string port = std::to_string(server.port());
  const std::vector<std::string> urls = {
      "http://127.0.0.1:" + port + "/ok",          "http://127.1:" + port + "/ok",
      "http://2130706433:" + port + "/ok",         "http://0x7f000001:" + port + "/ok",
      "http://[::ffff:127.0.0.1]:" + port + "/ok", "http://[::1]:" + port + "/ok",
      "http://localhost:" + port + "/ok",          "http://0.0.0.0:" + port + "/ok"};
  make_link_site(dir.path(), server, false, urls);
  const auto r =
      test::run_polypress({"-C", dir.path().string(), "check", "--external", "--format", "json"});
  // Every one is a note (the source and the two excluded URLs too); not one
  // connection was opened.
  const std::regex note("\"rule\": \"link/skipped\"");
  const auto n =
      std::distance(std::sregex_iterator(r.out.begin(), r.out.end(), note), std::sregex_iterator());
  EXPECT_EQ(n, static_cast<long>(urls.size()) + 3) << r.out;
  const std::regex refused(
      "private address (127\\.0\\.0\\.1|::ffff:127\\.0\\.0\\.1|::1|0\\.0\\.0\\.0) refused");
  const auto m = std::distance(std::sregex_iterator(r.out.begin(), r.out.end(), refused),
                               std::sregex_iterator());
  EXPECT_EQ(m, static_cast<long>(urls.size()) + 1) << r.out;
  EXPECT_EQ(count(server.log(), "CONNECT"), 0);
  EXPECT_EQ(r.exit_code, 0);
}

TEST(Check, KeepsThePerHostLimit) {
  test::LinkServer server;
  test::TempDir dir;
  std::vector<std::string> urls;
  for (int i = 0; i < 12; ++i) urls.push_back(server.url("/slow-ok?i=" + std::to_string(i)));
  make_link_site(dir.path(), server, true, urls);
  EXPECT_EQ(test::run_polypress({"-C", dir.path().string(), "check", "--external"}).exit_code, 1);
  int highest = 0;
  for (const auto& line : server.log())
    if (line.rfind("MAX ", 0) == 0) highest = std::max(highest, std::atoi(line.c_str() + 4));
  EXPECT_GE(highest, 1);
  EXPECT_LE(highest, 2);
}

namespace {

// Points every proxy variable libcurl reads at `proxy` for the life of the
// object (polypress inherits the test's environment).
class ProxyEnvironment {
 public:
  explicit ProxyEnvironment(const test::LinkServer& proxy) {
    const std::string url = "http://127.0.0.1:" + std::to_string(proxy.port());
    for (const char* name : kNames) ::setenv(name, url.c_str(), 1);
    ::setenv("no_proxy", "", 1);
  }
  ~ProxyEnvironment() {
    for (const char* name : kNames) ::unsetenv(name);
    ::unsetenv("no_proxy");
  }

 private:
  static constexpr const char* kNames[] = {"http_proxy", "https_proxy", "HTTPS_PROXY",
                                           "HTTP_PROXY", "ALL_PROXY",   "all_proxy"};
};

// Cloud metadata, a private network, and loopback by name and by address.
std::vector<std::string> private_targets(const test::LinkServer& server) {
  const std::string port = std::to_string(server.port());
  return {"http://169.254.169.254/latest/meta-data/",
          "https://169.254.169.254/",
          "http://10.0.0.1/",
          "http://localhost:" + port + "/ok",
          "http://[::1]:" + port + "/ok",
          "http://127.0.0.1:" + port + "/ok"};
}

// The notes of `check --external` in text, the server's port replaced.
std::string notes_for(const test::Run& r, int port) {
  std::string notes;
  std::istringstream in(r.err);
  for (std::string line; std::getline(in, line);)
    if (line.find("[link/skipped]") != std::string::npos &&
        line.find("links.exclude") == std::string::npos)
      notes += line + "\n";
  return without_port(notes, port);
}

// localhost resolves to 127.0.0.1 or ::1 first, depending on the machine.
std::string same_localhost(std::string text) {
  const std::string v6 = "localhost:PORT/ok: private address ::1 refused";
  if (const auto at = text.find(v6); at != std::string::npos)
    text.replace(at, v6.size(), "localhost:PORT/ok: private address 127.0.0.1 refused");
  return text;
}

const char* kPrivateNotes =
    "content/news/links/index.en.md:8:23: note: not checked http://127.0.0.1:PORT/missing: "
    "private address 127.0.0.1 refused (set links.allow_private to check it) [link/skipped]\n"
    "content/news/links/index.en.md:10:3: note: not checked "
    "http://169.254.169.254/latest/meta-data/: private address 169.254.169.254 refused (set "
    "links.allow_private to check it) [link/skipped]\n"
    "content/news/links/index.en.md:11:3: note: not checked https://169.254.169.254/: private "
    "address 169.254.169.254 refused (set links.allow_private to check it) [link/skipped]\n"
    "content/news/links/index.en.md:12:3: note: not checked http://10.0.0.1/: private address "
    "10.0.0.1 refused (set links.allow_private to check it) [link/skipped]\n"
    "content/news/links/index.en.md:13:3: note: not checked http://localhost:PORT/ok: private "
    "address 127.0.0.1 refused (set links.allow_private to check it) [link/skipped]\n"
    "content/news/links/index.en.md:14:3: note: not checked http://[::1]:PORT/ok: private address "
    "::1 refused (set links.allow_private to check it) [link/skipped]\n"
    "content/news/links/index.en.md:15:3: note: not checked http://127.0.0.1:PORT/ok: private "
    "address 127.0.0.1 refused (set links.allow_private to check it) [link/skipped]\n";

}  // namespace

// Issue 15 finding 6: with http_proxy and friends set and no links.proxy, the
// variables are ignored: private targets are refused by the guard (they never
// reach the proxy, which would connect to them), and allowed ones are fetched
// directly.
TEST(Check, ProxyVariablesAreIgnoredWithoutLinksProxy) {
  test::LinkServer proxy, server;
  ASSERT_GT(proxy.port(), 0);
  ProxyEnvironment environment(proxy);
  test::TempDir dir;
  make_link_site(dir.path(), server, false, private_targets(server));
  const auto r = test::run_polypress({"-C", dir.path().string(), "check", "--external"});
  EXPECT_EQ(same_localhost(notes_for(r, server.port())), kPrivateNotes) << r.err;
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(proxy.log().empty());
  EXPECT_TRUE(server.log().empty());
  // Allowed private targets go straight to the server, still not to the proxy.
  test::TempDir open;
  make_link_site(open.path(), server, true, {server.url("/ok")});
  const auto o = test::run_polypress({"-C", open.path().string(), "check", "--external"});
  EXPECT_EQ(count(server.log(), "HEAD /ok"), 1) << o.err;
  EXPECT_TRUE(proxy.log().empty());
}

// With links.proxy, each target host is resolved here and refused before the
// proxy hears of it; with allow_private the proxy is asked, and only the proxy.
TEST(Check, LinksProxyNeverCarriesAPrivateTarget) {
  test::LinkServer proxy, server;
  ASSERT_GT(proxy.port(), 0);
  ProxyEnvironment environment(proxy);  // the same proxy: nothing may reach it either way
  const std::string setting = ", proxy: \"http://127.0.0.1:" + std::to_string(proxy.port()) + "\"";
  test::TempDir dir;
  make_link_site(dir.path(), server, false, private_targets(server), setting);
  const auto r = test::run_polypress({"-C", dir.path().string(), "check", "--external"});
  EXPECT_EQ(same_localhost(notes_for(r, server.port())), kPrivateNotes) << r.err;
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(proxy.log().empty());
  EXPECT_TRUE(server.log().empty());
  test::TempDir open;
  make_link_site(open.path(), server, true, {server.url("/ok")}, setting);
  const auto o = test::run_polypress({"-C", open.path().string(), "check", "--external"});
  EXPECT_EQ(count(proxy.log(), "HEAD " + server.url("/ok")), 1) << o.err;
  EXPECT_TRUE(server.log().empty());
}

}  // namespace pp

namespace pp {

// Without CA certificates no https URL can be checked: one error that says
// which file and what to install, not a finding at each link; the http ones
// are still checked (issue 37, deliverable 9).
TEST(Check, NoCaCertificatesIsOneErrorNotAWarningPerLink) {
  test::LinkServer server;
  test::TempDir dir, certs;
  make_link_site(
      dir.path(), server, true,
      {server.url("/missing"), "https://nowhere.example/a", "https://nowhere.example/b"});
  test::write_text(certs.path(), "empty.pem", "");
  for (const std::string& bundle : {(certs.path() / "empty.pem").string(), certs.path().string()}) {
    const auto r =
        test::run_polypress({"-C", dir.path().string(), "check", "--external", "--no-cache"},
                            {"SSL_CERT_FILE=" + bundle});
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_NE(
        r.err.find(bundle + ": error: no CA certificates: not a file of certificates; the 2 https "
                            "URLs of the site cannot be checked. Install them (apt-get install "
                            "ca-certificates) or name a bundle with SSL_CERT_FILE "
                            "[link/ca-certificates]\n"),
        std::string::npos)
        << r.err;
    // The one http URL is checked all the same; the https ones are not reported.
    EXPECT_NE(r.err.find("/missing: 404 Not Found [link/broken]"), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("nowhere.example"), std::string::npos) << r.err;
  }
}

}  // namespace pp
