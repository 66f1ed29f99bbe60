// `build`: the order of the stages from the site to its written outputs, and
// what a build keeps for the next one.
#include <algorithm>
#include <chrono>
#include <optional>
#include <set>

#include "config/config.h"
#include "content/article_cache.h"
#include "content/content.h"
#include "core/clock.h"
#include "core/date.h"
#include "core/digest.h"
#include "core/file_io.h"
#include "core/limits.h"
#include "core/site_layout.h"
#include "core/state_folder.h"
#include "driver/driver.h"
#include "driver/driver_internal.h"
#include "driver/phase_timer.h"
#include "emit/stale_outputs.h"
#include "incremental/incremental.h"
#include "l10n/l10n.h"
#include "render/render.h"

namespace pp {

namespace fs = std::filesystem;

std::optional<Ready> prepare_render(const fs::path& root, const std::vector<std::string>& languages,
                                    int jobs, CommandResult& result,
                                    const std::function<std::string(const SiteConfig&)>& usage,
                                    ParseCache* cache, const ConfigOverrides& overrides,
                                    CheckCache* kept_checks, const Publishing& publishing,
                                    BuildMemory* memory) {
  DiagnosticSink& sink = result.diagnostics;
  SiteCheckOptions checks;
  checks.overrides = overrides;
  checks.kept = kept_checks;
  checks.publishing = publishing;
  Ready r{load_checked_site(root, sink, checks, jobs, cache), {}, {}};
  if (!r.checked.config) {
    result.stop(ErrorKind::configuration);
    return std::nullopt;
  }
  std::string problem = usage ? usage(*r.checked.config) : "";
  for (const auto& lang : languages)
    if (problem.empty() && !r.checked.config->language(lang))
      problem = "--lang: '" + lang + "' is not a configured language";
  if (!problem.empty()) {
    result.stop(ErrorKind::usage, problem);
    return std::nullopt;
  }
  // Catalogs and templates are checked whatever the content holds, and the
  // emails of the bundles without an error rendered when something else
  // stops the build: every error a build can raise is found in one run.
  RenderInputs inputs = render_inputs(root, *r.checked.config, memory, sink);
  check_template_ids(root, r.checked.corpus, inputs.templates, sink);
  check_template_urls(root, r.checked.corpus, inputs.templates, sink);
  check_postal_address(*r.checked.config, sink);
  if (sink.has_errors()) {
    (void)collect_static(root, r.checked.config->svg_refuse, sink);
    check_rendered_emails(root, r.checked, inputs, jobs, sink);
  }
  if (sink.has_errors()) return std::nullopt;
  r.locales = std::move(inputs.locales);
  r.templates = std::move(inputs.templates);
  return r;
}

RenderInputs load_render_inputs(const fs::path& root, const SiteConfig& config,
                                DiagnosticSink& sink) {
  LocaleMap locales = load_locales(root, config, sink);
  // A language whose catalog cannot be used renders with its msgids (the
  // catalog's errors are reported); a template that cannot be parsed would
  // be rendered as the built-in one, so what renders then is not the build's.
  const int before = sink.count(Severity::error);
  RenderInputs r{std::move(locales), TemplateSet::load(root, sink)};
  r.usable = sink.count(Severity::error) == before;
  return r;
}

namespace {

// `dir` under `root` unless it is absolute.
fs::path absolute_in(const fs::path& root, const fs::path& dir) {
  return dir.is_absolute() ? dir : root / dir;
}

// What one build knows before it reads the site.
struct BuildRun {
  const BuildOptions& options;
  fs::path out_dir, mail_dir;  // under the root when given relative
  long long started = 0;       // when it started, by the file system's clock (ns)
  long long newest_input = 0;  // the newest input's change, in ns since the epoch
  std::string inputs, opts;    // fingerprints of the inputs and of the options
  bool from_memory = false;    // serve's: the state is the one its last build left
  BundleListings listings;     // the bundle folders, as the inputs' fingerprint found them
};

// A run of `options`, its output folders absolute.
BuildRun new_run(const BuildOptions& options) {
  // Absolute and normal: output records are kept relative to the site's
  // folder, whichever way it was named (-C site, -C ./site/, -C /abs/site).
  return {options,
          fs::path(absolute_path(absolute_in(options.root, options.out_dir).string())),
          fs::path(absolute_path(absolute_in(options.root, options.mail_dir).string())),
          0,
          0,
          "",
          "",
          false,
          {}};
}

// False when the build cannot start: an output folder where the site is (a
// usage error) or a .polypress/ that is not the site's own (a finding).
bool build_can_start(const BuildRun& run, BuildResult& result) {
  const BuildOptions& options = run.options;
  // Outputs go only where nothing of the site is (no input is overwritten),
  // each folder named for what is wrong with it before the two are compared
  // (`--mail-out .` is the site's folder, not an overlap of --out).
  const std::string out = options.out_dir.generic_string(),
                    mail = options.mail_dir.generic_string();
  for (std::string problem :
       {output_folder_problem(options.root, run.out_dir, "--out", out, {}),
        output_folder_problem(options.root, run.mail_dir, "--mail-out", mail, {}),
        output_folder_problem(options.root, run.out_dir, "--out", out, run.mail_dir)})
    if (!problem.empty()) {
      result.stop(ErrorKind::usage, problem);
      return false;
    }
  // Everything polypress keeps in .polypress/ is its own real folder or file:
  // a committed link there must not lead a build to write or delete elsewhere.
  if (const auto problem = state_folder_problem(options.root)) {
    result.diagnostics.error({problem->path, 0, 0}, "emit/state-folder", problem->reason);
    return false;
  }
  return true;
}

// Nothing changed since the last successful build (inputs, options, this
// binary, and every file it wrote): nothing is parsed, rendered or written,
// and its warnings are shown again. False when something changed.
// Why the last build's record cannot stand for this one ("" when it can).
std::string why_not_reused(const BuildRun& run, std::optional<BuildRecord>& last) {
  if (run.options.clean) return "--clean looks at the output folders";
  if (!last)
    return "no record of an earlier build that can stand (none finished, or an input changed just "
           "before or while it ran)";
  // The clock is an input: once an article's date has come or its `expires`
  // passed since, that build is made again.
  if (last->next_change_ms && current_time_ms() >= *last->next_change_ms)
    return "an article's date came or its expires passed (at " +
           format_rfc3339_utc(*last->next_change_ms) + ")";
  // A clock set back (SOURCE_DATE_EPOCH, a corrected clock) may unpublish
  // what that build published.
  if (last->built_ms && current_time_ms() < *last->built_ms)
    return "the clock is earlier than at that build (" + format_rfc3339_utc(*last->built_ms) + ")";
  if (last->inputs != run.inputs) return "an input file changed";
  if (last->options != run.opts) return options_change(last->options, run.opts);
  if (last->outputs_state !=
      fingerprint_files(last->outputs = read_build_outputs(run.options.root)))
    return "an output file changed since it was written";
  return "";
}

bool reuse_last_build(const BuildRun& run, BuildResult& result) {
  auto last = read_build_record(run.options.root);
  const std::string why_not = why_not_reused(run, last);
  if (run.options.explain)
    result.explained.push_back({"", why_not.empty()
                                        ? "nothing changed since the last build: nothing to do"
                                        : "the last build does not stand: " + why_not});
  if (!why_not.empty()) return false;
  for (const auto& d : last->findings)
    result.diagnostics.report(d.where, d.severity, d.rule, d.message);
  result.stats.unchanged = static_cast<int>(last->outputs.size());
  result.reused = true;
  return true;
}

// A note for each article the build leaves out for its dates (drafts are
// left out without one: their authors said so).
void note_held_back(const SiteConfig& config, const Corpus& corpus, const RenderOptions& ro,
                    DiagnosticSink& sink) {
  // Translations inherit the source's dates: one note where a date is written.
  std::set<std::pair<std::string, int>> said;
  for (const auto& b : corpus.bundles)
    for (const auto& [lang, a] : b.articles) {
      const Publication p = publication_of(a, config.time_zone, ro.publishing.now_ms);
      if (p.draft && !ro.publishing.drafts) continue;
      const auto& at = p.expired ? a.meta.expires : a.meta.date;
      if ((p.expired || p.future) && !said.insert({at->where.path, at->where.line}).second)
        continue;
      if (p.expired && !ro.publishing.expired)
        sink.report(a.meta.expires->where, Severity::note, "bundle/expired",
                    "expired on " + a.meta.expires->value.text +
                        ": not published (build --expired keeps it)");
      else if (p.future && !ro.publishing.future)
        sink.report(a.meta.date->where, Severity::note, "bundle/future",
                    "dated " + a.meta.date->value.text +
                        ", after this build: not published until then (build --future shows it)");
    }
}

// Every output of the checked site, with the site's static files (pieces of
// feeds and of the sitemap taken from `kept` when made from the same);
// nullptr when collecting those found errors.
std::unique_ptr<BuildPlan> plan_build(const BuildOptions& options, const Ready& ready,
                                      KeptEntries& kept, long long started_ns,
                                      DiagnosticSink& sink) {
  const CheckedSite& c = ready.checked;
  RenderOptions ro;
  ro.publishing = options.publishing;
  ro.publishing.now_ms = current_time_ms();
  ro.languages = options.languages;
  ro.jobs = options.jobs;
  ro.kept_entries = &kept;
  ro.file_system_clock_ns = started_ns;
  if (options.memory) ro.listing_digests = &options.memory->listing_digests;
  note_held_back(*c.config, c.corpus, ro, sink);
  auto plan = std::make_unique<BuildPlan>(options.root, *c.config, c.corpus, ready.locales,
                                          ready.templates, ro);
  for (const auto& f : collect_static(options.root, c.config->svg_refuse, sink))
    if (f.copy_from.empty())
      plan->add_bytes(OutputFolder::pages, f.path, f.bytes,
                      (fs::path(kStaticFolder) / f.path.substr(7)).string());  // "assets/"
    else
      plan->add_copy(OutputFolder::pages, f.path, f.copy_from);
  if (sink.has_errors()) {
    // A static file's error alone: the emails' errors are found in this run too.
    check_rendered_emails(options.root, c, ready.locales, ready.templates, options.jobs, sink);
    return nullptr;
  }
  return plan;
}

// After a build without errors: the parse of every article file and the
// checks of every bundle kept for the next build (those no longer in the site
// forgotten). The build's record, to be written once the output folders are
// tidy, goes to `record` (left empty when it must not be written); what went
// wrong, or "".
std::string record_build(const BuildRun& run, const Corpus& corpus, const std::string& time_zone,
                         IncrementalState& kept, const std::string& identity, OutputsResult& done,
                         const DiagnosticSink& sink, std::optional<BuildRecord>& record) {
  keep_article_parses(kept.articles, corpus, done.update);
  keep_bundle_checks(kept.checks, corpus, done.update);
  done.update.entries = kept.entries->take_made();
  std::string state_error = write_incremental_state(run.options.root, identity, done.update);
  // Findings about this run's own state (a damaged manifest) are not
  // shown again when the next build reuses this one.
  std::vector<Diagnostic> findings = sink.sorted();
  std::erase_if(findings, [](const Diagnostic& d) { return d.rule == "emit/state"; });
  // The inputs' fingerprint was taken before anything was read, so an input
  // changed during the build differs from it next time: that build is a
  // real one. A file changed in the last moments could change again within
  // the file system's timestamp granularity without its size changing
  // ("racy git"): a build whose newest input is racy is not recorded either.
  if (!run.inputs.empty() && !racy_stamp(run.newest_input, run.started) && state_error.empty()) {
    const double now = current_time_ms();
    record = BuildRecord{run.inputs,
                         run.opts,
                         done.outputs,
                         fingerprint_files(done.outputs, &done.states),
                         std::move(findings),
                         next_publication_change(corpus, time_zone, now),
                         now};
  }
  return state_error;
}

// What earlier builds wrote and this one no longer produces goes (after the
// record: what this reports is reported once, not replayed). What went
// wrong, or "".
std::string tidy_outputs(const BuildRun& run, OutputsResult& done, DiagnosticSink& sink,
                         std::vector<Explained>& explained) {
  const BuildOptions& options = run.options;
  BuildMemory* memory = options.memory;
  // serve, producing what its last build produced, whose tidying left
  // nothing to do again: only the files rendered now are recorded as written
  // (no file of the last build is stale; the others' records are as they were).
  if (run.from_memory && !memory->produced.empty() && memory->produced == done.every) {
    std::vector<std::pair<std::string, WrittenFile>> written;
    for (const auto& [file, record] : done.update.outputs)
      written.push_back({file, {record.state, "build"}});
    return record_written_files(options.root, written, {});
  }
  std::vector<std::string> every = memory ? done.every : std::vector<std::string>();
  const std::size_t findings_before = sink.items().size();
  const ProducedFiles produced{std::move(done.every), std::move(done.outputs),
                               std::move(done.states)};
  std::vector<RemovedFile> removed;
  std::string error =
      tidy_output_folders(options.root,
                          {{run.out_dir, options.out_dir.generic_string()},
                           {run.mail_dir, options.mail_dir.generic_string()}},
                          produced, options.languages.empty(), options.clean, sink, &removed);
  if (options.explain)
    for (auto& r : removed)
      explained.push_back(
          {std::move(r.shown), r.produced ? "removed: no longer produced"
                                          : "removed: not produced by this build (--clean)"});
  if (memory)
    memory->produced = error.empty() && sink.items().size() == findings_before
                           ? std::move(every)
                           : std::vector<std::string>();
  return error;
}

// After a build without errors: what it keeps for the next build, the
// output folders tidied, then its record (last: a build stopped while it
// tidied has none, so the next one is no no-op and finishes the tidying).
// True when the incremental state was written.
bool finish_build(const BuildRun& run, const Ready& ready, IncrementalState& kept,
                  const std::string& identity, OutputsResult& done, BuildResult& result) {
  DiagnosticSink& sink = result.diagnostics;
  std::optional<BuildRecord> record;
  std::string state_error = record_build(run, ready.checked.corpus, ready.checked.config->time_zone,
                                         kept, identity, done, sink, record);
  const bool state_written = state_error.empty();
  const std::string tidy_error = tidy_outputs(run, done, sink, result.explained);
  if (state_error.empty()) state_error = tidy_error;
  // Unlike tidy's notes (reported once), a warning that files of unknown
  // origin are kept is shown again by the builds that reuse this one, until
  // --clean or a build that produces them settles it.
  // A file tidy could not remove is tried again by the next build, which is
  // then no no-op.
  bool tidy_unfinished = false;
  for (const auto& d : sink.sorted()) {
    if (record && d.rule == "emit/no-record") record->findings.insert(record->findings.begin(), d);
    tidy_unfinished |= d.rule == "emit/not-removed";
  }
  if (state_error.empty() && record && !tidy_unfinished)
    state_error = write_build_record(run.options.root, *record);
  // Without its record the next build renders everything again: worth
  // knowing, not worth failing this one.
  if (!state_error.empty())
    sink.warning(
        {kBuildStatePath, 0, 0}, "emit/state",
        "cannot record this build: " + state_error + "; the next build renders everything again");
  return state_written;
}

// The state this build starts from: serve's memory of it, or what the state
// file holds; nullptr when the last build stands for this one (`result` then
// holds its findings).
std::unique_ptr<IncrementalState> take_state(BuildRun& run, const std::string& identity,
                                             BuildResult& result) {
  const BuildOptions& options = run.options;
  BuildMemory* memory = options.memory;
  std::unique_ptr<IncrementalState> kept;
  if (memory && memory->state && memory->identity == identity &&
      memory->state_stamp == file_stamp((options.root / kBuildStatePath).string())) {
    // serve, after a build of its own: something changed (its watcher says
    // so), and the state is the one in memory. No record is kept for a
    // no-op (its inputs' fingerprint is not taken).
    kept = std::move(memory->state);
    run.from_memory = true;
  } else {
    run.inputs = fingerprint_inputs(options.root, &run.newest_input, &run.listings);
    run.opts = build_options_fingerprint(options, identity, run.out_dir, run.mail_dir);
    if (reuse_last_build(run, result)) return nullptr;
    // Otherwise only what changed is parsed and rendered: unchanged articles
    // come from the parse cache and current outputs are left as they are.
    kept = std::make_unique<IncrementalState>(read_incremental_state(
        options.root, identity, {run.out_dir.string(), run.mail_dir.string()}));
  }
  kept->articles.newer_than_ns = kept->checks.newer_than_ns = run.started - kRacyMarginNs;
  // The load lists no bundle folder the fingerprint listed.
  if (!run.from_memory) kept->articles.listed = &run.listings;
  if (memory) {
    memory->state.reset();
    // Bundles read under another site.yaml, options or binary are read again.
    if (memory->identity != identity) {
      memory->bundles.forget_all();
      memory->listing_digests.clear();
      memory->inputs.reset();
    }
    memory->identity = identity;
    kept->articles.loaded = &memory->bundles;
    if (!kept->index) kept->index = std::make_unique<KeyIndex>();
  }
  return kept;
}

// serve's memory after a build that rendered: the bundles and the inputs
// back for the next build (after one that `failed`, every bundle is read
// again: one may be the cause, a file changed while it was read), and the
// rest freed on another thread.
void hand_back(BuildMemory& memory, bool failed, std::unique_ptr<BuildPlan> plan,
               std::unique_ptr<Ready> ready, std::unique_ptr<IncrementalState> kept) {
  if (failed) {
    memory.bundles.forget_all();
  } else {
    memory.bundles.give_back(ready->checked.corpus.bundles);
    memory.inputs = std::make_unique<RenderInputs>(
        RenderInputs{std::move(ready->locales), std::move(ready->templates), true});
    memory.others_changed = false;
  }
  memory.free_later({std::move(plan), std::move(ready), std::move(kept)});
}

}  // namespace

BuildResult run_build(const BuildOptions& options) {
  BuildResult result;
  DiagnosticSink& sink = result.diagnostics;
  BuildRun run = new_run(options);
  result.out_dir = run.out_dir;
  if (!build_can_start(run, result)) return result;
  if (const std::string damage = repair_build_state(options.root); !damage.empty())
    sink.warning({kBuildStatePath, 0, 0}, "emit/state", damage + "; this build renders everything");
  run.started = file_system_clock_ns(options.root);
  PhaseTimer timer;
  const std::string identity = build_identity(options);
  BuildMemory* memory = options.memory;
  std::unique_ptr<IncrementalState> kept = take_state(run, identity, result);
  if (!kept) return result;  // the last build stands
  timer.mark("manifest");
  auto prepared = prepare_render(options.root, options.languages, options.jobs, result, nullptr,
                                 &kept->articles, options.overrides, &kept->checks,
                                 options.publishing, options.memory);
  if (!prepared) return result;
  auto ready = std::make_unique<Ready>(std::move(*prepared));
  timer.mark("load");
  auto plan = plan_build(options, *ready, *kept->entries, run.started, sink);
  if (!plan) return result;
  const OutputTargets targets{run.out_dir,
                              run.mail_dir,
                              options.out_dir.generic_string(),
                              options.mail_dir.generic_string(),
                              options.shard_index,
                              options.shard_count,
                              options.jobs,
                              prepare_staging(options.root, {run.out_dir, run.mail_dir}),
                              options.progress,
                              options.explain,
                              options.clean,
                              !options.languages.empty()};
  clear_build_record(options.root);
  timer.mark("plan");
  OutputsResult done = render_and_write(*plan, targets, *kept, identity, sink);
  if (!targets.staging.empty()) remove_staging_folder(targets.staging);
  timer.mark("render");
  result.stats = done.stats;
  result.rendered = done.rendered.size();
  result.pages = done.pages;
  result.emails = done.emails;
  result.rendered_files = std::move(done.rendered);
  for (auto& e : done.explained) result.explained.push_back(std::move(e));
  if (!sink.has_errors()) {
    const bool state_written = finish_build(run, *ready, *kept, identity, done, result);
    timer.mark("record and tidy");
    if (memory && state_written) {
      apply_update(*kept, done.update, options.root);
      if (kept->index) kept->index->fill_values(*plan);
      memory->state = std::move(kept);
      memory->state_stamp = file_stamp((options.root / kBuildStatePath).string());
    }
  }
  result.write_failed = result.stats.failed > 0;
  if (memory) {
    hand_back(*memory, sink.has_errors(), std::move(plan), std::move(ready), std::move(kept));
    return result;
  }
#if !defined(POLYPRESS_SANITIZED) && !defined(__SANITIZE_ADDRESS__)
  if (options.process_exits) {
    // The process ends right after: the corpus, the plan and the kept state
    // (tens of thousands of small objects) are left to the operating system,
    // as compilers do, instead of being freed one by one (a tenth of an
    // incremental build's time). Under AddressSanitizer they are freed.
    (void)kept.release();
    (void)ready.release();
    (void)plan.release();
  }
#endif
  return result;
}

}  // namespace pp
