#include "driver/driver.h"

#include <algorithm>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "config/config.h"
#include "content/content.h"
#include "core/clock.h"
#include "core/digest.h"
#include "core/file_io.h"
#include "l10n/l10n.h"
#include "links/links.h"
#include "render/render.h"
#include "validate/validate.h"

namespace pp {

namespace fs = std::filesystem;

namespace {

// The checked inputs of every command.
struct Checked {
  std::optional<SiteConfig> config;
  Corpus corpus;
};

Checked load_and_check(const fs::path& root, DiagnosticSink& sink, int jobs = 0) {
  Checked c;
  c.config = load_site_config(root, sink);
  if (!c.config) return c;
  c.corpus = load_corpus(root, *c.config, sink, jobs);
  validate_corpus(*c.config, c.corpus, sink);
  check_links(*c.config, c.corpus, sink);
  check_figure_formats(c.corpus, sink);
  return c;
}

std::string relative_to_root(const fs::path& root, const std::string& file) {
  std::error_code ec;
  fs::path p = fs::weakly_canonical(fs::path(file), ec);
  const fs::path r = fs::weakly_canonical(root, ec);
  if (!ec) {
    const fs::path rel = p.lexically_relative(r);
    if (!rel.empty() && *rel.begin() != "..") return rel.generic_string();
  }
  return fs::path(file).lexically_normal().generic_string();
}

// Stable across runs and machines (FNV-1a), so shards are reproducible.
std::uint64_t stable_hash(const std::string& s) {
  std::uint64_t h = 1469598103934665603ULL;
  for (unsigned char c : s) h = (h ^ c) * 1099511628211ULL;
  return h;
}

}  // namespace

namespace {

// Resolves FILE arguments (relative to the working folder or the site root) to
// site-relative paths; false with a usage error when one does not exist.
bool resolve_files(const fs::path& root, const std::vector<std::string>& files,
                   std::vector<std::string>& wanted, RunResult& result) {
  for (const auto& f : files) {
    std::error_code ec;
    if (fs::is_regular_file(f, ec)) {
      wanted.push_back(relative_to_root(root, f));
    } else if (fs::is_regular_file(root / f, ec)) {
      wanted.push_back(fs::path(f).lexically_normal().generic_string());
    } else {
      result.usage_error = "no such file: " + f;
      result.exit_code = kExitUsage;
      return false;
    }
  }
  return true;
}

// Keeps the findings of `wanted` files (all when empty) and sets the exit code.
void finish(const DiagnosticSink& all, const std::vector<std::string>& wanted, RunResult& result) {
  if (wanted.empty()) {
    result.diagnostics = all;
  } else {
    for (const auto& d : all.sorted())
      if (std::count(wanted.begin(), wanted.end(), d.where.path))
        result.diagnostics.report(d.where, d.severity, d.rule, d.message);
  }
  result.exit_code = result.diagnostics.has_errors() ? kExitFindings : kExitOk;
}

}  // namespace

namespace {

// Validates the site, lets `more` add its checks, and keeps the findings of the
// FILEs asked for. Configuration errors end the run with exit 2.
RunResult run_checks(const fs::path& root, const std::vector<std::string>& files, int jobs,
                     const std::function<void(const Checked&, DiagnosticSink&, RunResult&)>& more) {
  RunResult result;
  std::vector<std::string> wanted;
  if (!resolve_files(root, files, wanted, result)) return result;
  DiagnosticSink all;
  const Checked c = load_and_check(root, all, jobs);
  if (!c.config) {
    result.diagnostics = all;
    result.exit_code = kExitUsage;
    return result;
  }
  if (more) more(c, all, result);
  finish(all, wanted, result);
  return result;
}

}  // namespace

RunResult run_validate(const ValidateOptions& options) {
  return run_checks(options.root, options.files, options.jobs, nullptr);
}

RunResult run_check(const CheckOptions& options) {
  return run_checks(
      options.root, options.files, options.jobs,
      [&](const Checked& c, DiagnosticSink& all, RunResult& result) {
        const double now = current_time_ms();
        check_sources(c.corpus, now, all);
        if (!options.external) return;
        const LinksConfig& lc = c.config->links;
        ProbeOptions po;
        po.timeout_s = lc.timeout_s;
        po.concurrency = lc.concurrency;
        po.per_host = lc.per_host;
        po.retries = lc.retries;
        po.allow_private = lc.allow_private;
        po.progress = options.progress;
        auto prober = make_curl_prober(po);
        std::unique_ptr<LinkCache> cache;
        if (options.use_cache) {
          cache =
              std::make_unique<LinkCache>(options.root / ".polypress/links.sqlite", lc.cache_ttl_h);
          if (!cache->error().empty()) {
            all.warning({".polypress/links.sqlite", 0, 0}, "link/cache",
                        "link cache unavailable, checking everything: " + cache->error());
            cache.reset();
          }
        }
        const ExternalStats stats =
            check_external(*c.config, c.corpus, *prober, cache.get(), now, all);
        result.urls = stats.unique_urls;
        result.urls_cached = stats.from_cache;
      });
}

RunResult run_i18n_extract(const fs::path& root) {
  RunResult result;
  DiagnosticSink& sink = result.diagnostics;
  const auto config = load_site_config(root, sink);
  if (!config) {
    result.exit_code = kExitUsage;
    return result;
  }
  const TemplateSet templates = TemplateSet::load(root, sink);
  if (sink.has_errors()) {
    result.exit_code = kExitFindings;
    return result;
  }
  const std::string pot = format_pot(extract_messages(*config, templates));
  std::string error;
  if (write_file_atomic(root / "locales/polypress.pot", pot, error) == WriteOutcome::failed) {
    sink.error({"locales/polypress.pot", 0, 0}, "emit/write", "cannot write: " + error);
    result.exit_code = kExitFindings;
  }
  return result;
}

RunResult run_translations(const fs::path& root, bool json) {
  RunResult result;
  const auto config = load_site_config(root, result.diagnostics);
  if (!config) {
    result.exit_code = kExitUsage;
    return result;
  }
  DiagnosticSink ignored;  // the matrix is shown even when articles have findings
  const Corpus corpus = load_corpus(root, *config, ignored);
  const auto rows = translation_matrix(root, *config, corpus);
  std::map<TranslationState, int> totals;
  if (json) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& r : rows) {
      nlohmann::json langs = nlohmann::json::object();
      for (const auto& [lang, state] : r.states) langs[lang] = translation_state_name(state);
      out.push_back({{"bundle", r.bundle}, {"languages", langs}});
    }
    result.output = out.dump(2) + "\n";
    return result;
  }
  std::size_t width = 6;
  for (const auto& r : rows) width = std::max(width, r.bundle.size());
  std::string text = "bundle" + std::string(width - 6 + 2, ' ');
  for (const auto& l : config->languages)
    text += l.code + std::string(l.code.size() < 12 ? 12 - l.code.size() : 1, ' ');
  while (!text.empty() && text.back() == ' ') text.pop_back();
  text += "\n";
  for (const auto& r : rows) {
    text += r.bundle + std::string(width - r.bundle.size() + 2, ' ');
    for (const auto& [lang, state] : r.states) {
      const std::string name = translation_state_name(state);
      text += name + std::string(name.size() < 12 ? 12 - name.size() : 1, ' ');
      ++totals[state];
    }
    while (!text.empty() && text.back() == ' ') text.pop_back();
    text += "\n";
  }
  text += std::to_string(totals[TranslationState::up_to_date]) + " up to date, " +
          std::to_string(totals[TranslationState::stale]) + " stale, " +
          std::to_string(totals[TranslationState::unstamped]) + " unstamped, " +
          std::to_string(totals[TranslationState::missing]) + " missing\n";
  result.output = text;
  return result;
}

RunResult run_i18n_check(const fs::path& root) {
  RunResult result;
  DiagnosticSink& sink = result.diagnostics;
  const auto config = load_site_config(root, sink);
  if (!config) {
    result.exit_code = kExitUsage;
    return result;
  }
  for (const auto& lang : config->languages) check_catalog(root, *config, lang, sink);
  const TemplateSet templates = TemplateSet::load(root, sink);
  const ReadResult pot = read_file(root / "locales/polypress.pot", 16u << 20);
  const std::set<std::string> in_pot = pot.ok ? catalog_msgids(pot.bytes) : std::set<std::string>{};
  for (const auto& m : extract_messages(*config, templates)) {
    if (!in_pot.count(m.msgid))
      sink.error({"locales/polypress.pot", 0, 0}, "i18n/missing-msgid",
                 "\"" + m.msgid + "\" (" + m.references.front() +
                     ") is missing; run polypress i18n extract");
  }
  result.exit_code = sink.has_errors() ? kExitFindings : kExitOk;
  return result;
}

RunResult run_i18n_stats(const fs::path& root, bool json, double fail_under) {
  RunResult result;
  const auto config = load_site_config(root, result.diagnostics);
  if (!config) {
    result.exit_code = kExitUsage;
    return result;
  }
  DiagnosticSink ignored;
  const Corpus corpus = load_corpus(root, *config, ignored);
  const auto rows = translation_matrix(root, *config, corpus);
  nlohmann::json out = nlohmann::json::array();
  char line[256];
  std::snprintf(line, sizeof line, "%-9s %10s %6s %12s %6s   %10s %6s %9s %7s %6s\n", "language",
                "translated", "fuzzy", "untranslated", "%", "up to date", "stale", "unstamped",
                "missing", "%");
  std::string text = line;
  bool below = false;
  for (const auto& lang : config->languages) {
    const auto cs = catalog_stats(root, lang.code);
    std::map<TranslationState, int> a;
    for (const auto& r : rows)
      for (const auto& [code, state] : r.states)
        if (code == lang.code) ++a[state];
    const int done = a[TranslationState::source] + a[TranslationState::up_to_date];
    const double article_pct =
        rows.empty() ? 100.0 : 100.0 * done / static_cast<double>(rows.size());
    const int total = cs ? cs->translated + cs->fuzzy + cs->untranslated : 0;
    const double string_pct = cs ? (total ? 100.0 * cs->translated / total : 100.0) : 0.0;
    if (fail_under >= 0 && (string_pct < fail_under || article_pct < fail_under)) below = true;
    out.push_back({{"language", lang.code},
                   {"strings", cs ? nlohmann::json{{"translated", cs->translated},
                                                   {"fuzzy", cs->fuzzy},
                                                   {"untranslated", cs->untranslated},
                                                   {"percent", string_pct}}
                                  : nlohmann::json(nullptr)},
                   {"articles",
                    {{"source", a[TranslationState::source]},
                     {"up_to_date", a[TranslationState::up_to_date]},
                     {"stale", a[TranslationState::stale]},
                     {"unstamped", a[TranslationState::unstamped]},
                     {"missing", a[TranslationState::missing]},
                     {"percent", article_pct}}}});
    if (cs)
      std::snprintf(line, sizeof line, "%-9s %10d %6d %12d %5.1f%%   %10d %6d %9d %7d %5.1f%%\n",
                    lang.code.c_str(), cs->translated, cs->fuzzy, cs->untranslated, string_pct,
                    done, a[TranslationState::stale], a[TranslationState::unstamped],
                    a[TranslationState::missing], article_pct);
    else
      std::snprintf(line, sizeof line, "%-9s %10s %6s %12s %6s   %10d %6d %9d %7d %5.1f%%\n",
                    lang.code.c_str(), "no catalog", "-", "-", "-", done,
                    a[TranslationState::stale], a[TranslationState::unstamped],
                    a[TranslationState::missing], article_pct);
    text += line;
  }
  result.output = json ? out.dump(2) + "\n" : text;
  result.exit_code = below ? kExitFindings : kExitOk;
  return result;
}

RunResult run_translations_stamp(const fs::path& root, const std::vector<std::string>& files) {
  RunResult result;
  std::vector<std::string> wanted;
  if (!resolve_files(root, files, wanted, result)) return result;
  DiagnosticSink& sink = result.diagnostics;
  const auto config = load_site_config(root, sink);
  if (!config) {
    result.exit_code = kExitUsage;
    return result;
  }
  DiagnosticSink load;
  const Corpus corpus = load_corpus(root, *config, load);
  for (const auto& path : wanted) {
    const Article* article = nullptr;
    const Bundle* bundle = nullptr;
    for (const auto& b : corpus.bundles)
      for (const auto& [lang, a] : b.articles)
        if (a.path == path) article = &a, bundle = &b;
    if (!article) {
      for (const auto& d : load.sorted())
        if (d.where.path == path) sink.report(d.where, d.severity, d.rule, d.message);
      if (!sink.has_errors())
        sink.error({path, 0, 0}, "i18n/stamp",
                   "not an article of this site (content/<section>/<slug>/index.<lang>.md)");
      continue;
    }
    if (!article->own.translation_of || !bundle->source()) {
      sink.error({path, 1, 1}, "i18n/stamp",
                 "this file is a source, not a translation: nothing to stamp");
      continue;
    }
    const ReadResult source = read_file(root / bundle->source()->path, kMaxFileBytes);
    const ReadResult bytes = read_file(root / path, kMaxFileBytes);
    const auto stamped = source.ok && bytes.ok
                             ? stamp_front_matter(bytes.bytes, git_blob_id(source.bytes))
                             : std::nullopt;
    std::string error;
    if (!stamped) {
      sink.error({path, 1, 1}, "i18n/stamp", "cannot stamp: the file or its source cannot be read");
    } else if (write_file_atomic(root / path, *stamped, error) == WriteOutcome::failed) {
      sink.error({path, 0, 0}, "emit/write", "cannot write: " + error);
    }
  }
  result.exit_code = sink.has_errors() ? kExitFindings : kExitOk;
  return result;
}

RunResult run_build(const BuildOptions& options) {
  RunResult result;
  DiagnosticSink& sink = result.diagnostics;
  result.out_dir = options.out_dir.is_absolute() ? options.out_dir : options.root / options.out_dir;
  const Checked c = load_and_check(options.root, sink, options.jobs);
  if (!c.config) {
    result.exit_code = kExitUsage;
    return result;
  }
  for (const auto& lang : options.languages)
    if (!c.config->language(lang)) {
      result.usage_error = "--lang: '" + lang + "' is not a configured language";
      result.exit_code = kExitUsage;
      return result;
    }
  if (sink.has_errors()) {
    result.exit_code = kExitFindings;
    return result;
  }
  const auto locales = load_locales(options.root, *c.config, sink);
  const TemplateSet templates = TemplateSet::load(options.root, sink);
  if (sink.has_errors()) {
    result.exit_code = kExitFindings;
    return result;
  }
  RenderOptions ro;
  ro.drafts = options.drafts;
  ro.languages = options.languages;
  ro.jobs = options.jobs;
  std::vector<OutputFile> files =
      render_site(options.root, *c.config, c.corpus, locales, templates, ro, sink);
  for (auto& f : collect_static(options.root, sink)) files.push_back(std::move(f));
  if (sink.has_errors()) {
    result.exit_code = kExitFindings;
    return result;
  }
  if (options.shard_count > 1) {
    std::vector<OutputFile> mine;
    for (auto& f : files)
      if (stable_hash(f.path) % static_cast<std::uint64_t>(options.shard_count) ==
          static_cast<std::uint64_t>(options.shard_index - 1))
        mine.push_back(std::move(f));
    files = std::move(mine);
  }
  // Paths in messages are as the user gave them (relative to the site root).
  result.stats = write_outputs(result.out_dir, options.out_dir.generic_string(), files, sink);
  result.write_failed = result.stats.failed > 0;
  result.exit_code = sink.has_errors() ? kExitFindings : kExitOk;
  return result;
}

}  // namespace pp
