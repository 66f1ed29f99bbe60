// The rendering and writing half of `build`: each output is rendered only when
// something it read last time has changed (or the file was changed since), on
// every core, and written as soon as it is made, all of it replaced in one batch.
#include <algorithm>
#include <atomic>
#include <unordered_set>

#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>

#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include "core/digest.h"
#include "core/file_io.h"
#include "core/safe_fs.h"
#include "core/state_folder.h"
#include "driver/driver_internal.h"
#include "emit/emit.h"

namespace pp {

namespace fs = std::filesystem;

namespace {

// Stable across runs and machines (FNV-1a), so shards are reproducible.
std::uint64_t stable_hash(const std::string& s) {
  std::uint64_t h = 1469598103934665603ULL;
  for (unsigned char c : s) h = (h ^ c) * 1099511628211ULL;
  return h;
}

}  // namespace

fs::path prepare_staging(const fs::path& root, const std::vector<fs::path>& outputs) {
  const fs::path all = root / kStateFolder / "staging";
  std::error_code ec;
  // Staging folders of builds that no longer run (killed) hold only their
  // temporaries: those go, and nothing else (state_folder_problem() has made
  // sure no link is on the way).
  for (const auto& e : fs::directory_iterator(all, ec)) {
    const std::string name = e.path().filename().string();
    const long pid = std::strtol(name.c_str(), nullptr, 10);
    if (pid > 0 && std::to_string(pid) == name && ::kill(static_cast<pid_t>(pid), 0) != 0 &&
        errno == ESRCH)
      remove_staging_folder(e.path());
  }
  const std::string pid = std::to_string(::getpid());
  const fs::path mine = all / pid;
  remove_staging_folder(mine);
  std::string error;
  struct stat st {};
  if (!make_state_folder(root, fs::path("staging") / pid, error) || ::lstat(mine.c_str(), &st) != 0)
    return {};
  for (fs::path dir : outputs) {
    // The folder, or the nearest of its parents that exists.
    struct stat out {};
    while (::stat(dir.c_str(), &out) != 0 && dir.has_parent_path() && dir != dir.parent_path())
      dir = dir.parent_path();
    if (out.st_dev != st.st_dev) {
      remove_staging_folder(mine);
      return {};
    }
  }
  return mine;
}

std::string dependencies_digest(const BuildPlan& plan, const std::string& global,
                                std::string_view keys) {
  std::string s = global + "\n";
  while (!keys.empty()) {
    const auto nl = std::min(keys.find('\n'), keys.size());
    const std::string_view key = keys.substr(0, nl);
    s.append(key).append("=").append(plan.dependency_value(key)).append("\n");
    keys.remove_prefix(std::min(nl + 1, keys.size()));
  }
  return git_blob_id(s);
}

OutputsResult render_and_write(const BuildPlan& plan, const OutputTargets& targets,
                               const IncrementalState& kept, const std::string& global,
                               DiagnosticSink& sink) {
  OutputsResult result;
  const auto& units = plan.units();
  // Every output, its file and whether it is this shard's.
  struct Slot {
    std::size_t unit, index;
    fs::path file;
    std::string shown;  ///< as the user named the folder
    bool mine = false, wanted = false;
    std::string state;  ///< file_state() of the file, once known
  };
  std::vector<Slot> slots;
  std::vector<std::size_t> first(units.size() + 1, 0);
  std::vector<std::string> every;
  for (std::size_t u = 0; u < units.size(); ++u) {
    first[u] = slots.size();
    for (std::size_t i = 0; i < units[u].outputs.size(); ++i) {
      const PlannedOutput& o = units[u].outputs[i];
      const bool mail = o.folder == OutputFolder::mail;
      Slot s{u,
             i,
             (mail ? targets.mail_dir : targets.out_dir) / o.path,
             (mail ? targets.mail_shown : targets.out_shown) + "/" + o.path,
             false,
             false,
             {}};
      if (!stays_inside(o.path)) {
        sink.error({s.shown, 0, 0}, "emit/path", "refusing to write outside the output folder");
        return result;
      }
      s.mine =
          targets.shard_count <= 1 || stable_hash((mail ? "mail:" : "") + o.path) %
                                              static_cast<std::uint64_t>(targets.shard_count) ==
                                          static_cast<std::uint64_t>(targets.shard_index - 1);
      every.push_back(s.file.string());
      slots.push_back(std::move(s));
    }
  }
  first[units.size()] = slots.size();
  // Two outputs on one file would leave whichever came last: refused.
  std::sort(every.begin(), every.end());
  for (std::size_t i = 1; i < every.size(); ++i)
    if (every[i] == every[i - 1]) {
      for (const auto& s : slots)
        if (s.file.string() == every[i]) {
          sink.error({s.shown, 0, 0}, "emit/path", "two outputs would be written to this file");
          break;
        }
      result.stats.failed = 1;
      return result;
    }
  for (const char* dir_kind : {"out", "mail"}) {
    const fs::path& dir = std::string(dir_kind) == "out" ? targets.out_dir : targets.mail_dir;
    std::error_code ec;
    if (fs::exists(dir, ec) && !fs::is_directory(dir, ec)) {
      sink.error({std::string(dir_kind) == "out" ? targets.out_shown : targets.mail_shown, 0, 0},
                 "emit/write", "the output folder is not a folder");
      result.stats.failed = 1;
      return result;
    }
  }
  tbb::task_arena arena(targets.jobs > 0 ? targets.jobs : tbb::task_arena::automatic);
  // 1. What must be rendered: an output never recorded, changed on disk since,
  // or one of whose dependencies has a new value.
  arena.execute([&] {
    tbb::parallel_for(std::size_t{0}, slots.size(), [&](std::size_t k) {
      Slot& s = slots[k];
      if (!s.mine) return;
      auto it = kept.outputs.find(s.file.string());
      if (it != kept.outputs.end()) s.state = file_state(s.file.string());
      s.wanted = it == kept.outputs.end() || s.state != it->second.state ||
                 dependencies_digest(plan, global, it->second.dependencies) != it->second.digest;
    });
  });
  // Nothing is written through a link inside an output folder (public/en ->
  // elsewhere would put the pages there): each folder on the way to a file
  // that will be written must be a real folder. (A file that is itself a link
  // has a new stamp, is written again, and its rename replaces the link.)
  std::unordered_set<std::string> real_dirs;
  for (const Slot& s : slots) {
    if (!s.wanted) continue;
    const PlannedOutput& o = units[s.unit].outputs[s.index];
    const bool mail = o.folder == OutputFolder::mail;
    const fs::path rel = fs::path(o.path).parent_path();
    const std::string key = (mail ? "mail:" : "pages:") + rel.string();
    if (rel.empty() || real_dirs.count(key)) continue;
    const std::string link = link_on_way(mail ? targets.mail_dir : targets.out_dir, rel);
    if (!link.empty()) {
      sink.error({(mail ? targets.mail_shown : targets.out_shown) + "/" + link, 0, 0},
                 "emit/output-link", kOutputLinkMessage);
      result.stats.failed = 1;
      return result;
    }
    for (fs::path d = rel; !d.empty(); d = d.parent_path())
      real_dirs.insert((mail ? "mail:" : "pages:") + d.string());
  }
  std::size_t to_render = 0;
  for (const Slot& s : slots) {
    if (!s.mine) continue;
    to_render += s.wanted;
    const std::string name = s.file.filename().string();
    result.pages += name.ends_with(".html");
    result.emails += name.ends_with(".eml");
  }
  std::atomic<std::size_t> done_count{0};
  // 2. Render those, stage each file as soon as it is made, and keep what it read.
  AtomicBatch batch(targets.staging);
  std::vector<OutputRecord> records(slots.size());
  std::vector<WriteOutcome> outcomes(slots.size(), WriteOutcome::unchanged);
  std::vector<DiagnosticSink> findings(slots.size());
  std::vector<std::string> errors(slots.size());
  std::atomic<bool> failed{false};
  arena.execute([&] {
    tbb::parallel_for(std::size_t{0}, units.size(), [&](std::size_t u) {
      std::vector<bool> want(units[u].outputs.size());
      bool any = false;
      for (std::size_t k = first[u]; k < first[u + 1]; ++k)
        any |= (want[slots[k].index] = slots[k].wanted);
      if (!any || failed) return;
      std::vector<RenderedOutput> out(want.size());
      units[u].make(want, out);
      if (targets.progress) {
        std::size_t made = 0;
        for (std::size_t k = first[u]; k < first[u + 1]; ++k) made += slots[k].wanted;
        targets.progress(done_count += made, to_render);
      }
      for (std::size_t k = first[u]; k < first[u + 1]; ++k) {
        RenderedOutput& r = out[slots[k].index];
        findings[k] = std::move(r.findings);
        if (!slots[k].wanted || failed || findings[k].has_errors()) continue;
        for (const auto& key : r.dependencies)
          records[k].dependencies.append(records[k].dependencies.empty() ? "" : "\n").append(key);
        records[k].digest = dependencies_digest(plan, global, records[k].dependencies);
        outcomes[k] = batch.stage(slots[k].file, r.bytes, errors[k]);
        if (outcomes[k] == WriteOutcome::failed) failed = true;
      }
    });
  });
  // Findings in output order, whatever the scheduling; those of outputs not
  // rendered again are the ones recorded when they were.
  for (std::size_t k = 0; k < slots.size(); ++k) {
    if (!slots[k].mine) continue;
    if (slots[k].wanted) {
      result.rendered.push_back(slots[k].shown);
      sink.merge(findings[k]);
    } else {
      for (const auto& d : kept.outputs.at(slots[k].file.string()).findings)
        sink.report(d.where, d.severity, d.rule, d.message);
    }
  }
  for (std::size_t k = 0; k < slots.size(); ++k) {
    if (outcomes[k] != WriteOutcome::failed) continue;
    // Name the file as the user knows it, not by the absolute path.
    std::string why = errors[k];
    const std::string abs = slots[k].file.string();
    if (why.rfind(abs, 0) == 0) why = slots[k].shown + why.substr(abs.size());
    sink.error({slots[k].shown, 0, 0}, "emit/write", "cannot write: " + why);
    result.stats.failed = 1;
    return result;  // the batch is dropped: every file stays as it was
  }
  if (sink.has_errors()) return result;
  fs::path failed_file;
  std::string error;
  if (!batch.commit(failed_file, error)) {
    for (const auto& s : slots)
      if (s.file == failed_file) {
        const std::string abs = s.file.string();
        if (error.rfind(abs, 0) == 0) error = s.shown + error.substr(abs.size());
        sink.error({s.shown, 0, 0}, "emit/write", "cannot write: " + error);
      }
    result.stats.failed = 1;
    return result;
  }
  // 3. What the next build needs to know.
  for (std::size_t k = 0; k < slots.size(); ++k) {
    if (!slots[k].mine) continue;
    result.outputs.push_back(slots[k].file.string());
    if (!slots[k].wanted) {
      result.states.push_back(slots[k].state);
      ++result.stats.unchanged;
      continue;
    }
    if (outcomes[k] == WriteOutcome::written) ++result.stats.written;
    if (outcomes[k] == WriteOutcome::unchanged) ++result.stats.unchanged;
    records[k].state = file_state(slots[k].file.string());
    result.states.push_back(records[k].state);
    records[k].findings = findings[k].sorted();
    result.update.outputs.emplace_back(slots[k].file.string(), std::move(records[k]));
  }
  for (const auto& [path, record] : kept.outputs)
    if (!std::binary_search(every.begin(), every.end(), path))
      result.update.removed_outputs.push_back(path);
  result.every = std::move(every);
  return result;
}

}  // namespace pp
