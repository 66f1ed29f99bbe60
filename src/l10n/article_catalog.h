#pragma once
// Article bodies in catalogs (docs/translators.md, "Articles in catalogs"):
// one template per bundle from its source file, one catalog per language.

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "config/config.h"
#include "content/content.h"
#include "content/segments.h"
#include "core/diagnostic.h"

namespace pp {

/// "locales/articles/<section>/<slug>.pot"
std::string article_pot_rel(const std::string& bundle_id);
/// "locales/<lang>/articles/<section>/<slug>.po"
std::string article_po_rel(const std::string& lang, const std::string& bundle_id);

/// The languages of `config` that have a `locales/<lang>/articles/` (of any
/// kind: a link there is refused when a catalog in it is read). Most sites
/// have none, and catalogs are then looked for nowhere.
std::vector<std::string> languages_with_article_catalogs(const std::filesystem::path& root,
                                                         const SiteConfig& config);

/// The bytes of site file `rel` (a template or catalog): nullopt when there is
/// none; an i18n/read error, nullopt and `failed` when it is reached through a
/// link or cannot be read.
std::optional<std::string> read_article_catalog(const std::filesystem::path& root,
                                                const std::string& rel, bool& failed,
                                                DiagnosticSink& sink);

/// The template of bundle `bundle_id` whose source file is `source_path`:
/// a header (with `next_id`, the next free segment number), then one entry
/// per segment — `#.` its note, `#:` its line, msgctxt its id — written by
/// libgettextpo. Nullopt with `error` when the library refuses it.
std::optional<std::string> format_article_pot(const std::string& bundle_id,
                                              const std::string& source_path,
                                              const std::vector<Segment>& segments, int next_id,
                                              std::string& error);

/// The segments a template holds (ids, texts and kinds), for
/// assign_segment_ids(); empty when `pot` is not a readable catalog.
std::vector<Segment> template_segments(const std::string& pot);

/// The next free segment number a template records (1 when it has none).
int template_next_id(const std::string& pot);

/// A language's catalog of an article merged with its template (`pot`,
/// checked): an entry whose id the template has with a changed text keeps
/// its translation, fuzzy, with the text it translated as `#|` — however
/// much the text changed — then GNU msgmerge --previous does the rest (new
/// entries untranslated, vanished ones obsolete). `old` nullptr: a new
/// catalog with the language's header. Problems are errors at `rel` (or at
/// `pot_rel`).
std::optional<std::string> merge_article_catalog(const std::string* old, const std::string& pot,
                                                 const LanguageConfig& lang, const std::string& rel,
                                                 const std::string& pot_rel, DiagnosticSink& sink);

/// What the translations of one bundle share: its source's body and
/// segments, read once.
struct CatalogSource {
  std::optional<Article> full;
  std::vector<Segment> segments;
  bool unreadable = false;  ///< its body could not be read, or was refused: not tried again
};

/// The translation of bundle `b` (it has one source) into `lang` assembled
/// from locales/<lang>/articles/<section>/<slug>.po, or nullopt when there
/// is no such catalog (or it cannot be read: an error). Segment ids come
/// from the bundle's template, else are numbered afresh; only entries
/// translated, not fuzzy, for the text the source has now are used.
std::optional<Article> catalog_translation(const std::filesystem::path& root, const Bundle& b,
                                           const std::string& lang, CatalogSource& source,
                                           DiagnosticSink& sink);

/// A new catalog of `lang` for template `pot` with `seeds` (msgctxt →
/// (msgstr, fuzzy)), as `i18n update --articles` would write it.
std::optional<std::string> seed_article_catalog(
    const std::string& pot, const LanguageConfig& lang,
    const std::map<std::string, std::pair<std::string, bool>>& seeds, const std::string& rel,
    const std::string& pot_rel, DiagnosticSink& sink);

/// Adds to `corpus` the translations assembled from catalogs: for each bundle
/// with one source and each configured language it has no file in, the
/// catalog locales/<lang>/articles/<section>/<slug>.po when there is one
/// (assembled_translation(); ids from the bundle's template, else numbered
/// afresh). Only entries translated, not fuzzy, for the text the source has
/// now are used. One below `min_complete` % is left out with a note
/// (i18n/incomplete); a catalog msgfmt rejects, or one reached through a
/// link, is an error at its path.
void add_catalog_translations(const std::filesystem::path& root, const SiteConfig& config,
                              Corpus& corpus, DiagnosticSink& sink);

}  // namespace pp
