// Translations assembled from article catalogs, added to the corpus before
// it is checked (docs/translators.md §3).
#include <unicode/locid.h>

#include <algorithm>
#include <iterator>
#include <map>
#include <set>

#include "content/article_cache.h"
#include "content/html_sanitizer.h"
#include "core/text.h"
#include "l10n/article_catalog.h"
#include "l10n/gettext_po.h"
#include "l10n/l10n.h"
#include "l10n/po_file.h"

namespace pp {

namespace fs = std::filesystem;

namespace {

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

// The {{…}} tokens and footnote references ([^label]) of a text, sorted.
std::multiset<std::string> tokens_of(const std::string& text) {
  std::multiset<std::string> out;
  for (std::size_t at = 0; (at = text.find("{{", at)) != std::string::npos;) {
    const auto end = text.find("}}", at);
    if (end == std::string::npos) break;
    out.insert(text.substr(at, end + 2 - at));
    at = end + 2;
  }
  // A label has no space or bracket; an escaped "\[^" is text.
  for (std::size_t at = 0; (at = text.find("[^", at)) != std::string::npos; at += 2) {
    if (at > 0 && text[at - 1] == '\\') continue;
    const auto end = text.find_first_of("] \t\n[", at + 2);
    if (end == std::string::npos || text[end] != ']' || end == at + 2) continue;
    out.insert(text.substr(at, end + 1 - at));
  }
  return out;
}

// A translation keeps its segment's {{fig:…}} tokens, as a catalog keeps
// its {placeholders}: one that loses or adds one is an error at its msgstr.
// Where each entry's msgid and msgstr are in the catalog, by msgctxt.
using EntryLines = std::map<std::string, std::pair<int, int>>;

// A translated raw HTML block keeps its tags as written, in order (the tags
// are the author's; see replace_html_block()): one that leaves a tag open or
// closes another would change the blocks after it.
bool check_elements(const Segment& s, const std::string& translated, const std::string& rel,
                    const EntryLines& lines, DiagnosticSink& sink) {
  if (s.kind != SegmentKind::html) return true;
  const std::string want = raw_html_tags(s.text), got = raw_html_tags(translated);
  if (want == got) return true;
  // Shown from the first tag that differs.
  std::size_t from = 0;
  for (std::size_t k = 0; k < want.size() && k < got.size() && want[k] == got[k]; ++k)
    if (want[k] == ' ') from = k + 1;
  auto from_there = [&](const std::string& tags) {
    return tags.size() <= from ? std::string("nothing more")
                               : (from ? "… " : "") + quote_for_message(tags.substr(from), 100);
  };
  const auto at = lines.find(s.id);
  sink.error({rel, at == lines.end() ? 0 : at->second.second, 1}, "i18n/placeholder",
             "the translation of '" + s.id +
                 "' must keep the source's raw HTML tags as written, in order: " +
                 from_there(want) + ", not " + from_there(got) + "; the source's text is shown");
  return false;
}

// Checks every usable translation of `segments`; the ids of those it
// reported are returned (not reported again as not usable).
std::set<std::string> check_tokens(const std::vector<Segment>& segments,
                                   const Translations& translations, const std::string& rel,
                                   const EntryLines& lines, DiagnosticSink& sink) {
  std::set<std::string> reported;
  for (const auto& s : segments) {
    const auto it = translations.find(s.id);
    if (it == translations.end() || it->second.first != s.text) continue;
    if (!check_elements(s, it->second.second, rel, lines, sink)) reported.insert(s.id);
    const auto want = tokens_of(s.text), got = tokens_of(it->second.second);
    if (want == got) continue;
    std::vector<std::string> missing, added;
    std::set_difference(want.begin(), want.end(), got.begin(), got.end(),
                        std::back_inserter(missing));
    std::set_difference(got.begin(), got.end(), want.begin(), want.end(),
                        std::back_inserter(added));
    auto list = [](const std::vector<std::string>& t) {
      std::string out;
      for (const auto& x : t) out += (out.empty() ? "" : " ") + x;
      return quote_for_message(out, 200);
    };
    std::string message = "the translation of '" + s.id +
                          "' must keep its text's {{…}} tokens and [^note] references:";
    if (!missing.empty()) message += " missing " + list(missing);
    if (!added.empty())
      message += std::string(missing.empty() ? "" : ";") + " not in the text " + list(added);
    const auto at = lines.find(s.id);
    sink.error({rel, at == lines.end() ? 0 : at->second.second, 1}, "i18n/placeholder", message);
  }
  return reported;
}

// Why a translation of kind `kind` could not be used.
std::string why_refused(SegmentKind kind) {
  switch (kind) {
    case SegmentKind::html:
      return "is not one raw HTML block with words (a blank line ends the block)";
    case SegmentKind::image_title:
      return "has no words";
    default:
      return "is not one paragraph's text with words (a blank line, a list or heading marker, "
             "only tokens?)";
  }
}

}  // namespace

std::optional<Article> catalog_translation(const fs::path& root, const Bundle& b,
                                           const std::string& lang, CatalogSource& source,
                                           DiagnosticSink& sink) {
  const std::string rel = article_po_rel(lang, b.id());
  bool failed = false;
  const auto po = read_article_catalog(root, rel, failed, sink);
  if (!po) return std::nullopt;
  const auto translations = usable_entries(*po, rel, sink);
  if (!translations) return std::nullopt;
  if (source.unreadable) return std::nullopt;
  if (!source.full) {
    source.full = read_article_body(root, *b.source(), sink);
    // A source body that cannot be read (or is refused) is read once, not
    // once per catalog language.
    source.unreadable = !source.full;
    if (!source.full) return std::nullopt;
    source.segments = article_segments(*source.full);
    const auto pot = read_article_catalog(root, article_pot_rel(b.id()), failed, sink);
    assign_segment_ids(source.segments, pot ? template_segments(*pot) : std::vector<Segment>{},
                       pot ? template_next_id(*pot) : 1);
  }
  auto translation = [&](const Segment& s) -> const std::string* {
    const auto it = translations->find(s.id);
    return it != translations->end() && it->second.first == s.text ? &it->second.second : nullptr;
  };
  std::vector<std::string> refused;
  EntryLines lines;
  const auto entries = read_po(*po);
  for (const auto& e : entries)
    if (!e.msgid.empty())
      lines[e.context] = {e.line, e.msgstr_lines.empty() ? e.line : e.msgstr_lines.front()};
  // A control character or an unclosed bidi control, as in interface
  // catalogs: a body refuses them, and a translation must not slip them in.
  check_catalog_characters(entries, rel, sink);
  const auto reported = check_tokens(source.segments, *translations, rel, lines, sink);
  // What the translation is made of: the catalog, the template whose ids it
  // matches against the source's segments (a .pot edited alone re-pairs
  // them), and the source.
  const std::string stamp = file_stamp((root / rel).string()) + "+" +
                            file_stamp((root / article_pot_rel(b.id())).string()) + "+" +
                            b.source()->stamp;
  const std::string dir = icu::Locale(b.source_lang.c_str()).isRightToLeft() ? "rtl" : "ltr";
  auto catalog_line = [&](const std::string& id, bool translated) {
    const auto it = lines.find(id);
    return it == lines.end() ? 0 : translated ? it->second.second : it->second.first;
  };
  std::vector<OverLimit> over_limits;
  auto t = assembled_translation(*source.full, source.segments, translation, lang, rel, stamp, dir,
                                 catalog_line, refused, &over_limits);
  // An entry over a body's limits is an error at its msgstr, as the body
  // would be at its line; the source's text is shown in its place.
  for (const auto& o : over_limits)
    sink.error({rel, catalog_line(o.id, true), 1}, o.rule,
               "the translation of '" + o.id + "': " + o.message + "; the source's text is shown");
  for (const auto& id : refused)
    if (!reported.count(id))
      sink.warning({rel, catalog_line(id, true), 1}, "i18n/segment",
                   "the translation of '" + id + "' " + why_refused(segment_kind_of_id(id)) +
                       "; the source's text is shown");
  return t;
}

void add_catalog_translations(const fs::path& root, const SiteConfig& config, Corpus& corpus,
                              DiagnosticSink& sink) {
  const std::vector<std::string> with_catalogs = languages_with_article_catalogs(root, config);
  if (with_catalogs.empty()) return;
  for (auto& b : corpus.bundles) {
    if (!b.source()) continue;
    CatalogSource source;  // the source's body, read once when needed
    for (const auto& code : with_catalogs) {
      if (code == b.source_lang || b.articles.count(code)) continue;
      auto t = catalog_translation(root, b, code, source, sink);
      if (!t) continue;
      const auto& info = *t->assembled;
      // Words, as pocount and Weblate count them: ten translated table
      // cells are not most of an article.
      const std::size_t percent =
          info.words      ? info.words_translated * 100 / info.words
          : info.segments ? static_cast<std::size_t>(info.translated * 100 / info.segments)
                          : 100;
      if (percent < static_cast<std::size_t>(config.min_complete)) {
        sink.report({t->path, 0, 0}, Severity::note, "i18n/incomplete",
                    std::to_string(percent) +
                        " % of the words translated, under "
                        "translations.min_complete (" +
                        std::to_string(config.min_complete) + " %): not published in '" + code +
                        "'");
        continue;
      }
      b.articles.emplace(code, std::move(*t));
    }
  }
}

}  // namespace pp
