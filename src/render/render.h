#pragma once
// Stage: view models → Mustache templates → bytes, for every page, feed and the sitemap.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "config/config.h"
#include "content/content.h"
#include "core/diagnostic.h"
#include "incremental/incremental.h"
#include "l10n/l10n.h"

namespace pp {

class KeptEntries;  // incremental/incremental.h

/// One file to write under an output folder: either `bytes`, or a copy of `copy_from`.
struct OutputFile {
  std::string path;  ///< relative to the output folder, '/'-separated
  std::string bytes;
  std::string copy_from;  ///< absolute path of a file to copy as it is
};

/// The HTML templates of pipeline/templates/html/, read and checked once.
class TemplateSet {
 public:
  /// Reads every *.mustache file of the site; every template it does not give
  /// is the built-in theme's. Errors (unreadable, a parse error, a raw
  /// `{{{…}}}` outside the allowed names) go to `sink` as template/... findings.
  static TemplateSet load(const std::filesystem::path& root, DiagnosticSink& sink);
  /// The text of template `name` (without .mustache), or nullptr.
  const std::string* find(const std::string& name) const;
  const std::map<std::string, std::string>& all() const { return templates_; }
  /// The file of template `name`: relative to the site root, or under theme/
  /// for a built-in one ("theme/templates/html/article.mustache").
  std::string path(const std::string& name) const;
  /// True when template `name` is the built-in theme's, not the site's.
  bool is_builtin(const std::string& name) const;
  /// The git blob id of template `name` with every partial it includes, at
  /// any depth: what decides whether an output made with it is still current.
  std::string digest(const std::string& name) const;
  /// Distinct for every loaded set: the key of parsed-template caches.
  std::uint64_t generation() const { return generation_; }
  /// The names of `extra:` values an HTML template puts at the start of a
  /// URL (`{{extra.site}}` in an href gives "site"; `{{url}}` inside
  /// `{{#extra.links}}` gives "url", `{{.}}` there "links"), each with the
  /// first place that does ("href of pipeline/templates/html/footer.mustache:2").
  const std::map<std::string, std::string>& extra_url_names() const { return url_names_; }

 private:
  // Reports values where none may stand (template/context, …), each
  // template read with its partials in place, and fills url_names_.
  // (template_places.cpp)
  void check_value_places(DiagnosticSink& sink);
  std::map<std::string, std::string> templates_;
  std::map<std::string, std::string> url_names_;
  std::set<std::string> builtin_;
  std::uint64_t generation_ = 0;
};

/// Test hook: while one exists, every rendered template reports the keys of
/// its view model here (all threads), by template name. At most one at a time.
class ViewKeysRecorder {
 public:
  ViewKeysRecorder();
  ~ViewKeysRecorder();
  ViewKeysRecorder(const ViewKeysRecorder&) = delete;
  ViewKeysRecorder& operator=(const ViewKeysRecorder&) = delete;
  /// Template name → the union of the keys of every view it was filled with.
  std::map<std::string, std::set<std::string>> keys() const;
};

/// One variable a template is given (docs/templates.md): the view it belongs
/// to ("article", "brief-email"), its key as recorded ("items[].href"), and
/// what it holds.
struct TemplateVariable {
  const char* view;
  const char* key;
  const char* meaning;
};

/// Every variable of every view, in the documentation's order.
const std::vector<TemplateVariable>& template_variables();

/// The templates each view renders with ("article" → article, with the
/// partials head, header, newsletter, article_list and footer).
const std::vector<std::pair<std::string, std::vector<std::string>>>& template_views();

/// docs/templates.md's generated part: per view, its templates and a table of
/// its variables.
std::string template_variables_markdown();

using LocaleMap = std::map<std::string, std::unique_ptr<Locale>>;

struct RenderOptions {
  /// What is published: --drafts, --future, --expired and the build's time
  /// (current_time_ms(); nullopt: no article is held back for its dates).
  Publishing publishing;
  std::vector<std::string> languages;  ///< languages to render; empty = all
  int jobs = 0;                        ///< worker threads; 0 = one per core
  /// Pieces of feeds and of the sitemap the last build kept (BuildPlan only;
  /// docs/incremental.md): used when made from the same, added to otherwise.
  KeptEntries* kept_entries = nullptr;
  /// The build's start by the file system's clock (file_system_clock_ns): a
  /// copied file changed as late as that (racy_stamp) is never recorded as
  /// current, so that a second edit within the same timestamp is copied too.
  std::optional<long long> file_system_clock_ns;
  /// serve's digests of what lists show of each bundle, by what the digest
  /// is made from (its articles' paths, stamps and visibility), kept from
  /// one build to the next under one identity; nullptr: made each build.
  std::unordered_map<std::string, std::string>* listing_digests = nullptr;
};

/// The folder an output goes to.
enum class OutputFolder { pages, mail };

/// One file a build writes.
struct PlannedOutput {
  OutputFolder folder = OutputFolder::pages;
  std::string path;  ///< relative to its folder, '/'-separated
};

/// What rendering one output gave: its bytes, the inputs it read and its
/// findings.
struct RenderedOutput {
  std::string bytes;
  std::vector<DependencyKey> dependencies;
  DiagnosticSink findings;
};

/// Outputs made together: an article's page and its email share one reading
/// and parse of the body.
struct RenderUnit {
  std::vector<PlannedOutput> outputs;
  /// Renders the outputs whose `wanted` flag is set into `out` (one per output).
  std::function<void(const std::vector<bool>& wanted, std::vector<RenderedOutput>& out)> make;
  /// The bundle whose article this unit renders (its page and email), or nullptr.
  const Bundle* bundle = nullptr;
  /// Its first output is something an email shows (an SVG's PNG): validate
  /// renders it with the emails, as its errors stop a build.
  bool shown_in_email = false;
};

class SiteModel;
class BuildCaches;

/// Everything a build writes, as units to render in any order on any thread:
/// the chooser and the sitemap; per language the home page, feed, section
/// pages, and for each visible article its page, its bundle files and its email.
/// It also knows what every input an output can read is now (DependencyValues).
class BuildPlan : public DependencyValues {
 public:
  BuildPlan(const std::filesystem::path& root, const SiteConfig& config, const Corpus& corpus,
            const LocaleMap& locales, const TemplateSet& templates, const RenderOptions& options);
  ~BuildPlan();
  BuildPlan(const BuildPlan&) = delete;
  BuildPlan& operator=(const BuildPlan&) = delete;

  const std::vector<RenderUnit>& units() const { return units_; }
  /// Adds a file copied as it is (pipeline/static/ files under assets/).
  void add_copy(OutputFolder folder, const std::string& path, const std::string& source);
  /// Adds a file of fixed bytes (a built-in theme's static file; the bytes
  /// change only with the program, which every build state records), made
  /// again when `replaced_by` (absolute: the site's file that would take its
  /// place) appears or goes.
  void add_bytes(OutputFolder folder, const std::string& path, const std::string& bytes,
                 const std::string& replaced_by);
  /// What dependency `key` is now, as a digest: the same as when an output was
  /// rendered exactly when what it read then is unchanged. Thread-safe.
  std::string value(const DependencyKey& key) const override;

 private:
  /// value() of a list or of every bundle, computed once.
  std::string list_value(const DependencyKey& key) const;
  /// The PNG of each SVG beside an article that its emails show, in each
  /// language (`wanted`) the article is published in.
  void add_email_pngs(const std::function<bool(const std::string&)>& wanted);
  /// The units of language `lang`'s pages, feeds and emails, in order.
  void plan_language(const std::string& lang, std::vector<RenderUnit>& units) const;
  /// The digests of every bundle (its files; what lists show of it) and
  /// template that value() looks up.
  void compute_digests(const Corpus& corpus, const TemplateSet& templates);
  /// The plan's own copy: the caller's options may be gone when units run.
  RenderOptions options_;
  /// What the plan lays out and values keys of: the outputs read them
  /// through model_.
  const Corpus& corpus_;
  const LocaleMap& locales_;
  const TemplateSet& templates_;
  std::unique_ptr<SiteModel> model_;
  std::unique_ptr<BuildCaches> caches_;  ///< what outputs share, made once
  std::vector<RenderUnit> units_;
  std::map<std::string, std::string, std::less<>> bundle_digests_;
  std::map<std::string, std::string, std::less<>> listing_digests_;  ///< listing_digest()
  std::vector<std::string> listing_by_index_;  ///< the same, by place in the corpus
  std::map<std::string, std::string, std::less<>> template_digests_;
  mutable std::mutex lists_mutex_;
  mutable std::map<std::string, std::string, std::less<>> list_digests_;
  std::string racy_token_;  ///< appended to a racy copied file's stamp
};

/// An ISO 8601 week, cut in the site's time zone.
struct IsoWeek {
  struct Day {
    int year = 0, month = 0, day = 0;
  };
  std::string label;                ///< "2026-W48"
  double start_ms = 0, end_ms = 0;  ///< Monday 00:00 and the next Monday 00:00, local
  Day first, last;                  ///< Monday and Sunday
};

/// The week `text` ("YYYY-Www") in `time_zone`; nullopt when it is malformed or
/// the year has no such week (a W53 of a 52-week year).
std::optional<IsoWeek> parse_iso_week(const std::string& text, const std::string& time_zone);

/// "2026-11-23 to 2026-11-29", for messages.
std::string week_range_text(const IsoWeek& week);

/// The weekly brief of `week` in each language (all, or options.languages):
/// `<lang>/brief-YYYY-Www.eml`. A language with no article that week gets no
/// brief and is listed in `empty_languages`; a brief that cannot be made (an
/// email/... finding in `sink`) is neither written nor listed.

std::vector<OutputFile> render_edition(const std::filesystem::path& root, const SiteConfig& config,
                                       const Corpus& corpus, const LocaleMap& locales,
                                       const TemplateSet& templates, const RenderOptions& options,
                                       const IsoWeek& week,
                                       std::vector<std::string>& empty_languages,
                                       DiagnosticSink& sink);

/// Why articles an editor would expect in `week` are not in its brief, for
/// edition/empty: drafts dated in the week, and articles whose date is in the
/// week as written (their own UTC offset) but not in the site's time zone.
/// "" when there are none; otherwise clauses joined by "; ".
std::string edition_week_notes(const Corpus& corpus, const SiteConfig& config, const IsoWeek& week);

/// An interface string translated by the code (not by a template).
struct CodeMessage {
  std::string msgid, plural, where;
  std::string note = {};     ///< for the translator (`#.` in the .pot): where readers see it
  std::string context = {};  ///< the msgctxt, where the msgid has another role too
};

/// The msgctxt of an article type's label ("Analysis"), which a section may
/// also be called (where another language says it in the plural).
inline constexpr const char* kArticleTypeContext = "article type";

/// Every string the code passes to tr(), tr_fill() or tr_n().
const std::vector<CodeMessage>& code_messages();

/// Every interface string of the site: templates' {{#t}}…{{/t}}, section titles
/// of site.yaml and the code's own, each once, with its references.
std::vector<CatalogMessage> extract_messages(const SiteConfig& config,
                                             const TemplateSet& templates);

/// The body of one article as HTML: internal links resolved for its language,
/// figures formatted by `locale`, GitHub-style ids on headings. With
/// `page_url` (for email), every link is absolute, bundle files and anchors
/// resolved against that page.
std::string render_body_html(const Article& article, const Corpus& corpus, const SiteConfig& config,
                             const Locale& locale, const std::string& page_url = "");

/// Numbered link references of a text part: "text [1]" … "[1] https://…".
struct LinkRefs {
  std::vector<std::string> urls;  ///< [n] is urls[n-1]
  /// The number of `url`, added when new.
  std::size_t number(const std::string& url);
};

/// The body of one article as plain text for email, from the same tree:
/// paragraphs wrapped at `width` columns (CJK counted double, URLs whole),
/// headings underlined, lists and quotes indented, code unwrapped, links as
/// "text [n]" numbered in `refs` (absolute URLs), figures formatted by `locale`.
std::string render_body_text(const Article& article, const Corpus& corpus, const SiteConfig& config,
                             const Locale& locale, const std::string& page_url, LinkRefs& refs,
                             std::size_t width = 72);

}  // namespace pp
