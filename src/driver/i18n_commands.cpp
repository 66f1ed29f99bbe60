// The i18n commands: extract, check, stats and update of the catalogs.
#include "config/config.h"
#include "content/content.h"
#include "core/digest.h"
#include "core/file_io.h"
#include "core/safe_fs.h"
#include "core/site_layout.h"
#include "driver/driver_internal.h"
#include "l10n/l10n.h"
#include "render/render.h"

namespace pp {

namespace fs = std::filesystem;

CommandResult run_i18n_extract(const fs::path& root) {
  CommandResult result;
  DiagnosticSink& sink = result.diagnostics;
  const auto config = load_site_config(root, sink);
  if (!config) {
    result.stop(ErrorKind::configuration);
    return result;
  }
  const TemplateSet templates = TemplateSet::load(root, sink);
  if (sink.has_errors()) return result;
  const std::string pot = format_pot(extract_messages(*config, templates));
  if (refused_link(root, kPotPath, sink)) return result;
  std::string error;
  if (write_file_atomic(root / kPotPath, pot, error) == WriteOutcome::failed)
    sink.error({kPotPath, 0, 0}, "emit/write", "cannot write: " + error);
  return result;
}

CommandResult run_i18n_check(const fs::path& root) {
  CommandResult result;
  DiagnosticSink& sink = result.diagnostics;
  const auto config = load_site_config(root, sink);
  if (!config) {
    result.stop(ErrorKind::configuration);
    return result;
  }
  for (const auto& lang : config->languages) check_catalog(root, *config, lang, sink);
  const TemplateSet templates = TemplateSet::load(root, sink);
  const ReadResult pot = read_file(root / kPotPath, kMaxCatalogBytes);
  const std::set<std::string> in_pot = pot.ok ? catalog_msgids(pot.bytes) : std::set<std::string>{};
  for (const auto& m : extract_messages(*config, templates)) {
    if (!in_pot.count(catalog_key(m.context, m.msgid)))
      sink.error({kPotPath, 0, 0}, "i18n/missing-msgid",
                 "\"" + m.msgid + "\" (" + m.references.front() +
                     ") is missing; run polypress i18n extract");
  }
  return result;
}

namespace {

// The count of articles in `state` of a language.
int& articles_in(LanguageStats& l, TranslationState state) {
  switch (state) {
    case TranslationState::source:
      return l.source;
    case TranslationState::up_to_date:
      return l.up_to_date;
    case TranslationState::stale:
      return l.stale;
    case TranslationState::unstamped:
      return l.unstamped;
    case TranslationState::catalog:
      return l.catalog;
    case TranslationState::missing:
      break;
  }
  return l.missing;
}

}  // namespace

I18nStatsResult run_i18n_stats(const fs::path& root) {
  I18nStatsResult result;
  const auto config = load_site_config(root, result.diagnostics);
  if (!config) {
    result.stop(ErrorKind::configuration);
    return result;
  }
  DiagnosticSink ignored;
  const Corpus corpus = load_corpus(root, *config, ignored);
  const auto rows = translation_matrix(root, *config, corpus);
  for (const auto& lang : config->languages) {
    LanguageStats l;
    l.language = lang.code;
    l.source_language = lang.code == config->default_language;
    l.strings = catalog_stats(root, lang.code);
    // A catalog msgfmt cannot read is an error at its line, not "no catalog".
    const std::string rel = catalog_rel(root, lang.code);
    if (!l.strings && file_kind(root / rel) != FileKind::missing) {
      DiagnosticSink found;
      compile_catalog(root, lang.code, found);
      if (!found.has_errors()) found.error({rel, 0, 0}, "i18n/syntax", "msgfmt cannot read it");
      for (const auto& d : found.sorted())
        if (d.severity == Severity::error)
          result.diagnostics.report(d.where, d.severity, d.rule, d.message);
    }
    for (const auto& r : rows)
      for (const auto& [code, state] : r.states) {
        if (code != lang.code) continue;
        ++articles_in(l, state);
        if (const auto it = r.catalogs.find(code); it != r.catalogs.end()) {
          l.segments.translated += it->second.translated;
          l.segments.fuzzy += it->second.fuzzy;
          l.segments.untranslated += it->second.untranslated;
          // Done in its language when the catalog translates every segment.
          if (it->second.fuzzy == 0 && it->second.untranslated == 0) ++l.catalog_complete;
        }
      }
    const int done = l.source + l.up_to_date + l.catalog_complete;
    l.articles_percent = rows.empty() ? 100.0 : 100.0 * done / static_cast<double>(rows.size());
    const auto& cs = l.strings;
    const int total = cs ? cs->translated + cs->fuzzy + cs->untranslated : 0;
    l.strings_percent = l.source_language ? 100.0
                        : cs              ? (total ? 100.0 * cs->translated / total : 100.0)
                                          : 0.0;
    result.languages.push_back(std::move(l));
  }
  return result;
}

I18nUpdateResult run_i18n_update(const fs::path& root, bool fix_plurals) {
  I18nUpdateResult result;
  DiagnosticSink& sink = result.diagnostics;
  const auto config = load_site_config(root, sink);
  if (!config) {
    result.stop(ErrorKind::configuration);
    return result;
  }
  if (refused_link(root, kPotPath, sink)) return result;
  std::error_code ec;
  if (!fs::is_regular_file(root / kPotPath, ec)) {
    sink.error({kPotPath, 0, 0}, "i18n/missing-pot",
               "there is no template to merge; run polypress i18n extract first");
    return result;
  }
  // Every catalog is merged in memory first: one that msgmerge rejects stops
  // the run before any file is touched.
  std::vector<std::pair<std::string, CatalogUpdate>> merged;
  for (const auto& lang : config->languages) {
    auto u = merge_catalog(root, lang, sink);
    if (u && fix_plurals) fix_plural_forms(*config, lang, catalog_rel(root, lang.code), *u, sink);
    if (u) merged.push_back({lang.code, std::move(*u)});
  }
  if (sink.has_errors()) return result;
  for (const auto& [code, update] : merged) {
    const std::string rel = catalog_rel(root, code);
    // A link to a catalog in locales/ is written through (catalog_file());
    // nothing else on the way may be one.
    if (refused_link(root, update.file.lexically_relative(root).generic_string(), sink)) continue;
    std::string error;
    const WriteOutcome w = write_file_atomic(update.file, update.text, error);
    if (w == WriteOutcome::failed) {
      sink.error({rel, 0, 0}, "emit/write", "cannot write: " + error);
      continue;
    }
    result.catalogs.push_back({rel,
                               update.created               ? CatalogWritten::created
                               : w == WriteOutcome::written ? CatalogWritten::updated
                                                            : CatalogWritten::unchanged,
                               catalog_stats_of(update.text), update.from_theme});
  }
  return result;
}

}  // namespace pp
