// Sources and product URLs of the front matter (docs/spec.md §3): their form is
// checked by every command (they become links on pages and in emails); their
// dates and duplicates by `check`.
#include <curl/curl.h>

#include <set>

#include "core/text.h"
#include "links/links.h"

namespace pp {

namespace {

// Absolute http(s) with a host, as libcurl's own URL parser reads it.
std::string url_problem(const std::string& url) {
  if (url.empty()) return "is empty";
  for (unsigned char c : url)
    if (c <= 0x20 || c == 0x7F) return "contains a space or control character";
  CURLU* u = curl_url();
  std::string problem;
  if (curl_url_set(u, CURLUPART_URL, url.c_str(), CURLU_NON_SUPPORT_SCHEME) != CURLUE_OK) {
    problem = "is not a well-formed absolute URL";
  } else {
    char* scheme = nullptr;
    char* host = nullptr;
    curl_url_get(u, CURLUPART_SCHEME, &scheme, 0);
    curl_url_get(u, CURLUPART_HOST, &host, 0);
    const std::string s = scheme ? scheme : "";
    if (s != "http" && s != "https")
      problem = "is not http or https";
    else if (!host || !*host)
      problem = "has no host";
    curl_free(scheme);
    curl_free(host);
  }
  curl_url_cleanup(u);
  return problem;
}

}  // namespace

void check_source_urls(const Corpus& corpus, DiagnosticSink& sink) {
  for (const auto& b : corpus.bundles) check_bundle_source_urls(b, sink);
}

void check_bundle_source_urls(const Bundle& b, DiagnosticSink& sink) {
  for (const auto& [lang, a] : b.articles) {
    for (const auto& s : a.own.sources)
      if (!s.url.empty())
        if (const std::string p = url_problem(s.url); !p.empty())
          sink.error(s.url_where, "source/url",
                     "source URL \"" + quote_for_message(s.url) + "\" " + p);
    if (a.own.product && !a.own.product->url.empty())
      if (const std::string p = url_problem(a.own.product->url); !p.empty())
        sink.error(a.own.product->url_where, "source/url",
                   "product URL \"" + quote_for_message(a.own.product->url) + "\" " + p);
  }
}

void check_sources(const Corpus& corpus, double now_ms, DiagnosticSink& sink) {
  for (const auto& b : corpus.bundles) check_bundle_sources(b, now_ms, sink);
}

void check_bundle_sources(const Bundle& b, double now_ms, DiagnosticSink& sink) {
  for (const auto& [lang, a] : b.articles) {
    std::set<std::string> seen;
    for (const auto& s : a.own.sources) {
      if (!s.url.empty()) {
        if (!seen.insert(s.url).second)
          sink.warning(s.url_where, "source/duplicate",
                       "source \"" + quote_for_message(s.url) + "\" is listed twice");
      }
      // A date without time counts from its start in UTC: a source accessed
      // "today" anywhere on Earth is not in the future.
      if (s.accessed && to_epoch_ms(*s.accessed, 14 * 60) > now_ms)
        sink.error(s.accessed_where, "source/accessed",
                   "'accessed' (" + s.accessed->text + ") is in the future");
    }
  }
}

}  // namespace pp
