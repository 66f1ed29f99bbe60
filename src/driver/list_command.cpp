// `polypress list`: every article file and whether a build publishes it.
#include <algorithm>

#include "content/content.h"
#include "core/clock.h"
#include "driver/driver.h"
#include "render/render.h"

namespace pp {

ListResult run_list(const ListOptions& options) {
  ListResult result;
  const auto config = load_site_config(options.root, result.diagnostics);
  if (!config) {
    result.stop(ErrorKind::configuration);
    return result;
  }
  // The files as they are: what cannot be read is reported, the rest listed.
  const Corpus corpus = load_corpus(options.root, *config, result.diagnostics, 0, nullptr);
  const double now = current_time_ms();
  for (const auto& b : corpus.bundles)
    for (const auto& [lang, a] : b.articles) {
      const Publication p = publication_of(a, config->time_zone, now);
      const bool shown = published_in(p, options.publishing);
      if (!shown) continue;
      const FrontMatter& m = a.meta;
      result.articles.push_back({a.path, b.id(), lang, m.type ? to_string(m.type->value) : "",
                                 m.title ? m.title->value : "", m.date ? m.date->value.text : "",
                                 m.expires ? m.expires->value.text : "", to_string(p)});
    }
  std::sort(result.articles.begin(), result.articles.end(),
            [](const ListedArticle& x, const ListedArticle& y) { return x.path < y.path; });
  return result;
}

}  // namespace pp
