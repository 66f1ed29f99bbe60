#pragma once
// Stage: one Locale per configured language — ICU formatters and the compiled
// gettext catalog, looked up through Boost.Locale.

#include <filesystem>
#include <locale>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "config/config.h"
#include "content/content.h"
#include "core/date.h"
#include "core/diagnostic.h"

#include <unicode/uversion.h>

U_NAMESPACE_BEGIN
class DateFormat;
namespace number {
class LocalizedNumberFormatter;
}
U_NAMESPACE_END

namespace pp {

/// A piece of a formatted list: an item, or the locale's words between items.
struct ListPart {
  std::string text;
  bool item = false;
};

/// Everything language-specific a page needs: interface strings and formats.
/// Number formatting is thread-safe; date formatting is serialized internally.
class Locale {
 public:
  /// Builds the formatters for `lang`. `mo` is the compiled catalog (may be empty:
  /// then msgids are shown as they are).
  Locale(const SiteConfig& config, const LanguageConfig& lang, const std::string& mo);
  ~Locale();
  Locale(const Locale&) = delete;
  Locale& operator=(const Locale&) = delete;

  const std::string& code() const { return code_; }
  /// "rtl" when ICU says the locale's script is right-to-left, else "ltr".
  const std::string& dir() const { return dir_; }
  /// True for Korean, written with spaces between words that must never be
  /// broken inside (CSS word-break: keep-all).
  bool keeps_words_whole() const { return code_ == "ko" || code_.starts_with("ko-"); }
  /// Open Graph locale, language_TERRITORY with likely subtags ("ko_KR").
  const std::string& og_locale() const { return og_locale_; }
  /// The git blob id of the compiled catalog: changes when a translation does.
  const std::string& catalog_digest() const { return catalog_digest_; }

  /// The catalog's translation of `msgid`, or `msgid` itself.
  std::string tr(const std::string& msgid) const;
  /// The catalog's translation of `msgid` in `context` (its msgctxt); a
  /// catalog that translates `msgid` only without one (written before the
  /// context was given) gives that.
  std::string tr_ctx(const std::string& context, const std::string& msgid) const;
  /// The plural form for `n` of the catalog's translation.
  std::string tr_n(const std::string& singular, const std::string& plural, long n) const;
  /// tr() with `{name}` placeholders filled.
  std::string tr_fill(const std::string& msgid,
                      const std::map<std::string, std::string>& values) const;

  /// ICU's LONG date style in the site's time zone.
  std::string format_date(const Date& d) const;
  /// Two dates as one range through ICU's DateIntervalFormat (skeleton yMMMMd,
  /// in the site's time zone): "2026년 11월 23일~29일", "November 23 – 29, 2026".
  std::string format_date_interval(const Date& from, const Date& to) const;
  /// A number through an ICU number skeleton; nullopt when ICU rejects the skeleton.
  std::optional<std::string> format_skeleton(double value, const std::string& skeleton) const;
  /// A front matter figure (docs/spec.md §3 styles); nullopt when its format is invalid.
  std::optional<std::string> format_figure(const Figure& f) const;
  /// An integer, grouped for the locale.
  std::string format_integer(long long n) const;
  /// A count inside an interface string ("{count} articles"), formatted as ICU
  /// MessageFormat formats '#' in a plural message for the locale.
  std::string format_count(long long n) const;
  /// An amount of money in its currency's own digits.
  std::string format_currency(double amount, const std::string& currency) const;
  /// "a, b and c" through ICU's ListFormatter.
  std::string format_list(const std::vector<std::string>& items) const;
  /// format_list() split into items and glue, so each item can be isolated
  /// (`<bdi>`) where it is shown.
  std::vector<ListPart> format_list_parts(const std::vector<std::string>& items) const;
  /// The CLDR plural category of a number ("one", "few", ...).
  std::string plural_category(double n) const;
  /// The locale's CLDR plural categories, in ICU's order.
  std::vector<std::string> plural_categories() const;

 private:
  std::string code_, dir_, og_locale_, catalog_digest_;
  std::string icu_locale_;
  std::locale messages_;
  std::string time_zone_;
  std::unique_ptr<icu::DateFormat> date_format_;
  mutable std::mutex date_mutex_;
  mutable std::map<std::string, std::string> formatted_dates_;  ///< by Date::text
  mutable std::mutex number_mutex_;
  /// By skeleton; null for a skeleton ICU rejects.
  mutable std::map<std::string, std::unique_ptr<icu::number::LocalizedNumberFormatter>>
      number_formatters_;
};

/// The ICU skeleton of a figure style, or the style itself when it is a skeleton.
std::string figure_skeleton(const Figure& f);

/// The CLDR plural categories a whole number can select in `icu_locale`, in
/// CLDR order (zero, one, two, few, many, other): gettext's plural forms, whose
/// `n` is always a whole number ("ru": one, few, many).
std::vector<std::string> integer_plural_categories(const std::string& icu_locale);

/// A gettext Plural-Forms value equivalent to the locale's CLDR rules for whole
/// numbers, form i being the i-th of integer_plural_categories():
/// "nplurals=2; plural=(n == 1 ? 0 : 1);". With `forms` (one per category, in
/// that order) and `nplurals`, category i gets form forms[i] instead: the
/// same rules in a catalog's own order of forms.
std::string gettext_plural_forms(const std::string& icu_locale, const std::vector<int>& forms = {},
                                 int nplurals = 0);

struct PoEntry;

/// What a catalog's Plural-Forms does to every whole number, judged against
/// CLDR by outcome: the expression is evaluated by msgfmt and Boost.Locale, as
/// pages will use it, for 0..1000 and large numbers.
struct PluralFormsVerdict {
  /// Some whole number gets a form that another category uses, or the header
  /// cannot be read: the numbers, the forms and what CLDR says.
  std::optional<std::string> error;
  /// Correct for every whole number, with forms no whole number uses
  /// (Transifex's fraction form) or with CLDR's large-number category sharing
  /// "other"'s form (the Romance "many"): what those forms are for.
  std::optional<std::string> note;
  /// Forms no whole number gets (Transifex's fraction form): an empty one
  /// shows nowhere.
  std::vector<int> fraction_forms;
  /// With an error: a correct header ("Plural-Forms: …")…
  std::string suggestion;
  /// …and what it means for the entries: "(your msgstr[] keep their
  /// numbers)", or which msgstr[i] moves where and which are to be written.
  std::string renumbering;
  /// Where each msgstr[i] of the suggested header comes from (empty when the
  /// header was unreadable): `from` the old form index, `exact` false when
  /// the form is new and `from` is only the form its numbers got until now.
  struct Slot {
    int from = -1;
    bool exact = true;
    std::string category;  ///< CLDR's, when the form is one's own
    /// The old forms the category's numbers got: a new form is a guess only
    /// in an entry whose texts differ among them.
    std::vector<int> shown = {};
  };
  std::vector<Slot> slots;
  /// When the header could be evaluated: CLDR category → form → the sampled
  /// whole numbers the header gives that form.
  std::map<std::string, std::map<int, std::vector<long>>> forms;
};

/// A header judged wrong (`v.error`) by what readers would see in the
/// catalog's `entries`: the first translated plural entry (not fuzzy, every
/// form written) that shows numbers of one CLDR category different texts,
/// said with its line in `line`;
/// nullopt when no entry does, so that the header changes nothing a reader
/// sees (yet).
std::optional<std::string> plural_outcome_error(const PluralFormsVerdict& v,
                                                const std::vector<PoEntry>& entries, int& line);

/// Judges `plural_forms` (the header's value) for `lang`.
PluralFormsVerdict judge_plural_forms(const SiteConfig& config, const LanguageConfig& lang,
                                      const std::string& plural_forms);

/// judge_plural_forms()'s error alone.
std::optional<std::string> check_plural_forms(const SiteConfig& config, const LanguageConfig& lang,
                                              const std::string& plural_forms);

/// The site-relative name of `lang`'s catalog: `locales/<lang>.po`, or when
/// that does not exist a catalog named with the POSIX form of the language
/// (`locales/pt_BR.po` for pt-BR, `sr@latin.po` for sr-Latn).
std::string catalog_rel(const std::filesystem::path& root, const std::string& lang);

/// Where `locales/<lang>.po` (as catalog_rel() names it) really is: the path itself, or, when it is
/// a symbolic link, its target if that is a regular file in the site's `locales/` folder (read and
/// written through the link). nullopt with `error` when the link leads anywhere else.
std::optional<std::filesystem::path> catalog_file(const std::filesystem::path& root,
                                                  const std::string& lang, std::string& error);

/// Compiles `locales/<lang>.po` with msgfmt into .mo bytes. A missing catalog is a
/// warning (nullopt, msgids shown); msgfmt's complaints become located errors.
std::optional<std::string> compile_catalog(const std::filesystem::path& root,
                                           const std::string& lang, DiagnosticSink& sink);

/// All configured languages' locales, by code, each catalog checked as
/// `i18n check` checks it (check_catalog). Errors go to `sink`.
std::map<std::string, std::unique_ptr<Locale>> load_locales(const std::filesystem::path& root,
                                                            const SiteConfig& config,
                                                            DiagnosticSink& sink);

/// One interface string for the .pot: msgid, optional plural, source references.
struct CatalogMessage {
  std::string msgid, plural;
  std::vector<std::string> references;  ///< "path:line"
  std::string note = {};                ///< for the translator (`#.`)
  std::string context = {};             ///< the msgctxt, "" for none
};

/// How a catalog's entry is told from others: its msgid, after its msgctxt
/// and U+0004 when it has one (as in a compiled catalog).
std::string catalog_key(const std::string& context, const std::string& msgid);

/// A complete gettext template (header and entries, in the given order), with
/// PO escaping; no creation date, so the same messages give the same bytes.
std::string format_pot(const std::vector<CatalogMessage>& messages);

/// `i18n check` for one language's catalog: msgfmt --check's findings
/// (i18n/syntax), a Plural-Forms header missing or whose nplurals differs from
/// the language's CLDR plural categories (i18n/plural-forms), and translations
/// whose {placeholders} differ from the msgid's (i18n/placeholder). Plural
/// indexes out of range are among msgfmt's findings. All at their .po line.
/// Returns the compiled .mo bytes, as compile_catalog does.
std::optional<std::string> check_catalog(const std::filesystem::path& root,
                                         const SiteConfig& config, const LanguageConfig& lang,
                                         DiagnosticSink& sink);

/// The msgids of a .po or .pot text (header and obsolete entries left out),
/// read with the same reader as `i18n check`.
std::set<std::string> catalog_msgids(const std::string& po_text);

/// Interface-string counts of one catalog, as GNU msgfmt --statistics counts them.
struct CatalogStats {
  int translated = 0, fuzzy = 0, untranslated = 0;
  int obsolete = 0;  ///< "#~" entries msgmerge kept
};

/// The counts of a catalog's text; nullopt when msgfmt rejects it.
std::optional<CatalogStats> catalog_stats_of(const std::string& po_text);

/// A catalog as `i18n update` would write it.
struct CatalogUpdate {
  std::string text;
  std::filesystem::path file;  ///< where to write it: the catalog, or the file its link names
  bool created = false;        ///< there was no catalog: made from the template
  int from_theme = 0;          ///< entries translated from the built-in theme's catalog
};

/// `po` (msgmerge's output) with each entry msgmerge matched only because a
/// msgctxt was added to the same msgid (its `#|` previous msgid the same,
/// without a context) kept translated: not fuzzy, no `#|` lines. A catalog
/// made before a context was given keeps showing its translation.
std::string keep_context_only_matches(const std::string& po);

/// locales/polypress.pot merged into locales/<lang>.po by GNU msgmerge
/// (--previous): translations, comments, flags and obsolete entries kept, new
/// strings added, vanished ones made obsolete, near matches fuzzy. A missing
/// catalog is made from the template with Language and CLDR Plural-Forms
/// filled in. Entries with no translation that the built-in theme translates
/// for this language take its translation (theme/locales/). Nothing is
/// written; msgmerge's complaints are located errors.
std::optional<CatalogUpdate> merge_catalog(const std::filesystem::path& root,
                                           const LanguageConfig& lang, DiagnosticSink& sink);

/// `i18n update --fix-plural-forms`: when `update`'s Plural-Forms gives some
/// whole number the wrong form, its text is rewritten for the suggested
/// header (renumber_plural_forms: msgstr[] moved, guessed forms fuzzy) and a
/// note (i18n/plural-forms-fixed) at `rel` says what changed; an error (and
/// `update` as it was) when the header cannot be read well enough to renumber.
void fix_plural_forms(const SiteConfig& config, const LanguageConfig& lang, const std::string& rel,
                      CatalogUpdate& update, DiagnosticSink& sink);

/// gettext tools' "PATH:LINE[:COL]: message" lines as errors of `rule`, for
/// the (path as the tool printed it, site-relative path) pairs in `files`.
void report_gettext_errors(const std::string& tool_stderr,
                           const std::vector<std::pair<std::string, std::string>>& files,
                           const std::string& rule, DiagnosticSink& sink);

/// The counts of `locales/<lang>.po`; nullopt when the catalog is missing or
/// msgfmt rejects it.
std::optional<CatalogStats> catalog_stats(const std::filesystem::path& root,
                                          const std::string& lang);

/// Where a bundle stands in one language (docs/spec.md §6 `translations`).
/// `catalog`: no Markdown file, an article catalog (docs/translators.md §3).
enum class TranslationState { source, up_to_date, stale, unstamped, missing, catalog };

/// "source", "up to date", "stale", "unstamped", "missing" or "catalog".
const char* translation_state_name(TranslationState s);

/// One bundle's state in every configured language, in configuration order.
struct TranslationRow {
  std::string bundle;
  std::vector<std::pair<std::string, TranslationState>> states;
  /// The segment counts of the languages in state `catalog`.
  std::map<std::string, CatalogStats> catalogs;
};

/// The matrix of every bundle with a source: a translation is up to date when its
/// source_digest is the git blob id of the source file's bytes as they are now.
std::vector<TranslationRow> translation_matrix(const std::filesystem::path& root,
                                               const SiteConfig& config, const Corpus& corpus);

/// `bytes` of an article with `source_digest: DIGEST` set in its front matter:
/// the existing line replaced, or a line added before the closing `---`; the
/// draft line `new --lang` wrote (kInProgressLine) taken out. Every other byte
/// (BOM, line ends, comments, order) is kept. nullopt when the file has no
/// front matter block.
std::optional<std::string> stamp_front_matter(const std::string& bytes, const std::string& digest);

/// One change of a source article between the translated version and now.
struct SourceChange {
  enum Kind { changed, added, removed } kind;
  std::string key;   ///< the front matter key, or empty for body paragraphs
  int old_line = 0;  ///< first line in the old version (0: added)
  int line = 0;      ///< first line in the current version (0: removed)
  std::vector<std::string> old_lines, new_lines;
};

/// What changed from `old_bytes` to `new_bytes` of a source article, by front
/// matter key and by paragraph (blocks between blank lines), in file order.
/// Unchanged paragraphs are left out; a run of edited paragraphs is one change.
std::vector<SourceChange> diff_source(const std::string& old_bytes, const std::string& new_bytes);

/// Checks that every figure's format is one ICU accepts (figure/format errors).
void check_figure_formats(const Corpus& corpus, DiagnosticSink& sink);

/// check_figure_formats() of one bundle (safe on several threads at once).
void check_bundle_figure_formats(const Bundle& b, DiagnosticSink& sink);

}  // namespace pp
