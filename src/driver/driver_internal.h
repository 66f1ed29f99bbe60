#pragma once
// Internal to the driver: helpers the command files share.

#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "driver/check_site.h"
#include "driver/driver.h"
#include "emit/emit.h"
#include "incremental/incremental.h"
#include "render/render.h"

namespace pp {

/// Today in `time_zone` (IANA), as YYYY-MM-DD.
std::string today_in(const std::string& time_zone);

/// Creates `path` with `bytes`, never over an existing file, never half-written:
/// a temporary is written, then linked under the name (link fails if it exists).
/// A file that exists is a usage error; one that cannot be written an I/O error.
std::optional<RunError> create_new_file(const std::filesystem::path& path,
                                        const std::string& bytes);

/// What a starter site is made of (`polypress init`).
struct StarterSite {
  std::string title, base_url, today;
  std::vector<std::string> languages;  ///< BCP 47 tags; the first is the default
};

/// The language's own name, as ICU has it, starting with a capital where the
/// script has them ("한국어", "Español").
std::string own_language_name(const std::string& code);

/// The files of a starter site by site-relative path: site.yaml and one example
/// article per type in the default language, neutral in wording.
std::map<std::string, std::string> starter_site_files(const StarterSite& site);

/// `file` relative to the site root when it lies inside it, else normalized.
std::string relative_to_root(const std::filesystem::path& root, const std::string& file);

/// Why an output folder given as `option` ("--out") with the value `shown`
/// cannot be used, or "":
/// it must not be the site's folder or hold it, nor lie inside the site's
/// inputs (content/, pipeline/, locales/) or .polypress/, nor overlap `other`
/// (the other output folder; empty when there is none).
std::string output_folder_problem(const std::filesystem::path& root,
                                  const std::filesystem::path& folder, const std::string& option,
                                  const std::string& shown,
                                  const std::filesystem::path& other = {});

/// Resolves FILE arguments (relative to the working folder or the site root) to
/// site-relative paths; false with a usage error in `result` when one does not
/// exist.
bool resolve_files(const std::filesystem::path& root, const std::vector<std::string>& files,
                   std::vector<std::string>& wanted, CommandResult& result);

/// A checked site with its locales and templates, ready to render.
struct Ready {
  CheckedSite checked;
  LocaleMap locales;
  TemplateSet templates;
};

/// What a build renders with besides the content: the catalogs of every
/// configured language (compiled by msgfmt, plural forms checked) and the
/// templates (loaded and linted). Their problems go to `sink`; validate runs
/// this too, so it finds what would stop a build.
struct RenderInputs {
  LocaleMap locales;
  TemplateSet templates;
  bool usable = true;  ///< templates loaded without an error: they render as a build would
};
RenderInputs load_render_inputs(const std::filesystem::path& root, const SiteConfig& config,
                                DiagnosticSink& sink);

/// load_render_inputs(), or serve's catalogs and templates of its last build
/// (with their findings) while nothing outside content/ changed since.
RenderInputs render_inputs(const std::filesystem::path& root, const SiteConfig& config,
                           BuildMemory* memory, DiagnosticSink& sink);

/// An error for each heading id or anchor of an article that the page's
/// templates give too (`<main id="Main">`): the page would have it twice.
void check_template_ids(const std::filesystem::path& root, const Corpus& corpus,
                        const TemplateSet& templates, DiagnosticSink& sink);

/// A warning (front-matter/unsafe-url) at each `extra:` value that a
/// template puts where a URL starts (TemplateSet::extra_url_names) and that
/// has a scheme pages never link to: it is published as an inert URL.
/// config/postal-address: a warning when site.yaml gives the emails no
/// sender's postal address (validate, check and build).
void check_postal_address(const SiteConfig& config, DiagnosticSink& sink);

void check_template_urls(const std::filesystem::path& root, const Corpus& corpus,
                         const TemplateSet& templates, DiagnosticSink& sink);

/// What only rendering finds, for validate and for a build that stops on
/// other errors: every email a build (without --drafts) writes for an
/// article, rendered by the build's own plan and units with the bytes
/// dropped, its findings (email/truncated, email/too-large, email/header,
/// template/render) kept in `sink`. Articles of a bundle with an error in
/// `sink` are left out (what they would render is not known), and all when a
/// template could not be loaded, so that every other error is found in one
/// run (a broken catalog's language renders with its msgids).
void check_rendered_emails(const std::filesystem::path& root, const CheckedSite& site,
                           const RenderInputs& inputs, int jobs, DiagnosticSink& sink);

/// check_rendered_emails() with catalogs and templates that loaded cleanly.
void check_rendered_emails(const std::filesystem::path& root, const CheckedSite& site,
                           const LocaleMap& locales, const TemplateSet& templates, int jobs,
                           DiagnosticSink& sink);

/// What every output of a build depends on besides what it reads, one
/// labelled line each: this binary, site.yaml (with the environment's
/// overlay), the publication options and --base-url. Records kept under
/// another identity are not used.
std::string build_identity(const BuildOptions& o);

/// Everything besides the input files that decides what a build writes: its
/// identity, where it writes (`out_dir`, `mail_dir`), which part of the site
/// (shard, languages) and the day (future dates, expiry), one labelled line
/// each.
std::string build_options_fingerprint(const BuildOptions& o, const std::string& identity,
                                      const std::filesystem::path& out_dir,
                                      const std::filesystem::path& mail_dir);

/// What changed between two build_options_fingerprint()s, for build
/// --explain: the first line that differs, named for a reader ("" when none
/// does).
std::string options_change(const std::string& before, const std::string& now);

/// Reads and checks the site (parses reused from `cache`, checks from
/// `checks`, when given), checks
/// `languages` and what `usage` says about the configuration (a usage problem,
/// or "" when all is well), then loads locales and templates. nullopt when the
/// run ends here: `result` then holds the configuration or usage error, or
/// the findings.
std::optional<Ready> prepare_render(
    const std::filesystem::path& root, const std::vector<std::string>& languages, int jobs,
    CommandResult& result, const std::function<std::string(const SiteConfig&)>& usage = nullptr,
    ParseCache* cache = nullptr, const ConfigOverrides& overrides = {},
    CheckCache* checks = nullptr, const Publishing& publishing = {}, BuildMemory* memory = nullptr);

/// Where a build writes, and which share of it.
struct OutputTargets {
  std::filesystem::path out_dir, mail_dir;  ///< absolute
  std::string out_shown, mail_shown;        ///< as the user gave them, for messages
  int shard_index = 1, shard_count = 1;
  int jobs = 0;
  std::filesystem::path staging;  ///< where temporaries go: prepare_staging() (emit)
  std::function<void(std::size_t, std::size_t)> progress;  ///< BuildOptions::progress
  bool explain = false;                                    ///< BuildOptions::explain
  bool clean = false;                                      ///< BuildOptions::clean
  /// --lang: the plan holds only some languages' outputs, so the records of
  /// the others' are kept as they are, not forgotten as no longer produced.
  bool some_languages = false;
};

/// What render_and_write() did.
struct OutputsResult {
  EmitStats stats;
  std::vector<std::string> rendered;  ///< outputs rendered, as "<folder as given>/<path>"
  std::size_t pages = 0, emails = 0;  ///< HTML pages and .eml files of this share
  std::vector<std::string> outputs;   ///< every file of this share, absolute
  std::vector<std::string> states;    ///< file_state() of each, as written
  std::vector<std::string>
      every;  ///< every output of the build (all shards), absolute, in the plan's order
  IncrementalUpdate update;          ///< records of what was rendered; outputs gone
  std::vector<Explained> explained;  ///< with OutputTargets::explain: why each was rendered
};

/// Renders the outputs of `plan` in this share that incremental says must be
/// (outputs_to_render(), against `kept` and `global`), in parallel, handing
/// each file to emit as it is made (OutputBatch); then emit replaces them all
/// in one batch. On an error (a finding, a write that fails) nothing is
/// replaced.
OutputsResult render_and_write(const BuildPlan& plan, const OutputTargets& targets,
                               const IncrementalState& kept, const std::string& global,
                               DiagnosticSink& sink);

/// True, with an emit/write error at `rel`, when a symbolic link or special
/// file is on the way from `root` to `root / rel` (`rel` itself included):
/// polypress never reads or writes a site file through one.
bool refused_link(const std::filesystem::path& root, const std::string& rel, DiagnosticSink& sink);

}  // namespace pp
