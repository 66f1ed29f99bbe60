// The rendering half of `build`, as an order of stages: emit places the
// outputs, incremental says which must be rendered, each of those is rendered
// on every core and handed to emit as soon as it is made, and emit replaces
// them all in one batch; incremental then gets the records of what was made.
#include <algorithm>
#include <atomic>

#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include "driver/driver_internal.h"
#include "driver/phase_timer.h"

namespace pp {

namespace fs = std::filesystem;

namespace {

// What rendering gave for each output (by its place in `placed`).
struct Rendered {
  std::vector<OutputRecord> records;
  std::vector<DiagnosticSink> findings;
};

// Where each unit's outputs start in place_outputs()'s order (one past the
// last unit: their count).
std::vector<std::size_t> unit_starts(const std::vector<RenderUnit>& units) {
  std::vector<std::size_t> first(units.size() + 1, 0);
  for (std::size_t u = 0; u < units.size(); ++u) first[u + 1] = first[u] + units[u].outputs.size();
  return first;
}

// Renders the wanted outputs of every unit, staging each file as soon as it
// is made, and keeps what each read. After a finding or a failed staging,
// nothing more is staged.
void render_wanted(const BuildPlan& plan, const std::vector<bool>& wanted,
                   const OutputTargets& targets, const std::string& global, OutputBatch& batch,
                   Rendered& made) {
  const auto& units = plan.units();
  const std::vector<std::size_t> first = unit_starts(units);
  const std::size_t to_render =
      static_cast<std::size_t>(std::count(wanted.begin(), wanted.end(), true));
  std::atomic<std::size_t> done_count{0};
  std::atomic<bool> failed{false};
  // Every read from here on is made for an output and recorded in its log.
  const RecordingPhase reads_are_recorded;
  tbb::parallel_for(std::size_t{0}, units.size(), [&](std::size_t u) {
    std::vector<bool> want(units[u].outputs.size());
    std::size_t count = 0;
    for (std::size_t k = first[u]; k < first[u + 1]; ++k) count += (want[k - first[u]] = wanted[k]);
    if (count == 0 || failed) return;
    std::vector<RenderedOutput> out(want.size());
    units[u].make(want, out);
    if (targets.progress) targets.progress(done_count += count, to_render);
    for (std::size_t k = first[u]; k < first[u + 1]; ++k) {
      RenderedOutput& r = out[k - first[u]];
      made.findings[k] = std::move(r.findings);
      if (!wanted[k] || failed || made.findings[k].has_errors()) continue;
      made.records[k] = output_record(r.dependencies, plan, global);
      if (!batch.stage(k, r.bytes)) failed = true;
    }
  });
}

// Findings in output order, whatever the scheduling; those of outputs not
// rendered again are the ones recorded when they were.
void report_findings(const std::vector<PlacedOutput>& placed, const std::vector<bool>& wanted,
                     const std::vector<const OutputRecord*>& records, Rendered& made,
                     OutputsResult& result, DiagnosticSink& sink) {
  for (std::size_t k = 0; k < placed.size(); ++k) {
    if (!placed[k].mine) continue;
    if (wanted[k]) {
      result.rendered.push_back(placed[k].shown);
      sink.merge(made.findings[k]);
    } else {
      for (const auto& d : records[k]->findings)
        sink.report(d.where, d.severity, d.rule, d.message);
    }
  }
}

// What the next build needs to know of this share's outputs, once written.
void record_outputs(const std::vector<PlacedOutput>& placed, const std::vector<bool>& wanted,
                    std::vector<std::string>& states, const OutputBatch& batch, Rendered& made,
                    OutputsResult& result) {
  for (std::size_t k = 0; k < placed.size(); ++k) {
    if (!placed[k].mine) continue;
    const std::string& file = placed[k].file;
    result.outputs.push_back(file);
    if (!wanted[k]) {
      result.states.push_back(std::move(states[k]));
      ++result.stats.unchanged;
      continue;
    }
    if (batch.outcome(k) == WriteOutcome::written) ++result.stats.written;
    if (batch.outcome(k) == WriteOutcome::unchanged) ++result.stats.unchanged;
    OutputRecord& record = made.records[k];
    record.state = file_state(file);
    result.states.push_back(record.state);
    record.findings = made.findings[k].sorted();
    result.update.outputs.emplace_back(file, std::move(record));
  }
}

void count_kinds(const std::vector<PlacedOutput>& placed, OutputsResult& result) {
  for (const auto& p : placed) {
    if (!p.mine) continue;
    const std::string_view name = std::string_view(p.file).substr(p.file.rfind('/') + 1);
    result.pages += name.ends_with(".html");
    result.emails += name.ends_with(".eml");
  }
}

}  // namespace

OutputsResult render_and_write(const BuildPlan& plan, const OutputTargets& targets,
                               const IncrementalState& kept, const std::string& global,
                               DiagnosticSink& sink) {
  OutputsResult result;
  PhaseTimer timer("  ");
  const OutputFolders folders{targets.out_dir,    targets.mail_dir,    targets.out_shown,
                              targets.mail_shown, targets.shard_index, targets.shard_count};
  bool write_failed = false;
  const auto placed = place_outputs(plan.units(), folders, sink, write_failed);
  result.stats.failed = write_failed;
  if (!placed) return result;
  timer.mark("place");
  if (targets.clean && !clean_is_safe(*placed, folders, sink)) return result;  // nothing written
  std::vector<std::string> files, states;
  std::vector<bool> mine;
  for (const auto& p : *placed) {
    files.push_back(p.file);
    mine.push_back(p.mine);
  }
  tbb::task_arena arena(targets.jobs > 0 ? targets.jobs : tbb::task_arena::automatic);
  std::vector<bool> wanted;
  std::vector<const OutputRecord*> records;
  arena.execute(
      [&] { wanted = outputs_to_render(files, mine, kept, plan, global, states, &records); });
  if (!output_ways_are_clear(plan.units(), *placed, wanted, folders, sink)) {
    result.stats.failed = 1;
    return result;
  }
  count_kinds(*placed, result);
  if (targets.explain)
    for (std::size_t k = 0; k < placed->size(); ++k)
      if ((*placed)[k].mine && wanted[k])
        result.explained.push_back(
            {(*placed)[k].shown, why_rendered(kept, files[k], states[k], plan)});
  timer.mark("decide");
  OutputBatch batch(*placed, targets.staging, {targets.out_dir, targets.mail_dir});
  Rendered made{std::vector<OutputRecord>(placed->size()),
                std::vector<DiagnosticSink>(placed->size())};
  arena.execute([&] { render_wanted(plan, wanted, targets, global, batch, made); });
  report_findings(*placed, wanted, records, made, result, sink);
  if (!batch.staged_all(sink)) {
    result.stats.failed = 1;
    return result;
  }
  if (sink.has_errors()) return result;
  timer.mark("make");
  if (!batch.commit(sink)) {
    result.stats.failed = 1;
    return result;
  }
  timer.mark("commit");
  record_outputs(*placed, wanted, states, batch, made, result);
  // A build of some languages leaves the others' outputs (and their stale
  // files) to a build of all: their records stay for it. When every record
  // kept is the record of a file produced now (the usual rebuild), none is
  // to be forgotten, and the records are not walked.
  const auto with_record = static_cast<std::size_t>(
      std::count_if(records.begin(), records.end(), [](const auto* r) { return r != nullptr; }));
  if (!targets.some_languages && with_record != kept.outputs.size())
    forget_outputs_not_in(kept, files, {targets.out_dir.string(), targets.mail_dir.string()},
                          result.update);
  result.every = std::move(files);
  return result;
}

}  // namespace pp
