// `extra:` values a site's templates put where a URL starts, checked before
// rendering: one with a scheme a page never links to (javascript:, data:) is
// published as an inert URL (render/context_escape.h), and the writer is
// told at the value.
#include "core/file_io.h"
#include "core/limits.h"
#include "core/text.h"
#include "core/url_scheme.h"
#include "driver/driver_internal.h"

namespace pp {

void check_template_urls(const std::filesystem::path& root, const Corpus& corpus,
                         const TemplateSet& templates, DiagnosticSink& sink) {
  const auto& names = templates.extra_url_names();
  if (names.empty()) return;
  for (const auto& b : corpus.bundles)
    for (const auto& [lang, a] : b.articles) {
      if (a.assembled || !a.own.extra) continue;  // a catalog gives no extra
      const ReadResult file = read_file(root / a.path, kMaxFileBytes);
      if (!file.ok) continue;
      for (const auto& e : extra_strings(a.path, file.bytes)) {
        const auto place = names.find(e.name);
        if (place == names.end() || !url_scheme_refused(e.value)) continue;
        sink.warning(e.where, "front-matter/unsafe-url",
                     "extra '" + e.name + "' is put where a URL starts (" + place->second +
                         "), but \"" + quote_for_message(e.value, 60) + "\" has the scheme '" +
                         url_scheme(e.value) +
                         "'; pages link only to http, https, mailto and tel URLs and relative "
                         "ones, so it is published as " +
                         std::string(kInertUrl));
      }
    }
}

}  // namespace pp
