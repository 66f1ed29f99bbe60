#pragma once
// The checks of a site, in one order, for every caller: validate and check,
// build and edition (so `serve`), and the fuzz targets.

#include <filesystem>
#include <optional>
#include <set>
#include <string>

#include "config/config.h"
#include "content/content.h"
#include "core/diagnostic.h"

namespace pp {

struct ParseCache;  // content/article_cache.h
struct CheckCache;  // incremental/incremental.h

/// What check_site() checks besides what every command checks.
struct SiteCheckOptions {
  /// `check`'s source rules (source/accessed, source/duplicate), judged at
  /// this time (milliseconds since the epoch); none when unset.
  std::optional<double> sources_at;
  /// --env and --base-url (load_site_config()).
  ConfigOverrides overrides;
  /// The checks the last build kept (build only; not with `sources_at`): a
  /// bundle nothing of which changed is not checked again, and what is
  /// checked is added (docs/incremental.md, "Checks").
  CheckCache* kept = nullptr;
  /// What the build publishes (--drafts, --future, --expired): links to
  /// anything else are errors (link/unpublished). Its time unset: now.
  Publishing publishing;
};

/// Every check of a loaded site, bundle by bundle on every core (the findings
/// in bundle order): bundles and front matter (validate), links and anchors,
/// source and product URLs, figure formats; then what `options` asks for.
void check_site(const SiteConfig& config, const Corpus& corpus, DiagnosticSink& sink,
                const SiteCheckOptions& options = {});

/// A site read from disk and checked.
struct CheckedSite {
  std::optional<SiteConfig> config;  ///< nullopt: site.yaml cannot be used (nothing else read)
  Corpus corpus;
};

/// Reads pipeline/site.yaml and content/ under `root` (`jobs` readers; parses
/// reused from `cache` when given) and runs check_site() on them. With
/// `only`, the corpus holds those bundles and every bundle their articles
/// link to or name as related, and nothing else: what the checks of the
/// `only` bundles' files read (docs/performance.md, "validate FILE").
CheckedSite load_checked_site(const std::filesystem::path& root, DiagnosticSink& sink,
                              const SiteCheckOptions& options = {}, int jobs = 0,
                              ParseCache* cache = nullptr,
                              const std::set<std::string>* only = nullptr);

/// The id of each bundle a link URL could name ("/news/x", "/en/news/x/#a",
/// and an http(s) URL's path, which may be the site's own page): every pair
/// of neighbouring path segments, as written and percent-decoded, a superset
/// of the real target.
std::set<std::string> bundle_ids_in(const std::string& url);

}  // namespace pp
