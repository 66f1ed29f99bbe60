// Translations assembled from article catalogs, added to the corpus before
// it is checked (docs/translators.md §3).
#include <unicode/locid.h>

#include <map>

#include "content/article_cache.h"
#include "core/file_io.h"
#include "core/limits.h"
#include "core/safe_fs.h"
#include "l10n/article_catalog.h"
#include "l10n/gettext_po.h"
#include "l10n/l10n.h"

namespace pp {

namespace fs = std::filesystem;

namespace {

// The bytes of site file `rel` when it is a regular file reached without a
// link; nullopt when there is none. A link or an unreadable file is an error.
std::optional<std::string> catalog_bytes(const fs::path& root, const std::string& rel,
                                         DiagnosticSink& sink) {
  if (const std::string link = link_on_way(root, rel); !link.empty()) {
    if (file_kind(root / link) != FileKind::missing)
      sink.error({rel, 0, 0}, "i18n/read",
                 "cannot read: " + link +
                     " is a link or a special file; polypress does not "
                     "read through it");
    return std::nullopt;
  }
  if (file_kind(root / rel) == FileKind::missing) return std::nullopt;
  const ReadResult r = read_file(root / rel, kMaxCatalogBytes);
  if (!r.ok) {
    sink.error({rel, 0, 0}, "i18n/read", "cannot read: " + r.error);
    return std::nullopt;
  }
  return r.bytes;
}

// msgid → msgstr of the usable entries, by msgctxt.
using Translations = std::map<std::string, std::pair<std::string, std::string>>;

std::optional<Translations> usable_entries(const std::string& po, const std::string& rel,
                                           DiagnosticSink& sink) {
  if (!catalog_stats_of(po)) {
    sink.error({rel, 0, 0}, "i18n/syntax", "msgfmt cannot read it; run polypress i18n check");
    return std::nullopt;
  }
  std::string error;
  const auto messages = read_po_messages(po, error);
  if (!messages) {
    sink.error({rel, 0, 0}, "i18n/syntax", "cannot read the catalog: " + error);
    return std::nullopt;
  }
  Translations out;
  for (const auto& m : *messages)
    if (!m.msgid.empty() && !m.obsolete && !m.fuzzy && !m.msgstr.empty())
      out[m.context] = {m.msgid, m.msgstr};
  return out;
}

}  // namespace

void add_catalog_translations(const fs::path& root, const SiteConfig& config, Corpus& corpus,
                              DiagnosticSink& sink) {
  for (auto& b : corpus.bundles) {
    const Article* source = b.source();
    if (!source) continue;
    std::optional<Article> full;  // the source's body, read once when needed
    std::vector<Segment> segments;
    for (const auto& lang : config.languages) {
      if (lang.code == b.source_lang || b.articles.count(lang.code)) continue;
      const std::string rel = article_po_rel(lang.code, b.id());
      const auto po = catalog_bytes(root, rel, sink);
      if (!po) continue;
      const auto translations = usable_entries(*po, rel, sink);
      if (!translations) continue;
      if (!full) {
        full = read_article_body(root, *source, sink);
        if (!full) break;
        segments = article_segments(*full);
        const auto pot = catalog_bytes(root, article_pot_rel(b.id()), sink);
        assign_segment_ids(segments, pot ? template_segments(*pot) : std::vector<Segment>{});
      }
      auto translation = [&](const Segment& s) -> const std::string* {
        const auto it = translations->find(s.id);
        return it != translations->end() && it->second.first == s.text ? &it->second.second
                                                                       : nullptr;
      };
      std::vector<std::string> refused;
      const std::string stamp = file_stamp((root / rel).string()) + "+" + source->stamp;
      const std::string dir = icu::Locale(b.source_lang.c_str()).isRightToLeft() ? "rtl" : "ltr";
      auto t =
          assembled_translation(*full, segments, translation, lang.code, rel, stamp, dir, refused);
      if (!t) continue;
      for (const auto& id : refused)
        sink.warning({rel, 0, 0}, "i18n/segment",
                     "the translation of '" + id +
                         "' is not one paragraph's text (a blank line, a list or a heading "
                         "marker?); the source's text is shown");
      const auto& info = *t->assembled;
      const int percent = info.segments ? info.translated * 100 / info.segments : 100;
      if (percent < config.min_complete) {
        sink.report({rel, 0, 0}, Severity::note, "i18n/incomplete",
                    std::to_string(percent) + " % translated, under translations.min_complete (" +
                        std::to_string(config.min_complete) + " %): not published in '" +
                        lang.code + "'");
        continue;
      }
      t->body_first_line = 1;
      b.articles.emplace(lang.code, std::move(*t));
    }
  }
}

}  // namespace pp
