#pragma once
// Internal to the driver: the checks of one bundle, and those of a whole site
// with the checks the last build kept (docs/incremental.md, "Checks").

#include <optional>

#include "config/config.h"
#include "content/content.h"
#include "core/diagnostic.h"

namespace pp {

struct CheckCache;  // incremental/incremental.h

/// check_site()'s checks of the bundle `b` of `corpus`, with `check`'s source
/// rules judged at `sources_at` when given, and links to what a build
/// publishing `publishing` does not publish (its time set) found.
void check_bundle(const SiteConfig& config, const Corpus& corpus, const Bundle& b,
                  const std::optional<double>& sources_at, const Publishing& publishing,
                  DiagnosticSink& sink);

/// check_bundle() of every bundle, on `jobs` threads (0: one per core), into
/// `sink` in bundle order. With `kept` (and no `sources_at`), a bundle whose
/// files, other files' names and the site's static files are as when `kept`
/// was made, and none of whose named bundles changed what its checks read of
/// them, is not checked: its kept findings are reported. What is checked is
/// added to kept->added. An article's state under `publishing` (published,
/// draft, future, expired) is part of what is compared.
void check_bundles(const SiteConfig& config, const Corpus& corpus, CheckCache* kept, int jobs,
                   const std::optional<double>& sources_at, const Publishing& publishing,
                   DiagnosticSink& sink);

}  // namespace pp
