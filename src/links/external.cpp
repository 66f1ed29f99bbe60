// check --external: every http(s) URL of the site, checked once, reported at
// every place it appears.
#include <set>

#include "config/url_pattern.h"
#include "core/text.h"
#include "links/links.h"

namespace pp {

namespace {

struct Occurrence {
  SourceLocation where;
};

}  // namespace

ExternalStats check_external(const SiteConfig& config, const Corpus& corpus, UrlProber& prober,
                             LinkCache* cache, double now_ms, DiagnosticSink& sink) {
  // Every place each URL appears, in corpus order.
  std::map<std::string, std::vector<SourceLocation>> places;
  for (const auto& b : corpus.bundles) {
    for (const auto& [lang, a] : b.articles) {
      for (const auto& l : a.links)
        if (classify_link(l.url) == LinkKind::external)
          places[external_url(l.url)].push_back(l.where);
      for (const auto& s : a.own.sources)
        if (classify_link(s.url) == LinkKind::external) places[s.url].push_back(s.url_where);
      if (a.own.product && classify_link(a.own.product->url) == LinkKind::external)
        places[a.own.product->url].push_back(a.own.product->url_where);
    }
  }
  std::vector<UrlPattern> exclude;
  for (const auto& e : config.links.exclude) exclude.emplace_back(e);

  ExternalStats stats;
  stats.unique_urls = places.size();
  std::map<std::string, ProbeResult> results;
  std::vector<std::string> to_probe;
  for (const auto& [url, where] : places) {
    bool excluded = false;
    for (const auto& pattern : exclude)
      if (pattern.found_in(url)) excluded = true;
    if (excluded) {
      results[url] = {LinkStatus::skipped, "excluded by links.exclude"};
    } else if (auto hit = cache ? cache->find(url, now_ms) : std::nullopt) {
      results[url] = *hit;
      ++stats.from_cache;
    } else {
      to_probe.push_back(url);
    }
  }
  // Without CA certificates every https URL would fail alike: one error
  // that says what to install, instead of a warning at each link.
  std::set<std::string> unchecked;
  if (const auto problem = prober.https_problem()) {
    std::erase_if(to_probe, [&](const std::string& url) {
      return ascii_lower(url.substr(0, 8)) == "https://" && unchecked.insert(url).second;
    });
    if (!unchecked.empty())
      sink.error({problem->file, 0, 0}, "link/ca-certificates",
                 problem->reason + "; the " + std::to_string(unchecked.size()) + " https URL" +
                     (unchecked.size() == 1 ? "" : "s") +
                     " of the site cannot be checked. Install them (apt-get install "
                     "ca-certificates) or name a bundle with SSL_CERT_FILE");
  }
  if (!to_probe.empty()) {
    auto probed = prober.probe(to_probe);
    if (cache) cache->store(probed, now_ms);
    results.insert(probed.begin(), probed.end());
  }
  for (const auto& [url, where] : places) {
    if (unchecked.count(url)) continue;
    const ProbeResult& r = results[url];
    const std::string shown = quote_for_message(url, 100);
    for (const auto& w : where) {
      switch (r.status) {
        case LinkStatus::ok:
          break;
        case LinkStatus::broken:
          sink.error(w, "link/broken", "broken link " + shown + ": " + r.reason);
          break;
        case LinkStatus::flaky:
          sink.warning(w, "link/flaky", "could not confirm " + shown + ": " + r.reason);
          break;
        case LinkStatus::skipped:
          sink.report(w, Severity::note, "link/skipped", "not checked " + shown + ": " + r.reason);
          break;
      }
    }
  }
  return stats;
}

}  // namespace pp
