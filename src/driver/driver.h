#pragma once
// The order of the stages. Every command is a thin function over these.

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "emit/emit.h"

namespace pp {

/// Exit statuses of SPEC §5.
enum ExitCode { kExitOk = 0, kExitFindings = 1, kExitUsage = 2 };

struct ValidateOptions {
  std::filesystem::path root = ".";
  std::vector<std::string> files;  ///< report only these files (relative to root or cwd)
  int jobs = 0;                    ///< parallel readers; 0 = one per core
};

struct CheckOptions {
  std::filesystem::path root = ".";
  std::vector<std::string> files;  ///< report only these files
  int jobs = 0;
  bool external = false;  ///< fetch every http(s) URL
  bool use_cache = true;  ///< .polypress/links.sqlite
  /// Progress of the external check: done, total, failing so far.
  std::function<void(std::size_t, std::size_t, std::size_t)> progress;
};

struct BuildOptions {
  std::filesystem::path root = ".";
  std::filesystem::path out_dir = "public";  ///< relative paths are under root
  std::filesystem::path mail_dir = "mail";
  std::vector<std::string> languages;  ///< empty: all configured
  int jobs = 0;                        ///< 0: one per core
  bool drafts = false;
  int shard_index = 1, shard_count = 1;  ///< --shard K/N
  /// The process exits when the build returns (the command line): what the
  /// build built up is not freed piece by piece.
  bool process_exits = false;
  /// Called while files are rendered, from any thread, with how many of those
  /// to render are done (not called when nothing is to be rendered).
  std::function<void(std::size_t done, std::size_t total)> progress;
};

struct EditionOptions {
  std::filesystem::path root = ".";
  std::filesystem::path mail_dir = "mail";  ///< relative paths are under root
  std::string week;                         ///< "YYYY-Www"
  std::vector<std::string> languages;       ///< empty: all configured
};

/// What a run found and did.
struct RunResult {
  int exit_code = kExitOk;
  DiagnosticSink diagnostics;
  EmitStats stats;
  std::filesystem::path out_dir;
  std::string usage_error;                ///< a bad option value (exit 2), printed by the command
  std::string output;                     ///< what a reporting command prints on stdout
  std::size_t urls = 0, urls_cached = 0;  ///< check --external: unique URLs, answered by the cache
  bool write_failed = false;              ///< errors came from writing, after validation passed
  bool reused = false;                ///< build: nothing changed since the last build; nothing done
  std::size_t rendered = 0;           ///< build: files rendered (pages, feeds, emails, copies)
  std::size_t pages = 0, emails = 0;  ///< build: HTML pages and emails of this build, all
  std::vector<std::string> rendered_files;  ///< build: those files, as "<folder>/<path>"
};

/// config → content → validate → links: every finding, nothing written.
RunResult run_validate(const ValidateOptions& options);

/// All of validate, plus sources and product URLs; with `external`, every http(s)
/// URL is fetched (cache first) and reported where it appears.
RunResult run_check(const CheckOptions& options);

/// Writes locales/polypress.pot from the templates, site.yaml and the code
/// (atomically; unchanged bytes are not rewritten).
RunResult run_i18n_extract(const std::filesystem::path& root);

/// The translation matrix (SPEC §6) as text or JSON in `output`. With `diff`,
/// each stale translation also shows which front matter keys and paragraphs of
/// its source changed since the stamped version, read from git's object store;
/// outside a git work tree that is a usage error.
RunResult run_translations(const std::filesystem::path& root, bool json, bool diff = false);

/// Checks every configured language's catalog, and that the .pot holds every
/// string of the templates, site.yaml and the code.
RunResult run_i18n_check(const std::filesystem::path& root);

/// Merges locales/polypress.pot into every configured language's catalog with
/// GNU msgmerge (missing catalogs are created); all catalogs are merged before
/// any is written, each write atomic, so a rejected catalog changes nothing.
/// One line per catalog in `output`.
RunResult run_i18n_update(const std::filesystem::path& root);

/// Per language: interface strings translated, fuzzy and untranslated, and
/// articles up to date, stale, unstamped and missing, as text or JSON in
/// `output`. With `fail_under` >= 0, exit 1 when a language's strings or
/// articles are less than that percentage done.
RunResult run_i18n_stats(const std::filesystem::path& root, bool json, double fail_under);

/// Records the current source digest in each translation FILE (atomic writes;
/// a file that is not a translation, or cannot be parsed, is an error and is
/// left as it was).
RunResult run_translations_stamp(const std::filesystem::path& root,
                                 const std::vector<std::string>& files);

/// `new SECTION/SLUG`: creates content/SECTION/SLUG/index.<lang>.md. A new
/// bundle gets a draft source file of `type` whose front matter passes
/// validate; an existing bundle gets a translation of its source (title,
/// summary, verdict and body to translate, translation_of and source_digest
/// set). Never overwrites a file (exit 2 with the path); prints the new path.
RunResult run_new(const std::filesystem::path& root, const std::string& id, const std::string& lang,
                  const std::string& type);

/// The weekly brief of an ISO week (cut in site.time_zone), one email per
/// language into the mail folder. Validates first and writes nothing when
/// there are errors; a week without any article is an error (exit 1), and a
/// language without one that week gets no brief (a warning).
RunResult run_edition(const EditionOptions& options);

/// Sends one .eml file (as it is, byte for byte) to one address through an
/// SMTP server. Problems with the file are located errors; connection and
/// protocol errors are reported with the server's words (exit 1); bad options
/// are usage errors (exit 2).
RunResult run_send(const std::string& file, const std::string& smtp_url, const std::string& to,
                   const std::string& from);

/// Validates, then renders and writes the site. Writes nothing when validation,
/// catalogs or templates have errors.
RunResult run_build(const BuildOptions& options);

}  // namespace pp
