#pragma once
// The order of the stages. Every command is a thin function over these that
// returns its own result: data, findings and the kind of a stopping error
// (core/command_result.h). Printing is the command line's (src/cli/).

#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "content/loaded_bundles.h"
#include "core/command_result.h"
#include "core/diagnostic.h"
#include "core/site_layout.h"
#include "emit/emit.h"
#include "l10n/l10n.h"

namespace pp {

struct ValidateOptions {
  std::filesystem::path root = ".";
  std::vector<std::string> files;  ///< report only these files (relative to root or cwd)
  int jobs = 0;                    ///< parallel readers; 0 = one per core
  ConfigOverrides overrides;       ///< --env, --base-url
};

struct CheckOptions {
  std::filesystem::path root = ".";
  std::vector<std::string> files;  ///< report only these files
  int jobs = 0;
  bool external = false;      ///< fetch every http(s) URL
  bool use_cache = true;      ///< .polypress/links.sqlite
  ConfigOverrides overrides;  ///< --env, --base-url
  /// Progress of the external check: done, total, failing so far.
  std::function<void(std::size_t, std::size_t, std::size_t)> progress;
};

struct IncrementalState;  // incremental/incremental.h
struct RenderInputs;      // driver/driver_internal.h

/// What a long-running process (serve) keeps from one build to the next
/// (docs/serve.md, "What serve keeps in memory").
struct BuildMemory {
  BuildMemory();
  BuildMemory(const BuildMemory&) = delete;
  BuildMemory& operator=(const BuildMemory&) = delete;
  ~BuildMemory();

  LoadedBundles bundles;  ///< told of every change under content/ by its owner
  std::string identity;   ///< the build identity they were read under
  /// The incremental state as the last build left it, and the stamp of
  /// .polypress/build.sqlite when it did: used while the file has that stamp
  /// (no other process wrote it since). nullptr: read from the file.
  std::unique_ptr<IncrementalState> state;
  std::string state_stamp;
  /// Every output of the last build (absolute, sorted) when tidying its
  /// folders found nothing to report; empty otherwise. A build from memory
  /// that produces the same files has nothing to tidy.
  std::vector<std::string> produced;
  /// What lists show of each bundle, by what that is made from
  /// (RenderOptions::listing_digests).
  std::unordered_map<std::string, std::string> listing_digests;
  /// The catalogs and templates of the last build that succeeded, with what
  /// loading them reported; used while `others_changed` is false.
  std::unique_ptr<RenderInputs> inputs;
  DiagnosticSink inputs_findings;
  /// A file outside content/ changed since the kept catalogs and templates
  /// were loaded (told by the owner, as the bundles' changes are); cleared
  /// by a build that succeeds with catalogs and templates read anew.
  bool others_changed = false;

  /// A file or folder at `rel` (relative to the site root) changed: what
  /// was read from it is read again by the next build.
  void changed(const std::string& rel);
  /// Changes were missed (the watcher's queue overflowed): everything is
  /// read again.
  void changed_all();

  /// Frees `garbage` (a build's corpus and plan) on another thread, while the
  /// next edit is awaited.
  void free_later(std::vector<std::shared_ptr<void>> garbage);

 private:
  std::thread freeing_;
};

struct BuildOptions {
  std::filesystem::path root = ".";
  std::filesystem::path out_dir = kDefaultOutFolder;  ///< relative paths are under root
  std::filesystem::path mail_dir = kDefaultMailFolder;
  std::vector<std::string> languages;    ///< empty: all configured
  int jobs = 0;                          ///< 0: one per core
  Publishing publishing;                 ///< --drafts, --future, --expired (the time: the build's)
  ConfigOverrides overrides;             ///< --env, --base-url
  int shard_index = 1, shard_count = 1;  ///< --shard K/N
  /// --clean: every file of the output folders the build does not produce is
  /// removed (docs/incremental.md, "Outputs no longer produced").
  bool clean = false;
  /// --explain: why each output is rendered or removed (BuildResult::explained).
  bool explain = false;
  /// The process exits when the build returns (the command line): what the
  /// build built up is not freed piece by piece.
  bool process_exits = false;
  /// serve's memory (nullptr: everything is read from the files and the state).
  BuildMemory* memory = nullptr;
  /// Called while files are rendered, from any thread, with how many of those
  /// to render are done (not called when nothing is to be rendered).
  std::function<void(std::size_t done, std::size_t total)> progress;
};

struct EditionOptions {
  std::filesystem::path root = ".";
  std::filesystem::path mail_dir = kDefaultMailFolder;  ///< relative paths are under root
  std::string week;                                     ///< "YYYY-Www"
  std::vector<std::string> languages;                   ///< empty: all configured
  ConfigOverrides overrides;                            ///< --env, --base-url
};

/// What validate found.
struct ValidateResult : CommandResult {};

/// What check found; with --external, how many URLs it asked about.
struct CheckResult : ValidateResult {
  std::size_t urls = 0, urls_cached = 0;  ///< unique URLs, answered by the cache
};

/// Why a build rendered or removed an output, or did what it did (build
/// --explain).
struct Explained {
  std::string output;  ///< "<folder as given>/<path>"; "" for the build as a whole
  std::string reason;  ///< "new: no earlier build wrote it", "b:news/x changed", …
};

/// What a build did.
struct BuildResult : CommandResult {
  EmitStats stats;
  std::filesystem::path out_dir;      ///< the pages' folder (under the root when given relative)
  bool write_failed = false;          ///< errors came from writing, after validation passed
  bool reused = false;                ///< nothing changed since the last build; nothing done
  std::size_t rendered = 0;           ///< files rendered (pages, feeds, emails, copies)
  std::size_t pages = 0, emails = 0;  ///< HTML pages and emails of this build, all
  std::vector<std::string> rendered_files;  ///< those files, as "<folder>/<path>"
  std::vector<Explained> explained;         ///< with --explain: the build, then by output
};

/// What an edition wrote.
struct EditionResult : CommandResult {
  /// each brief, as "<mail folder as given>/<path>" (also when writing it failed)
  std::vector<std::string> files;
};

/// The source of a stale translation as it was stamped, and what changed since.
struct StaleDiff {
  std::string translation, source, digest;  ///< site-relative paths; the stamped blob id
  bool found = false;                       ///< the stamped version is in git's object store
  std::vector<SourceChange> changes;
};

/// The translation matrix.
struct TranslationsResult : CommandResult {
  std::vector<std::string> languages;  ///< configured language codes, in order
  std::vector<TranslationRow> rows;
  std::vector<StaleDiff> diffs;  ///< with `diff`: one per stale translation, in row order
};

/// One language's share of translated interface strings and articles.
struct LanguageStats {
  std::string language;
  bool source_language = false;         ///< the site's default language: its strings are the msgids
  std::optional<CatalogStats> strings;  ///< nullopt: no usable catalog
  double strings_percent =
      0;  ///< translated of all strings (100 when none or the source; 0 without a catalog)
  int source = 0, up_to_date = 0, stale = 0, unstamped = 0, missing = 0;  ///< articles
  /// source, up to date and complete catalogs of all bundles (100 when none)
  double articles_percent = 0;
  int catalog = 0;           ///< articles translated in catalogs instead of files
  int catalog_complete = 0;  ///< of those, the ones with every segment translated
  CatalogStats segments;     ///< the segments of those catalogs
};

/// `i18n stats`: every configured language, in order.
struct I18nStatsResult : CommandResult {
  std::vector<LanguageStats> languages;
};

/// What `i18n update` did to one catalog.
struct CatalogWritten {
  std::string path;  ///< "locales/<lang>.po"
  enum Outcome { created, updated, unchanged } outcome = unchanged;
  std::optional<CatalogStats> stats;  ///< its counts, when msgfmt reads it
  int from_theme = 0;                 ///< entries just translated from the built-in theme's
};

/// `i18n update`: the catalogs written, in configuration order.
struct I18nUpdateResult : CommandResult {
  std::vector<CatalogWritten> catalogs;
};

/// The file `new` created.
struct NewResult : CommandResult {
  std::string path;  ///< site-relative
};

/// `list`'s options: which articles besides the published ones.
struct ListOptions {
  std::filesystem::path root = ".";
  Publishing publishing;  ///< --drafts, --future, --expired
};

/// One article file of `list`.
struct ListedArticle {
  std::string path, bundle, lang, type, title, date, expires;
  std::string state;  ///< published | draft | future | expired
};

/// What `list` found, by path.
struct ListResult : CommandResult {
  std::vector<ListedArticle> articles;
};

/// Every article file a build publishes now, with the drafts, future-dated
/// and expired ones the options ask for; files that cannot be read are
/// findings and are left out.
ListResult run_list(const ListOptions& options);

/// `init`'s options (docs/templates.md, "Starting a site").
struct InitOptions {
  std::filesystem::path dir;     ///< the site's folder; created when missing
  std::string languages = "en";  ///< comma-separated codes, the first the default
  std::string title = "My site";
  std::string base_url = "https://example.org/";
  bool eject_theme = false;  ///< also copy the built-in theme into pipeline/
  bool force = false;        ///< a folder that is not empty: add what is missing
};

/// What `init` wrote and what it found already there.
struct InitResult : CommandResult {
  std::filesystem::path root;
  std::vector<std::string> written, kept;  ///< site-relative, in writing order
};

/// A starter site in `dir`: site.yaml, one example article per type, the
/// catalogs with each language's plural forms; with `eject_theme` the built-in
/// templates and static files too. A folder that is not empty is a usage
/// error unless `force`; a file that exists is never overwritten (kept), and
/// a link on the way is never written through. With `eject_theme` in a folder
/// that holds a site (pipeline/site.yaml), only the theme's files are copied.
InitResult run_init(const InitOptions& options);

/// config → content → validate → links: every finding, nothing written.
ValidateResult run_validate(const ValidateOptions& options);

/// All of validate, plus sources and product URLs; with `external`, every http(s)
/// URL is fetched (cache first) and reported where it appears.
CheckResult run_check(const CheckOptions& options);

/// Writes locales/polypress.pot from the templates, site.yaml and the code
/// (atomically; unchanged bytes are not rewritten).
CommandResult run_i18n_extract(const std::filesystem::path& root);

/// The translation matrix (docs/spec.md §6). With `diff`, each stale
/// translation also gets which front matter keys and paragraphs of its source
/// changed since the stamped version, read from git's object store; outside a
/// git work tree that is a usage error.
TranslationsResult run_translations(const std::filesystem::path& root, bool diff = false);

/// Checks every configured language's catalog, and that the .pot holds every
/// string of the templates, site.yaml and the code.
CommandResult run_i18n_check(const std::filesystem::path& root);

/// Merges locales/polypress.pot into every configured language's catalog with
/// GNU msgmerge (missing catalogs are created); all catalogs are merged before
/// any is written, each write atomic, so a rejected catalog changes nothing.
/// With `fix_plural_forms`, a catalog whose Plural-Forms maps some whole number
/// wrongly gets the corrected header and its msgstr[] renumbered
/// (fix_plural_forms()).
I18nUpdateResult run_i18n_update(const std::filesystem::path& root, bool fix_plural_forms = false);

/// Per language: interface strings translated, fuzzy and untranslated, and
/// articles up to date, stale, unstamped and missing.
I18nStatsResult run_i18n_stats(const std::filesystem::path& root);

/// `i18n extract --articles`: for each bundle with one source file, writes
/// locales/articles/<section>/<slug>.pot from it (article_segments()), the
/// ids of the template already there kept (assign_segment_ids()); unchanged
/// bytes are not rewritten. `written` lists the templates, site-relative.
/// With `from_translation`, also seeds a catalog for each Markdown
/// translation that has none, aligning its blocks with the source's
/// (align_translation(); fuzzy where the alignment is a guess).
I18nUpdateResult run_i18n_extract_articles(const std::filesystem::path& root,
                                           bool from_translation = false);

/// `i18n apply --articles LANG BUNDLE`: writes content/<bundle>/index.<LANG>.md
/// from the bundle's catalog in LANG, as the build assembles it (the blocks the
/// catalog does not translate in the source's words). Never overwrites.
NewResult run_i18n_apply_articles(const std::filesystem::path& root, const std::string& lang,
                                  const std::string& bundle_id);

/// `i18n update --articles`: refreshes each bundle's template from its source
/// (as `i18n extract --articles` does; an i18n/missing-pot error when the
/// site has no locales/articles/ yet), then merges it into
/// locales/<lang>/articles/<section>/<slug>.po for every other language
/// (merge_article_catalog()); a catalog is created for a language the bundle
/// has no Markdown translation in. All catalogs are merged before any is
/// written.
I18nUpdateResult run_i18n_update_articles(const std::filesystem::path& root);

/// Records the current source digest in each translation FILE (atomic writes;
/// a file that is not a translation, or cannot be parsed, is an error and is
/// left as it was). A translation whose body is still the source's, byte for
/// byte, is refused unless `force`.
CommandResult run_translations_stamp(const std::filesystem::path& root,
                                     const std::vector<std::string>& files, bool force = false);

/// `new SECTION/SLUG`: creates content/SECTION/SLUG/index.<lang>.md. A new
/// bundle gets a draft source file of `type` whose front matter passes
/// validate; an existing bundle gets a translation of its source (title,
/// summary, verdict and body to translate, translation_of set): in progress,
/// without source_digest until `translations stamp`. Never overwrites a file (a usage error naming
/// the path).
NewResult run_new(const std::filesystem::path& root, const std::string& id, const std::string& lang,
                  const std::string& type);

/// The weekly brief of an ISO week (cut in site.time_zone), one email per
/// language into the mail folder. Validates first and writes nothing when
/// there are errors; a week without any article is an error finding, and a
/// language without one that week gets no brief (a warning).
EditionResult run_edition(const EditionOptions& options);

/// Sends one .eml file (as it is, byte for byte) to one address through an
/// SMTP server. A file that is not an email polypress wrote is a located
/// error; a bad --smtp or --to a usage error; connection and protocol
/// problems network errors with the server's words. Credentials in the URL
/// go only over TLS (smtps://, or STARTTLS, which is then required) unless
/// `insecure_auth`.
CommandResult run_send(const std::string& file, const std::string& smtp_url, const std::string& to,
                       const std::string& from, bool insecure_auth = false);

/// Validates, then renders and writes the site. Writes nothing when validation,
/// catalogs or templates have errors.
BuildResult run_build(const BuildOptions& options);

}  // namespace pp
