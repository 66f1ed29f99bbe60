#include "driver/driver.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <set>

#include "config/config.h"
#include "content/content.h"
#include "core/clock.h"
#include "core/digest.h"
#include "core/file_io.h"
#include "core/state_folder.h"
#include "driver/driver_internal.h"
#include "emit/stale_outputs.h"
#include "incremental/incremental.h"
#include "l10n/l10n.h"
#include "links/links.h"
#include "mail/mail.h"
#include "render/render.h"
#include "validate/validate.h"

namespace pp {

namespace fs = std::filesystem;

namespace {

// POLYPRESS_TIMING=1 prints how long each phase took (docs/performance.md).
class PhaseTimer {
 public:
  explicit PhaseTimer(const char* indent = "") : indent_(indent) {}
  void mark(const char* phase) {
    if (!on_) return;
    const auto now = std::chrono::steady_clock::now();
    std::fprintf(stderr, "polypress: %s%-8s %7.3f s\n", indent_, phase,
                 std::chrono::duration<double>(now - start_).count());
    start_ = now;
  }

 private:
  const char* indent_;
  bool on_ = std::getenv("POLYPRESS_TIMING") != nullptr;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

// What every output of a build depends on besides what it reads: this binary,
// site.yaml, and the options that change what a page says.
std::string build_identity(const BuildOptions& o) {
  const ReadResult config = read_file(o.root / kSiteConfigPath, 1u << 20);
  return binary_identity() + git_blob_id(config.bytes) + (o.drafts ? "drafts\n" : "\n");
}

// The checked inputs of every command.
struct Checked {
  std::optional<SiteConfig> config;
  Corpus corpus;
};

Checked load_and_check(const fs::path& root, DiagnosticSink& sink, int jobs = 0,
                       ParseCache* cache = nullptr) {
  Checked c;
  c.config = load_site_config(root, sink);
  if (!c.config) return c;
  PhaseTimer timer("  ");
  c.corpus = load_corpus(root, *c.config, sink, jobs, cache);
  timer.mark("read");
  validate_corpus(*c.config, c.corpus, sink);
  check_links(*c.config, c.corpus, sink);
  check_source_urls(c.corpus, sink);
  check_figure_formats(c.corpus, sink);
  timer.mark("check");
  return c;
}

}  // namespace

namespace {

// Keeps the findings of `wanted` files (all when empty) and sets the exit code.
void finish(const DiagnosticSink& all, const std::vector<std::string>& wanted, RunResult& result) {
  if (wanted.empty()) {
    result.diagnostics = all;
  } else {
    for (const auto& d : all.sorted())
      if (std::count(wanted.begin(), wanted.end(), d.where.path))
        result.diagnostics.report(d.where, d.severity, d.rule, d.message);
  }
  result.exit_code = result.diagnostics.has_errors() ? kExitFindings : kExitOk;
}

}  // namespace

namespace {

// Validates the site, lets `more` add its checks, and keeps the findings of the
// FILEs asked for. Configuration errors end the run with exit 2.
RunResult run_checks(const fs::path& root, const std::vector<std::string>& files, int jobs,
                     const std::function<void(const Checked&, DiagnosticSink&, RunResult&)>& more) {
  RunResult result;
  std::vector<std::string> wanted;
  if (!resolve_files(root, files, wanted, result)) return result;
  DiagnosticSink all;
  const Checked c = load_and_check(root, all, jobs);
  if (!c.config) {
    result.diagnostics = all;
    result.exit_code = kExitUsage;
    return result;
  }
  if (more) more(c, all, result);
  finish(all, wanted, result);
  return result;
}

}  // namespace

RunResult run_validate(const ValidateOptions& options) {
  return run_checks(options.root, options.files, options.jobs, nullptr);
}

RunResult run_check(const CheckOptions& options) {
  return run_checks(
      options.root, options.files, options.jobs,
      [&](const Checked& c, DiagnosticSink& all, RunResult& result) {
        const double now = current_time_ms();
        check_sources(c.corpus, now, all);
        if (!options.external) return;
        const LinksConfig& lc = c.config->links;
        ProbeOptions po;
        po.timeout_s = lc.timeout_s;
        po.concurrency = lc.concurrency;
        po.per_host = lc.per_host;
        po.retries = lc.retries;
        po.allow_private = lc.allow_private;
        po.proxy = lc.proxy;
        po.progress = options.progress;
        auto prober = make_curl_prober(po);
        std::unique_ptr<LinkCache> cache;
        const auto problem = state_folder_problem(options.root);
        if (options.use_cache && problem) {
          all.warning({problem->path, 0, 0}, "link/cache",
                      "link cache not used, checking everything: " + problem->reason);
        } else if (options.use_cache) {
          cache =
              std::make_unique<LinkCache>(options.root / ".polypress/links.sqlite", lc.cache_ttl_h);
          if (!cache->error().empty()) {
            all.warning({".polypress/links.sqlite", 0, 0}, "link/cache",
                        "link cache unavailable, checking everything: " + cache->error());
            cache.reset();
          }
        }
        const ExternalStats stats =
            check_external(*c.config, c.corpus, *prober, cache.get(), now, all);
        result.urls = stats.unique_urls;
        result.urls_cached = stats.from_cache;
      });
}

namespace {

// Everything besides the input files that decides what a build writes.
std::string build_options_fingerprint(const BuildOptions& o, const fs::path& out_dir,
                                      const fs::path& mail_dir) {
  std::string s = binary_identity() + "\n" + fs::absolute(out_dir).string() + "\n" +
                  fs::absolute(mail_dir).string() + "\n" + (o.drafts ? "drafts" : "") + "\n" +
                  std::to_string(o.shard_index) + "/" + std::to_string(o.shard_count) + "\n";
  for (const auto& l : o.languages) s += l + ",";
  return s;
}

// The checked site with its locales and templates, ready to render. nullopt
// when the run ends here: exit 2 for the configuration, --lang or what
// `usage` says (a message, or "" when all is well), exit 1 for findings.
struct Ready {
  Checked checked;
  LocaleMap locales;
  TemplateSet templates;
};

std::optional<Ready> prepare_render(
    const fs::path& root, const std::vector<std::string>& languages, int jobs, RunResult& result,
    const std::function<std::string(const SiteConfig&)>& usage = nullptr,
    ParseCache* cache = nullptr) {
  DiagnosticSink& sink = result.diagnostics;
  Ready r{load_and_check(root, sink, jobs, cache), {}, {}};
  if (!r.checked.config) {
    result.exit_code = kExitUsage;
    return std::nullopt;
  }
  std::string problem = usage ? usage(*r.checked.config) : "";
  for (const auto& lang : languages)
    if (problem.empty() && !r.checked.config->language(lang))
      problem = "--lang: '" + lang + "' is not a configured language";
  if (!problem.empty()) {
    result.usage_error = problem;
    result.exit_code = kExitUsage;
    return std::nullopt;
  }
  if (!sink.has_errors()) {
    r.locales = load_locales(root, *r.checked.config, sink);
    r.templates = TemplateSet::load(root, sink);
  }
  if (sink.has_errors()) {
    result.exit_code = kExitFindings;
    return std::nullopt;
  }
  return r;
}

}  // namespace

RunResult run_build(const BuildOptions& options) {
  RunResult result;
  DiagnosticSink& sink = result.diagnostics;
  result.out_dir = options.out_dir.is_absolute() ? options.out_dir : options.root / options.out_dir;
  const fs::path mail_dir =
      options.mail_dir.is_absolute() ? options.mail_dir : options.root / options.mail_dir;
  // Outputs go only where nothing of the site is (no input is overwritten).
  for (std::string problem :
       {output_folder_problem(options.root, result.out_dir, "--out",
                              options.out_dir.generic_string(), mail_dir),
        output_folder_problem(options.root, mail_dir, "--mail-out",
                              options.mail_dir.generic_string(), result.out_dir)})
    if (!problem.empty()) {
      result.usage_error = problem;
      result.exit_code = kExitUsage;
      return result;
    }
  // Everything polypress keeps in .polypress/ is its own real folder or file:
  // a committed link there must not lead a build to write or delete elsewhere.
  if (const auto problem = state_folder_problem(options.root)) {
    sink.error({problem->path, 0, 0}, "emit/state-folder", problem->reason);
    result.exit_code = kExitFindings;
    return result;
  }
  if (const std::string damage = repair_build_state(options.root); !damage.empty())
    sink.warning({kBuildStatePath, 0, 0}, "emit/state", damage + "; this build renders everything");
  // Nothing changed since the last successful build (inputs, options, this
  // binary, and every file it wrote): nothing is parsed, rendered or written,
  // and its warnings are shown again.
  const auto started = std::chrono::duration_cast<std::chrono::nanoseconds>(
                           std::chrono::system_clock::now().time_since_epoch())
                           .count();
  PhaseTimer timer;
  auto mark = [&](const char* phase) { timer.mark(phase); };
  long long newest_input = 0;
  const std::string inputs = fingerprint_inputs(options.root, &newest_input);
  const std::string opts = build_options_fingerprint(options, result.out_dir, mail_dir);
  if (auto last = read_build_record(options.root);
      last && last->inputs == inputs && last->options == opts &&
      last->outputs_state == fingerprint_files(last->outputs = read_build_outputs(options.root))) {
    for (const auto& d : last->findings) sink.report(d.where, d.severity, d.rule, d.message);
    result.stats.unchanged = static_cast<int>(last->outputs.size());
    result.reused = true;
    return result;
  }
  // Otherwise only what changed is parsed and rendered: unchanged articles
  // come from the parse cache and current outputs are left as they are.
  const std::string identity = build_identity(options);
  auto kept = std::make_unique<IncrementalState>(read_incremental_state(options.root, identity));
  kept->articles.newer_than_ns = started - 200'000'000LL;
  mark("manifest");
  auto prepared = prepare_render(options.root, options.languages, options.jobs, result, nullptr,
                                 &kept->articles);
  if (!prepared) return result;
  auto ready = std::make_unique<Ready>(std::move(*prepared));
  mark("load");
  const Checked& c = ready->checked;
  RenderOptions ro;
  ro.drafts = options.drafts;
  ro.languages = options.languages;
  ro.jobs = options.jobs;
  auto plan = std::make_unique<BuildPlan>(options.root, *c.config, c.corpus, ready->locales,
                                          ready->templates, ro);
  for (const auto& f : collect_static(options.root, sink))
    plan->add_copy(OutputFolder::pages, f.path, f.copy_from);
  if (sink.has_errors()) {
    result.exit_code = kExitFindings;
    return result;
  }
  const OutputTargets targets{result.out_dir,
                              mail_dir,
                              options.out_dir.generic_string(),
                              options.mail_dir.generic_string(),
                              options.shard_index,
                              options.shard_count,
                              options.jobs,
                              prepare_staging(options.root, {result.out_dir, mail_dir}),
                              options.progress};
  clear_build_record(options.root);
  mark("plan");
  OutputsResult done = render_and_write(*plan, targets, *kept, identity, sink);
  if (!targets.staging.empty()) remove_staging_folder(targets.staging);
  mark("render");
  result.stats = done.stats;
  result.rendered = done.rendered.size();
  result.pages = done.pages;
  result.emails = done.emails;
  result.rendered_files = std::move(done.rendered);
  if (!sink.has_errors()) {
    // The parse of every article file kept for the next build; those of files
    // no longer in the site forgotten.
    keep_article_parses(kept->articles, c.corpus, done.update);
    std::string state_error = write_incremental_state(options.root, identity, done.update);
    // Findings about this run's own state (a damaged manifest) are not
    // shown again when the next build reuses this one.
    std::vector<Diagnostic> findings = sink.sorted();
    std::erase_if(findings, [](const Diagnostic& d) { return d.rule == "emit/state"; });
    BuildRecord record{inputs, opts, done.outputs, "", std::move(findings)};
    record.outputs_state = fingerprint_files(record.outputs, &done.states);
    // The inputs' fingerprint was taken before anything was read, so an input
    // changed during the build differs from it next time: that build is a
    // real one. A file changed in the last moments could change again within
    // the file system's timestamp granularity without its size changing
    // ("racy git"): a build that started within 200 ms of an input's change is
    // not recorded either.
    if (started - newest_input > 200'000'000LL && state_error.empty())
      state_error = write_build_record(options.root, record);
    mark("record");
    // What earlier builds wrote and this one no longer produces goes (after
    // the record: what this reports is reported once, not replayed).
    const ProducedFiles produced{std::move(done.every), std::move(done.outputs),
                                 std::move(done.states)};
    const std::string tidy_error =
        tidy_output_folders(options.root,
                            {{result.out_dir, options.out_dir.generic_string()},
                             {mail_dir, options.mail_dir.generic_string()}},
                            produced, options.languages.empty(), sink);
    if (state_error.empty()) state_error = tidy_error;
    // Without its record the next build renders everything again: worth
    // knowing, not worth failing this one.
    if (!state_error.empty())
      sink.warning(
          {kBuildStatePath, 0, 0}, "emit/state",
          "cannot record this build: " + state_error + "; the next build renders everything again");
    mark("tidy");
  }
  result.write_failed = result.stats.failed > 0;
  result.exit_code = sink.has_errors() ? kExitFindings : kExitOk;
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

RunResult run_edition(const EditionOptions& options) {
  RunResult result;
  DiagnosticSink& sink = result.diagnostics;
  std::optional<IsoWeek> week;
  auto ready = prepare_render(
      options.root, options.languages, 0, result, [&](const SiteConfig& config) -> std::string {
        week = parse_iso_week(options.week, config.time_zone);
        if (week) return "";
        return "--week must be an ISO week YYYY-Www that exists, not '" + options.week + "'";
      });
  if (!ready) return result;
  const Checked& c = ready->checked;
  RenderOptions ro;
  ro.languages = options.languages;
  std::vector<std::string> empty;
  auto files = render_edition(options.root, *c.config, c.corpus, ready->locales, ready->templates,
                              ro, *week, empty, sink);
  const std::string when =
      week->label + " (" + week_range_text(*week) + ", " + c.config->time_zone + ")";
  if (files.empty()) {
    sink.error({kSiteConfigPath, 0, 0}, "edition/empty",
               "no article was published in " + when + "; no brief was written");
  } else {
    for (const auto& lang : empty)
      sink.warning({kSiteConfigPath, 0, 0}, "edition/empty",
                   "no article in '" + lang + "' was published in " + when +
                       "; that language gets no brief");
  }
  if (sink.has_errors()) {
    result.exit_code = kExitFindings;
    return result;
  }
  const fs::path mail_dir =
      options.mail_dir.is_absolute() ? options.mail_dir : options.root / options.mail_dir;
  if (const auto problem = output_folder_problem(options.root, mail_dir, "--mail-out",
                                                 options.mail_dir.generic_string());
      !problem.empty()) {
    result.usage_error = problem;
    result.exit_code = kExitUsage;
    return result;
  }
  result.out_dir = mail_dir;
  result.stats = write_outputs(mail_dir, options.mail_dir.generic_string(), files, sink);
  // Recorded as the edition's, so that build neither removes nor reports them
  // (never through a link in .polypress/: build reports that one).
  if (!sink.has_errors() && !state_folder_problem(options.root)) {
    std::vector<std::pair<std::string, WrittenFile>> written;
    for (const auto& f : files) {
      const std::string path = (mail_dir / f.path).string();
      written.push_back({absolute_path(path), {file_state(path), "edition"}});
    }
    if (const std::string error = record_written_files(options.root, written, {}); !error.empty())
      sink.warning({kBuildStatePath, 0, 0}, "emit/state",
                   "cannot record the brief's files: " + error +
                       "; the next build reports them as not produced by it");
  }
  result.write_failed = result.stats.failed > 0;
  for (const auto& f : files)
    result.output += options.mail_dir.generic_string() + "/" + f.path + "\n";
  result.exit_code = sink.has_errors() ? kExitFindings : kExitOk;
  return result;
}

RunResult run_send(const std::string& file, const std::string& smtp_url, const std::string& to,
                   const std::string& from) {
  RunResult result;
  const ReadResult bytes = read_file(file, 16u << 20);
  if (!bytes.ok) {
    result.usage_error = "cannot read " + file + ": " + bytes.error;
    result.exit_code = kExitUsage;
    return result;
  }
  // Only a whole message with CRLF line ends goes on the wire.
  if (bytes.bytes.find("\r\n\r\n") == std::string::npos || envelope_sender(bytes.bytes).empty()) {
    result.diagnostics.error({file, 1, 1}, "email/header",
                             "not an email polypress wrote: no CRLF header block with a From "
                             "address");
    result.exit_code = kExitFindings;
    return result;
  }
  std::string error;
  if (!send_email(bytes.bytes, {smtp_url, to, from}, error)) {
    const bool usage = error.rfind("--", 0) == 0;
    result.usage_error = error;
    result.exit_code = usage ? kExitUsage : kExitFindings;
    return result;
  }
  result.output = "sent " + file + " to " + to + " through " + smtp_url + "\n";
  return result;
}

}  // namespace pp
