// `edition`: the weekly brief of an ISO week, one email per language.
#include <unistd.h>

#include <algorithm>

#include "config/config.h"
#include "core/clock.h"
#include "core/safe_fs.h"
#include "core/state_folder.h"
#include "driver/driver.h"
#include "driver/driver_internal.h"
#include "emit/stale_outputs.h"
#include "incremental/incremental.h"

namespace pp {

namespace fs = std::filesystem;

namespace {

// Records the brief's files as the edition's, so build neither removes nor
// reports them (never through a link in .polypress/: build reports that one).
void record_brief(const fs::path& root, const fs::path& mail_dir,
                  const std::vector<OutputFile>& files, DiagnosticSink& sink) {
  if (sink.has_errors() || state_folder_problem(root)) return;
  std::vector<std::pair<std::string, WrittenFile>> written;
  for (const auto& f : files) {
    const std::string path = (mail_dir / f.path).string();
    written.push_back({absolute_path(path), {file_state(path), "edition"}});
  }
  if (const std::string error = record_written_files(root, written, {}); !error.empty())
    sink.warning({kBuildStatePath, 0, 0}, "emit/state",
                 "cannot record the brief's files: " + error +
                     "; the next build reports them as not produced by it");
}

// A language without an article in the week gets no brief: the one an
// earlier edition of the same week wrote for it goes, when it is as that
// edition left it and no link is on its way (issue 39).
void remove_unmade_briefs(const fs::path& root, const fs::path& mail_dir,
                          const std::vector<std::string>& languages, const std::string& label) {
  if (languages.empty() || state_folder_problem(root)) return;
  const auto written = read_written_files(root);
  std::vector<std::string> forgotten;
  for (const auto& lang : languages) {
    const std::string rel = lang + "/brief-" + label + ".eml";
    const std::string path = absolute_path((mail_dir / rel).string());
    const auto it = written.find(path);
    if (it == written.end() || it->second.made_by != "edition" ||
        !link_on_way(mail_dir, rel).empty() || !same_as_written(file_state(path), it->second.state))
      continue;
    if (::unlink(path.c_str()) != 0) continue;
    forgotten.push_back(path);
  }
  if (!forgotten.empty()) (void)record_written_files(root, {}, forgotten);
}

}  // namespace

EditionResult run_edition(const EditionOptions& options) {
  EditionResult result;
  DiagnosticSink& sink = result.diagnostics;
  std::optional<IsoWeek> week;
  auto ready = prepare_render(
      options.root, options.languages, 0, result,
      [&](const SiteConfig& config) -> std::string {
        week = parse_iso_week(options.week, config.time_zone);
        if (week) return "";
        return "--week must be an ISO week YYYY-Www that exists, not '" + options.week + "'";
      },
      nullptr, options.overrides);
  if (!ready) return result;
  const CheckedSite& c = ready->checked;
  RenderOptions ro;
  ro.languages = options.languages;
  // What build publishes now: no article dated later or expired (the brief
  // links to its pages and to the week's web copy, which build made).
  ro.publishing.now_ms = current_time_ms();
  std::vector<std::string> empty;
  auto files = render_edition(options.root, *c.config, c.corpus, ready->locales, ready->templates,
                              ro, *week, empty, sink);
  const std::string when =
      week->label + " (" + week_range_text(*week) + ", " + c.config->time_zone + ")";
  // Only a week without an article in any language is empty: a brief that
  // could not be made has said why (email/...).
  std::size_t languages = 0;
  for (const auto& l : c.config->languages)
    languages +=
        ready->locales.count(l.code) &&
        (ro.languages.empty() || std::count(ro.languages.begin(), ro.languages.end(), l.code));
  const bool week_empty = empty.size() == languages;
  if (week_empty) {
    const std::string notes = edition_week_notes(c.corpus, *c.config, *week);
    sink.error({kSiteConfigPath, 0, 0}, "edition/empty",
               "no article was published in " + when + "; no brief was written" +
                   (notes.empty() ? "" : "; " + notes));
  } else {
    for (const auto& lang : empty)
      sink.warning({kSiteConfigPath, 0, 0}, "edition/empty",
                   "no article in '" + lang + "' was published in " + when +
                       "; that language gets no brief");
  }
  const fs::path mail_dir =
      options.mail_dir.is_absolute() ? options.mail_dir : options.root / options.mail_dir;
  const auto problem = output_folder_problem(options.root, mail_dir, "--mail-out",
                                             options.mail_dir.generic_string());
  // A week with no article left in any language has no brief: those an
  // earlier edition of it wrote go too, as a site that never had them has
  // none (the referee, seed 2501: a week emptied by later edits kept them).
  if (week_empty && problem.empty())
    remove_unmade_briefs(options.root, mail_dir, empty, week->label);
  if (sink.has_errors()) return result;
  if (!problem.empty()) {
    result.stop(ErrorKind::usage, problem);
    return result;
  }
  write_outputs(mail_dir, options.mail_dir.generic_string(), files, sink);
  record_brief(options.root, mail_dir, files, sink);
  // What the warning above says: that language gets no brief, so the one
  // an earlier edition of this week wrote goes, as build removes the pages
  // it no longer produces.
  if (!sink.has_errors()) remove_unmade_briefs(options.root, mail_dir, empty, week->label);
  for (const auto& f : files)
    result.files.push_back(options.mail_dir.generic_string() + "/" + f.path);
  return result;
}

}  // namespace pp
