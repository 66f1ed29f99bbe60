// `validate` and `check`: the checks of the site, and with --external every
// http(s) URL fetched.
#include <algorithm>
#include <functional>
#include <optional>
#include <set>

#include "core/clock.h"
#include "core/process.h"
#include "core/site_layout.h"
#include "core/state_folder.h"
#include "driver/check_site.h"
#include "driver/driver.h"
#include "driver/driver_internal.h"
#include "emit/emit.h"
#include "links/links.h"

namespace pp {

namespace fs = std::filesystem;

namespace {

// The findings of `all` in the `wanted` files (all of them when empty).
void keep_wanted(const DiagnosticSink& all, const std::vector<std::string>& wanted,
                 DiagnosticSink& out) {
  if (wanted.empty()) {
    out = all;
    return;
  }
  for (const auto& d : all.sorted())
    if (std::count(wanted.begin(), wanted.end(), d.where.path))
      out.report(d.where, d.severity, d.rule, d.message);
}

// The bundles of `wanted` when every one is an article file
// (content/<section>/<slug>/…) or an article catalog
// (locales/<lang>/articles/<section>/<slug>.po): then only those bundles and
// the ones they link to are read. nullopt for the whole site: no FILE, or a
// file whose findings may come from anywhere (site.yaml, a template, a
// catalog of the templates' strings, a static file).
std::optional<std::set<std::string>> wanted_bundles(const std::vector<std::string>& wanted) {
  if (wanted.empty()) return std::nullopt;
  std::set<std::string> ids;
  for (const auto& w : wanted) {
    std::vector<std::string> parts;
    for (const auto& p : fs::path(w)) parts.push_back(p.string());
    if (parts.size() >= 4 && parts[0] == kContentFolder)
      ids.insert(parts[1] + "/" + parts[2]);
    else if (parts.size() == 5 && parts[0] == "locales" && parts[2] == "articles" &&
             fs::path(parts[4]).extension() == ".po")
      ids.insert(parts[3] + "/" + fs::path(parts[4]).stem().string());
    else
      return std::nullopt;
  }
  return ids;
}

// Checks the site, lets `more` add its checks, and keeps the findings of the
// FILEs asked for. A configuration that cannot be used stops the run.
void run_checks(const fs::path& root, const std::vector<std::string>& files, int jobs,
                const SiteCheckOptions& checks,
                const std::function<void(const CheckedSite&, DiagnosticSink&)>& more,
                ValidateResult& result) {
  std::vector<std::string> wanted;
  if (!resolve_files(root, files, wanted, result)) return;
  DiagnosticSink all;
  const auto bundles = wanted_bundles(wanted);
  const CheckedSite site =
      load_checked_site(root, all, checks, jobs, nullptr, bundles ? &*bundles : nullptr);
  if (!site.config) {
    result.diagnostics = all;
    result.stop(ErrorKind::configuration);
    return;
  }
  // What a build renders with: its catalogs, templates and static files,
  // so that validate finds every error that would stop a build.
  const RenderInputs inputs = load_render_inputs(root, *site.config, all);
  check_template_ids(root, site.corpus, inputs.templates, all);
  check_template_urls(root, site.corpus, inputs.templates, all);
  check_postal_address(*site.config, all);
  (void)collect_static(root, site.config->svg_refuse, all);
  // And what rendering finds: an email over the size Gmail clips.
  check_rendered_emails(root, site, inputs, jobs, all);
  if (more) more(site, all);
  keep_wanted(all, wanted, result.diagnostics);
}

// The link cache of `root`, or nullptr (with a warning) when it cannot be used.
std::unique_ptr<LinkCache> open_link_cache(const fs::path& root, int ttl_h, DiagnosticSink& sink) {
  if (const auto problem = state_folder_problem(root)) {
    sink.warning({problem->path, 0, 0}, "link/cache",
                 "link cache not used, checking everything: " + problem->reason);
    return nullptr;
  }
  auto cache = std::make_unique<LinkCache>(root / kLinkCachePath, ttl_h);
  if (!cache->error().empty()) {
    sink.warning({kLinkCachePath, 0, 0}, "link/cache",
                 "link cache unavailable, checking everything: " + cache->error());
    cache.reset();
  }
  return cache;
}

// Fetches every http(s) URL of the site once (the cache first) and reports it
// where it appears.
ExternalStats check_external_urls(const CheckOptions& options, const CheckedSite& site, double now,
                                  DiagnosticSink& sink) {
  const LinksConfig& lc = site.config->links;
  ProbeOptions po;
  po.timeout_s = lc.timeout_s;
  po.concurrency = lc.concurrency;
  po.per_host = lc.per_host;
  po.retries = lc.retries;
  po.allow_private = lc.allow_private;
  po.proxy = lc.proxy;
  po.progress = options.progress;
  auto prober = make_curl_prober(po);
  std::unique_ptr<LinkCache> cache =
      options.use_cache ? open_link_cache(options.root, lc.cache_ttl_h, sink) : nullptr;
  return check_external(*site.config, site.corpus, *prober, cache.get(), now, sink);
}

// How many files of .polypress/ git tracks (0 when none, or no git).
long tracked_state_files(const fs::path& root) {
  std::error_code ec;
  if (!fs::exists(root / kStateFolder, ec)) return 0;
  const ProcessResult git = run_process({"git", "-C", root.string(), "-c", "core.fsmonitor=false",
                                         "ls-files", "-z", "--", kStateFolder});
  if (git.exit_code != 0) return 0;
  return std::count(git.out.begin(), git.out.end(), '\0');
}

// A warning when git tracks files of .polypress/: one machine's build state
// and link cache, which CI must never take from a repository (docs/ci.md).
void warn_committed_state(long n, DiagnosticSink& sink) {
  if (n == 0) return;
  sink.report({kStateFolder, 0, 0}, Severity::warning, "config/committed-state",
              std::string(kStateFolder) + "/ is tracked by git (" + std::to_string(n) +
                  (n == 1 ? " file" : " files") +
                  "): it is one machine's build state and link cache, which no one else should "
                  "trust; run git rm -r --cached " +
                  kStateFolder + " and add /" + kStateFolder + "/ to .gitignore");
}

}  // namespace

ValidateResult run_validate(const ValidateOptions& options) {
  ValidateResult result;
  run_checks(options.root, options.files, options.jobs,
             {.sources_at = std::nullopt,
              .overrides = options.overrides,
              .kept = nullptr,
              .publishing = {}},
             nullptr, result);
  if (options.files.empty() && !result.error)
    warn_committed_state(tracked_state_files(options.root), result.diagnostics);
  return result;
}

CheckResult run_check(const CheckOptions& options) {
  CheckResult result;
  const double now = current_time_ms();
  const long tracked = tracked_state_files(options.root);
  run_checks(
      options.root, options.files, options.jobs,
      {.sources_at = now, .overrides = options.overrides, .kept = nullptr, .publishing = {}},
      [&](const CheckedSite& site, DiagnosticSink& all) {
        if (!options.external) return;
        // A link cache from the repository is another machine's answers
        // (a pull request could plant "ok"s): never used.
        CheckOptions own = options;
        if (tracked > 0 && own.use_cache) {
          own.use_cache = false;
          all.warning({kLinkCachePath, 0, 0}, "link/cache",
                      "link cache not used, checking everything: " + std::string(kStateFolder) +
                          "/ is tracked by git");
        }
        const ExternalStats stats = check_external_urls(own, site, now, all);
        result.urls = stats.unique_urls;
        result.urls_cached = stats.from_cache;
      },
      result);
  if (options.files.empty() && !result.error) warn_committed_state(tracked, result.diagnostics);
  return result;
}

}  // namespace pp
