// `i18n extract --articles` and `i18n update --articles`: article bodies in
// catalogs (docs/translators.md, "Articles in catalogs").
#include "config/config.h"
#include "content/content.h"
#include "content/front_matter_skeleton.h"
#include "content/segments.h"
#include "core/file_io.h"
#include "core/safe_fs.h"
#include "driver/driver.h"
#include "driver/driver_internal.h"
#include "l10n/article_catalog.h"
#include "l10n/l10n.h"

namespace pp {

namespace fs = std::filesystem;

namespace {

// Writes `bytes` to site file `rel` unless a link is on the way.
WriteOutcome write_site_file(const fs::path& root, const std::string& rel, const std::string& bytes,
                             DiagnosticSink& sink) {
  if (refused_link(root, rel, sink)) return WriteOutcome::failed;
  std::string error;
  const WriteOutcome w = write_file_atomic(root / rel, bytes, error);
  if (w == WriteOutcome::failed) sink.error({rel, 0, 0}, "emit/write", "cannot write: " + error);
  return w;
}

// Loads the configuration and the bundles (their findings reported only with
// `report_content`); nullopt (the result stopped) when the configuration is
// unusable.
std::optional<std::pair<SiteConfig, Corpus>> load_site(const fs::path& root, CommandResult& result,
                                                       bool report_content) {
  auto config = load_site_config(root, result.diagnostics);
  if (!config) {
    result.stop(ErrorKind::configuration);
    return std::nullopt;
  }
  DiagnosticSink content;
  Corpus corpus = load_corpus(root, *config, content);
  if (report_content) result.diagnostics.merge(content);
  return std::make_pair(std::move(*config), std::move(corpus));
}

}  // namespace

namespace {

// `--from-translation`: a catalog for each Markdown translation of `b` that
// has none, its blocks aligned with the source's `segments` (ids set).
void seed_from_translations(const fs::path& root, const SiteConfig& config, const Bundle& b,
                            const std::vector<Segment>& segments, const std::string& pot,
                            I18nUpdateResult& result) {
  DiagnosticSink& sink = result.diagnostics;
  for (const auto& [lang, article] : b.articles) {
    const LanguageConfig* lc = config.language(lang);
    if (lang == b.source_lang || !lc) continue;
    const std::string rel = article_po_rel(lang, b.id());
    bool failed = false;
    if (read_article_catalog(root, rel, failed, sink) || failed) continue;  // never replaced
    auto full = read_article_body(root, article, sink);
    if (!full) continue;
    const std::vector<Segment> theirs = article_segments(*full);  // `aligned` points into it
    const auto aligned = align_translation(segments, theirs);
    std::map<std::string, std::pair<std::string, bool>> seeds;
    for (std::size_t i = 0; i < segments.size(); ++i)
      if (aligned[i].translation)
        seeds[segments[i].id] = {aligned[i].translation->text, !aligned[i].sure};
    const auto text = seed_article_catalog(pot, *lc, seeds, rel, article_pot_rel(b.id()), sink);
    if (!text || write_site_file(root, rel, *text, sink) == WriteOutcome::failed) continue;
    result.catalogs.push_back({rel, CatalogWritten::created, catalog_stats_of(*text)});
  }
}

}  // namespace

namespace {

// A bundle's template as written after refreshing it from its source.
struct Template {
  std::string rel, text;
  std::vector<Segment> segments;  ///< the source's, ids set
};

// Writes the template of `b` from its source, the ids of the one there kept
// by content (assign_segment_ids()); recorded in `result` (an unchanged one
// only when `list_unchanged`). Nullopt when the source or the old template
// cannot be read, or the template written.
std::optional<Template> refresh_template(const fs::path& root, const Bundle& b, bool list_unchanged,
                                         I18nUpdateResult& result) {
  DiagnosticSink& sink = result.diagnostics;
  const Article* source = b.source();
  if (!source) return std::nullopt;
  auto full = read_article_body(root, *source, sink);
  if (!full) return std::nullopt;
  Template t{article_pot_rel(b.id()), "", article_segments(*full)};
  bool failed = false;
  const auto old = read_article_catalog(root, t.rel, failed, sink);
  if (failed) return std::nullopt;
  const int next =
      assign_segment_ids(t.segments, old ? template_segments(*old) : std::vector<Segment>{},
                         old ? template_next_id(*old) : 1);
  std::string error;
  auto pot = format_article_pot(b.id(), source->path, t.segments, next, error);
  if (!pot) {
    sink.error({t.rel, 0, 0}, "emit/write", "cannot write: " + error);
    return std::nullopt;
  }
  t.text = std::move(*pot);
  const WriteOutcome w = write_site_file(root, t.rel, t.text, sink);
  if (w == WriteOutcome::failed) return std::nullopt;
  if (old && w != WriteOutcome::written && !list_unchanged) return t;
  result.catalogs.push_back({t.rel,
                             !old                         ? CatalogWritten::created
                             : w == WriteOutcome::written ? CatalogWritten::updated
                                                          : CatalogWritten::unchanged,
                             std::nullopt});
  return t;
}

}  // namespace

I18nUpdateResult run_i18n_extract_articles(const fs::path& root, bool from_translation) {
  I18nUpdateResult result;
  // An article with errors is not extracted, and says why.
  auto site = load_site(root, result, true);
  if (!site) return result;
  for (const auto& b : site->second.bundles) {
    const auto t = refresh_template(root, b, true, result);
    if (t && from_translation)
      seed_from_translations(root, site->first, b, t->segments, t->text, result);
  }
  return result;
}

NewResult run_i18n_apply_articles(const fs::path& root, const std::string& lang,
                                  const std::string& bundle_id) {
  NewResult result;
  DiagnosticSink& sink = result.diagnostics;
  auto site = load_site(root, result, false);
  if (!site) return result;
  const auto& [config, corpus] = *site;
  auto usage = [&](const std::string& why) {
    result.error = RunError{ErrorKind::usage, why};
    return result;
  };
  const Bundle* b = corpus.find(bundle_id);
  if (!b || !b->source()) return usage("no bundle '" + bundle_id + "' with one source file");
  if (!config.language(lang) || lang == b->source_lang)
    return usage("'" + lang + "' is not a language to translate " + bundle_id + " into");
  const std::string rel = b->dir + "/index." + lang + ".md";
  if (b->articles.count(lang)) return usage(rel + " exists; polypress never overwrites it");
  CatalogSource source;
  const auto t = catalog_translation(root, *b, lang, source, sink);
  if (!t) {
    if (!sink.has_errors()) return usage("there is no " + article_po_rel(lang, bundle_id));
    return result;
  }
  // The translation's own fields from the catalog; the body as assembled,
  // untranslated blocks in the source's words, for the translator to finish.
  Article as_source = *t;
  as_source.lang = b->source_lang;
  // content/ or the bundle folder a link would take the file out of the site.
  if (refused_link(root, rel, result.diagnostics)) return result;
  if (auto problem =
          create_new_file(root / rel, new_translation_front_matter(as_source) + t->body)) {
    result.error = std::move(problem);
    return result;
  }
  result.path = rel;
  return result;
}

I18nUpdateResult run_i18n_update_articles(const fs::path& root) {
  I18nUpdateResult result;
  DiagnosticSink& sink = result.diagnostics;
  // Catalogs are merged whatever the articles' own findings (validate's).
  auto site = load_site(root, result, false);
  if (!site) return result;
  const auto& [config, corpus] = *site;
  // A site translated in catalogs has templates; one that has none is told
  // how to start, and no catalog is made for it unasked.
  if (file_kind(root / "locales" / "articles") == FileKind::missing) {
    sink.error({"locales/articles", 0, 0}, "i18n/missing-pot",
               "there is no article template to merge; run polypress i18n extract --articles "
               "first");
    return result;
  }
  struct Merged {
    std::string rel, text;
    bool created;
  };
  std::vector<Merged> merged;
  for (const auto& b : corpus.bundles) {
    // The templates first, from the articles as they are now (as po4a does).
    const auto pot = refresh_template(root, b, false, result);
    if (!pot) continue;
    for (const auto& lang : config.languages) {
      if (lang.code == b.source_lang) continue;
      const std::string rel = article_po_rel(lang.code, b.id());
      bool failed = false;
      const auto old = read_article_catalog(root, rel, failed, sink);
      if (failed || (!old && b.articles.count(lang.code))) continue;
      auto text =
          merge_article_catalog(old ? &*old : nullptr, pot->text, lang, rel, pot->rel, sink);
      if (text) merged.push_back({rel, std::move(*text), !old});
    }
  }
  // A catalog msgmerge rejects stops the run before any catalog is touched.
  if (sink.has_errors()) return result;
  for (const auto& m : merged) {
    const WriteOutcome w = write_site_file(root, m.rel, m.text, sink);
    if (w == WriteOutcome::failed) continue;
    result.catalogs.push_back({m.rel,
                               m.created                    ? CatalogWritten::created
                               : w == WriteOutcome::written ? CatalogWritten::updated
                                                            : CatalogWritten::unchanged,
                               catalog_stats_of(m.text)});
  }
  return result;
}

}  // namespace pp
