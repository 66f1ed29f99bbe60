// What only rendering finds, for `validate`: every article's email rendered
// as a build renders it (the same units of the same plan), its bytes dropped.
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <set>

#include "driver/driver_internal.h"

namespace pp {

void check_rendered_emails(const std::filesystem::path& root, const CheckedSite& site,
                           const RenderInputs& inputs, int jobs, DiagnosticSink& sink) {
  if (inputs.usable)
    check_rendered_emails(root, site, inputs.locales, inputs.templates, jobs, sink);
}

void check_rendered_emails(const std::filesystem::path& root, const CheckedSite& site,
                           const LocaleMap& locales, const TemplateSet& templates, int jobs,
                           DiagnosticSink& sink) {
  if (!site.config) return;
  // A bundle with an error is not rendered by a build; neither is it here.
  std::set<std::string> wrong;
  for (const auto& d : sink.items())
    if (d.severity == Severity::error) wrong.insert(d.where.path);
  auto has_error = [&](const Bundle& b) {
    if (wrong.empty()) return false;
    const auto after = wrong.upper_bound(b.dir + "/");
    if (after != wrong.end() && after->rfind(b.dir + "/", 0) == 0) return true;
    for (const auto& [lang, a] : b.articles)
      if (wrong.count(a.path)) return true;
    return false;
  };
  RenderOptions options;
  options.jobs = jobs;
  const BuildPlan plan(root, *site.config, site.corpus, locales, templates, options);
  const auto& units = plan.units();
  std::vector<DiagnosticSink> found(units.size());
  tbb::task_arena arena(jobs > 0 ? jobs : tbb::task_arena::automatic);
  // The same units as a build's: their reads are made for an output.
  const RecordingPhase reads_are_recorded;
  arena.execute([&] {
    tbb::parallel_for(std::size_t{0}, units.size(), [&](std::size_t u) {
      std::vector<bool> want(units[u].outputs.size());
      bool any = false;
      for (std::size_t k = 0; k < want.size(); ++k)
        any |= want[k] =
            units[u].outputs[k].folder == OutputFolder::mail || (k == 0 && units[u].shown_in_email);
      if (!any || (units[u].bundle && has_error(*units[u].bundle))) return;
      std::vector<RenderedOutput> out(want.size());
      units[u].make(want, out);
      for (const auto& o : out) found[u].merge(o.findings);
    });
  });
  // In the plan's order, whatever the scheduling.
  for (const auto& f : found) sink.merge(f);
}

}  // namespace pp
