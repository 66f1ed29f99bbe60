#include "driver/check_site.h"

#include "driver/phase_timer.h"
#include "l10n/article_catalog.h"
#include "l10n/l10n.h"
#include "links/links.h"
#include "validate/validate.h"

namespace pp {

void check_site(const SiteConfig& config, const Corpus& corpus, DiagnosticSink& sink,
                const SiteCheckOptions& options) {
  validate_corpus(config, corpus, sink);
  check_links(config, corpus, sink);
  check_source_urls(corpus, sink);
  check_figure_formats(corpus, sink);
  if (options.sources_at) check_sources(corpus, *options.sources_at, sink);
}

CheckedSite load_checked_site(const std::filesystem::path& root, DiagnosticSink& sink,
                              const SiteCheckOptions& options, int jobs, ParseCache* cache) {
  CheckedSite site;
  site.config = load_site_config(root, sink, options.overrides);
  if (!site.config) return site;
  PhaseTimer timer("  ");
  site.corpus = load_corpus(root, *site.config, sink, jobs, cache);
  add_catalog_translations(root, *site.config, site.corpus, sink);
  timer.mark("read");
  check_site(*site.config, site.corpus, sink, options);
  timer.mark("check");
  return site;
}

}  // namespace pp
