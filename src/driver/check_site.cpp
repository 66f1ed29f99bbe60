#include "driver/check_site.h"

#include <algorithm>
#include <string_view>
#include <vector>

#include "core/clock.h"
#include "core/text.h"
#include "driver/bundle_checks.h"
#include "driver/phase_timer.h"
#include "l10n/article_catalog.h"
#include "links/links.h"

namespace pp {

namespace {

// What `options` publishes, at the clock's time unless it names one.
Publishing publishing_now(const SiteCheckOptions& options) {
  Publishing p = options.publishing;
  if (!p.now_ms) p.now_ms = current_time_ms();
  return p;
}

}  // namespace

void check_site(const SiteConfig& config, const Corpus& corpus, DiagnosticSink& sink,
                const SiteCheckOptions& options) {
  check_bundles(config, corpus, options.kept, 0, options.sources_at, publishing_now(options), sink);
}

std::set<std::string> bundle_ids_in(const std::string& url) {
  std::set<std::string> ids;
  std::string_view rest = url;
  const auto colon = url.find(':');
  if (colon != std::string::npos && colon < url.find_first_of("/?#")) {
    // An http(s) URL may be one of the site's own pages (under base_url):
    // its path is read as a site path's. Any other scheme names no page.
    const std::string scheme = link_scheme(url);
    if ((scheme != "http" && scheme != "https") || url.compare(colon, 3, "://") != 0) return ids;
    rest.remove_prefix(colon + 3);
    rest.remove_prefix(std::min(rest.find_first_of("/?#"), rest.size()));
  }
  const std::string path(rest.substr(0, rest.find_first_of("?#")));
  std::vector<std::string> segments, decoded;
  for (std::size_t at = 0; at <= path.size();) {
    const auto slash = std::min(path.find('/', at), path.size());
    if (slash > at) segments.push_back(path.substr(at, slash - at));
    at = slash + 1;
  }
  // Site paths are percent-decoded segment by segment ("/en/r%65views/x/").
  for (const auto& s : segments) decoded.push_back(percent_decode(s));
  for (std::size_t i = 0; i + 1 < segments.size(); ++i) {
    ids.insert(segments[i] + "/" + segments[i + 1]);
    ids.insert(decoded[i] + "/" + decoded[i + 1]);
  }
  return ids;
}

namespace {

// The bundles `ids`, with their catalog translations, and then again with
// every bundle they link to or name as related: link and anchor checks and
// the rendered email of an article look no further.
Corpus load_needed(const std::filesystem::path& root, const SiteConfig& config,
                   const std::set<std::string>& ids, int jobs, DiagnosticSink& sink) {
  DiagnosticSink first;
  Corpus corpus = load_corpus(root, config, first, jobs, nullptr, &ids);
  add_catalog_translations(root, config, corpus, first);
  std::set<std::string> needed = ids;
  for (const auto& b : corpus.bundles)
    for (const auto& [lang, a] : b.articles) {
      for (const auto& r : a.own.related) needed.insert(r.value);
      for (const auto& r : a.meta.related) needed.insert(r.value);
      for (const auto& l : a.links) needed.merge(bundle_ids_in(l.url));
    }
  if (needed == ids) {
    sink.merge(first);
    return corpus;
  }
  corpus = load_corpus(root, config, sink, jobs, nullptr, &needed);
  add_catalog_translations(root, config, corpus, sink);
  return corpus;
}

}  // namespace

CheckedSite load_checked_site(const std::filesystem::path& root, DiagnosticSink& sink,
                              const SiteCheckOptions& options, int jobs, ParseCache* cache,
                              const std::set<std::string>* only) {
  CheckedSite site;
  site.config = load_site_config(root, sink, options.overrides);
  if (!site.config) return site;
  PhaseTimer timer("  ");
  if (only) {
    site.corpus = load_needed(root, *site.config, *only, jobs, sink);
  } else {
    site.corpus = load_corpus(root, *site.config, sink, jobs, cache);
    add_catalog_translations(root, *site.config, site.corpus, sink);
  }
  timer.mark("read");
  check_bundles(*site.config, site.corpus, options.kept, jobs, options.sources_at,
                publishing_now(options), sink);
  timer.mark("check");
  return site;
}

}  // namespace pp
