#pragma once
// Stage: links found in bodies and front matter — classification, internal
// resolution per language, anchors.

#include <sys/socket.h>

#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "config/config.h"
#include "content/content.h"
#include "core/diagnostic.h"

struct sqlite3;

namespace pp {

enum class LinkKind {
  internal,   ///< "/section/slug" or "/section/slug#anchor": a bundle path (see is_bundle_path)
  site,       ///< any other root-relative path: a page or file of the site (see check_site_path)
  external,   ///< http(s)://…, or //host/… (protocol-relative: taken as https)
  mail,       ///< mailto:
  scheme,     ///< any other scheme (tel:, ftp:, …): rendered only when in links.schemes
  fragment,   ///< "#anchor" on the same page
  local,      ///< a relative path: a file of the bundle ("chart.svg", "./img/x.png")
  forbidden,  ///< javascript:, vbscript:, data:
};

/// Classifies a link destination as written.
LinkKind classify_link(const std::string& url);

/// The scheme of a destination in lower case, as browsers read it (ASCII
/// whitespace and controls ignored): "tel" for "TEL:+1…", "https" for a
/// protocol-relative "//host/…", "" for none.
std::string link_scheme(const std::string& url);

/// True when the destination's scheme is one of links.schemes (docs/spec.md §4).
/// Forbidden schemes are never allowed; destinations without one always are.
bool scheme_allowed(const SiteConfig& config, const std::string& url);

/// The URL an external link is fetched and rendered as: "//host/…" becomes
/// "https://host/…"; anything else is returned as written.
std::string external_url(const std::string& url);

/// A bundle path split into bundle id and (percent-decoded) anchor.
struct InternalLink {
  std::string bundle_id;
  std::string anchor;
};

/// Parses "/section/slug[/][#anchor]"; nullopt for anything else.
std::optional<InternalLink> parse_internal_link(const std::string& url);

/// Where an internal link leads from a page in `lang`.
struct LinkTarget {
  const Bundle* bundle = nullptr;  ///< nullptr: unknown bundle
  const Article* article = nullptr;
  std::string lang;           ///< the language linked (lang, or the source's)
  bool untranslated = false;  ///< not in `lang`: linked in its source language
  bool anchor_found = true;
};

/// Resolves an internal link for a page in `lang`.
LinkTarget resolve_internal_link(const Corpus& corpus, const InternalLink& link,
                                 const std::string& lang);

/// True when a root-relative `url` is a bundle path "/section/slug": it parses
/// as one and its first segment is a section, or is not a language code
/// (otherwise "/en/news/" is the listing of a language's section).
bool is_bundle_path(const SiteConfig& config, const std::string& url);

/// What is wrong with a root-relative link that is not a bundle path.
struct SitePathProblem {
  std::string rule;                  ///< "" when the build produces the target
  std::string message;               ///< what was written and what exists
  const Article* article = nullptr;  ///< no problem: the article the path names, if any
};

/// Checks a root-relative link against what the build produces (docs/spec.md
/// §4 and §7): "/", "/<lang>/", "/<lang>/<section>/", "/<lang>/<section>/<slug>/"
/// (an article in that language; a #anchor must be one of its heading ids),
/// "/<lang>/feed.xml", "/sitemap.xml", "/assets/<file of pipeline/static/>".
/// Messages quote `shown` when given (an absolute URL `url` is the path of),
/// else `url`.
SitePathProblem check_site_path(const SiteConfig& config, const Corpus& corpus,
                                const std::string& url, const std::string& shown = "");

/// A bundle file named by a relative link, percent-decoded, without query,
/// anchor and leading "./" ("./img/x.png?v=2" → "img/x.png"); "" for none.
std::string local_file_of(const std::string& url);

/// Checks every link of every article and every `related` id: forbidden
/// schemes and schemes not in links.schemes, unknown bundles, site paths the
/// build does not produce and anchors (errors), untranslated targets
/// (warnings), bundle files that do not exist (errors); and, from an article
/// a build publishing `publishing` publishes, links to an article it does
/// not (link/unpublished) and `related` bundles it would show nothing of.
void check_links(const SiteConfig& config, const Corpus& corpus, DiagnosticSink& sink,
                 const Publishing& publishing = {});

/// check_links() of the bundle `b` of `corpus`. Besides `b` and the
/// configuration, it reads only the bundles its links and `related` name
/// (whether each exists, its languages, source and heading ids) and
/// corpus.static_files.
void check_bundle_links(const SiteConfig& config, const Corpus& corpus, const Bundle& b,
                        DiagnosticSink& sink, const Publishing& publishing = {});

/// Checks sources (docs/spec.md §3, for `check`): `accessed` not after `now_ms`
/// (source/accessed), the same URL twice in one file's sources
/// (source/duplicate, a warning).
void check_sources(const Corpus& corpus, double now_ms, DiagnosticSink& sink);

/// check_sources() of one bundle.
void check_bundle_sources(const Bundle& b, double now_ms, DiagnosticSink& sink);

/// Every source and product URL is an absolute http(s) URL with a host (run
/// by every command: these URLs are published as links).
void check_source_urls(const Corpus& corpus, DiagnosticSink& sink);

/// check_source_urls() of one bundle.
void check_bundle_source_urls(const Bundle& b, DiagnosticSink& sink);

/// The outcome of checking one external URL.
enum class LinkStatus { ok, broken, flaky, skipped };

struct ProbeResult {
  LinkStatus status = LinkStatus::ok;
  std::string reason;     ///< why, for anything but ok ("404 Not Found", "timed out after 10 s")
  bool cacheable = true;  ///< false for results that say more about this machine than the URL
};

/// What the prober may do, from site.yaml's `links`.
struct ProbeOptions {
  int timeout_s = 10;
  int concurrency = 8;
  int per_host = 2;
  int retries = 2;
  int max_retry_after_s = 60;  ///< a longer Retry-After is reported, not waited for
  bool allow_private = false;
  /// links.proxy: every request goes through this proxy URL, each target host
  /// resolved and checked here first. Empty: no proxy at all (the http_proxy,
  /// https_proxy and ALL_PROXY variables are ignored).
  std::string proxy;
  /// Overrides the private-address guard (tests); null: refuse private addresses
  /// unless allow_private.
  std::function<bool(const ::sockaddr*)> address_allowed;
  /// Called after each URL is settled, with done and total counts and failures so far.
  std::function<void(std::size_t, std::size_t, std::size_t)> progress;
};

/// Checks URLs over the network. An interface, so tests can stand in for it.
class UrlProber {
 public:
  virtual ~UrlProber() = default;
  /// The result for each URL (every URL given gets one).
  virtual std::map<std::string, ProbeResult> probe(const std::vector<std::string>& urls) = 0;
  /// Why no https URL can be checked on this machine (it has no CA
  /// certificates), with the file that should hold them; nothing when they can.
  struct HttpsProblem {
    std::string file, reason;
  };
  virtual std::optional<HttpsProblem> https_problem() const { return std::nullopt; }
};

/// The libcurl multi implementation: HEAD then GET where HEAD is refused,
/// certificates checked against SSL_CERT_FILE or CURL_CA_BUNDLE where one is
/// set (as curl and OpenSSL read them), else libcurl's own CA bundle,
/// redirects (10 at most, each hop checked as a new URL), timeouts, Retry-After,
/// retries with backoff, per-host limits, bodies never downloaded, the
/// private-address guard on every connection (through links.proxy: on every
/// target host, resolved before the proxy is asked).
std::unique_ptr<UrlProber> make_curl_prober(const ProbeOptions& options);

/// Results of earlier runs in `.polypress/links.sqlite`. Only definitive results
/// (ok, broken) are kept; entries older than the TTL are ignored.
class LinkCache {
 public:
  /// Opens (creating) the cache; on failure `error()` says why and lookups miss.
  LinkCache(const std::filesystem::path& file, int ttl_hours);
  ~LinkCache();
  LinkCache(const LinkCache&) = delete;
  LinkCache& operator=(const LinkCache&) = delete;
  const std::string& error() const { return error_; }
  /// A fresh cached result.
  std::optional<ProbeResult> find(const std::string& url, double now_ms) const;
  /// Stores definitive results in one transaction (all or nothing).
  void store(const std::map<std::string, ProbeResult>& results, double now_ms);

 private:
  ::sqlite3* db_ = nullptr;
  int ttl_hours_;
  std::string error_;
};

/// What `check --external` did, for the summary and the tests.
struct ExternalStats {
  std::size_t unique_urls = 0, from_cache = 0;
};

/// Finds every http(s) URL of bodies, sources and products, checks each once
/// (cache first, then `prober`), and reports each place it appears:
/// link/broken (error), link/flaky (warning), link/skipped (note). When the
/// prober has no CA certificates, the https URLs it would check are one
/// error (link/ca-certificates), not a finding per link.
ExternalStats check_external(const SiteConfig& config, const Corpus& corpus, UrlProber& prober,
                             LinkCache* cache, double now_ms, DiagnosticSink& sink);

}  // namespace pp
