// The i18n commands: extract, check, stats and update of the catalogs.
#include <cstdio>
#include <nlohmann/json.hpp>

#include "config/config.h"
#include "content/content.h"
#include "core/digest.h"
#include "core/file_io.h"
#include "core/json_text.h"
#include "driver/driver_internal.h"
#include "l10n/l10n.h"
#include "render/render.h"

namespace pp {

namespace fs = std::filesystem;

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
  result.output = json ? json_text(out, 2) + "\n" : text;
  result.exit_code = below ? kExitFindings : kExitOk;
  return result;
}

RunResult run_i18n_update(const fs::path& root) {
  RunResult result;
  DiagnosticSink& sink = result.diagnostics;
  const auto config = load_site_config(root, sink);
  if (!config) {
    result.exit_code = kExitUsage;
    return result;
  }
  std::error_code ec;
  if (!fs::is_regular_file(root / "locales/polypress.pot", ec)) {
    sink.error({"locales/polypress.pot", 0, 0}, "i18n/missing-pot",
               "there is no template to merge; run polypress i18n extract first");
    result.exit_code = kExitFindings;
    return result;
  }
  // Every catalog is merged in memory first: one that msgmerge rejects stops
  // the run before any file is touched.
  std::vector<std::pair<std::string, CatalogUpdate>> merged;
  for (const auto& lang : config->languages)
    if (auto u = merge_catalog(root, lang, sink)) merged.push_back({lang.code, std::move(*u)});
  if (sink.has_errors()) {
    result.exit_code = kExitFindings;
    return result;
  }
  for (const auto& [code, update] : merged) {
    const std::string rel = "locales/" + code + ".po";
    std::string error;
    const WriteOutcome w = write_file_atomic(root / rel, update.text, error);
    if (w == WriteOutcome::failed) {
      sink.error({rel, 0, 0}, "emit/write", "cannot write: " + error);
      continue;
    }
    const auto stats = catalog_stats_of(update.text);
    std::string line = rel + ": " +
                       (update.created               ? "created"
                        : w == WriteOutcome::written ? "updated"
                                                     : "unchanged");
    if (stats)
      line += ", " + std::to_string(stats->translated) + " translated, " +
              std::to_string(stats->fuzzy) + " fuzzy, " + std::to_string(stats->untranslated) +
              " untranslated, " + std::to_string(stats->obsolete) + " obsolete";
    result.output += line + "\n";
  }
  result.exit_code = sink.has_errors() ? kExitFindings : kExitOk;
  return result;
}

}  // namespace pp
