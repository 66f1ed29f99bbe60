// A build's output files: where each goes, which folders on the way must be
// real, and one batch that stages each file as it is rendered and replaces
// them all at once.
#include <algorithm>
#include <string_view>
#include <unordered_set>

#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>

#include "core/safe_fs.h"
#include "core/site_layout.h"
#include "core/state_folder.h"
#include "emit/emit.h"
#include "emit/emit_internal.h"

namespace pp {

namespace fs = std::filesystem;

namespace {

// Stable across runs and machines (FNV-1a), so shards are reproducible.
std::uint64_t stable_hash(const std::string& s) {
  std::uint64_t h = 1469598103934665603ULL;
  for (unsigned char c : s) h = (h ^ c) * 1099511628211ULL;
  return h;
}

bool in_my_shard(const OutputFolders& f, bool mail, const std::string& path) {
  return f.shard_count <= 1 ||
         stable_hash((mail ? "mail:" : "") + path) % static_cast<std::uint64_t>(f.shard_count) ==
             static_cast<std::uint64_t>(f.shard_index - 1);
}

// `dir` / `path` (a relative path, '/'-separated), joined as text: what
// operator/ gives for it, without parsing either.
std::string placed_file(const fs::path& dir, const std::string& path) {
  const std::string& d = dir.native();
  if (d.empty()) return path;
  return d.back() == '/' ? d + path : d + "/" + path;
}

// Two outputs on one file would leave whichever came last: refused.
bool one_output_per_file(const std::vector<PlacedOutput>& placed, DiagnosticSink& sink) {
  std::unordered_set<std::string_view> seen;
  seen.reserve(placed.size());
  bool twice_somewhere = false;
  for (const auto& p : placed)
    if (!seen.insert(p.file).second) {
      twice_somewhere = true;
      break;
    }
  if (!twice_somewhere) return true;
  // The first of them in file order is named.
  std::vector<std::string> files;
  files.reserve(placed.size());
  for (const auto& p : placed) files.push_back(p.file);
  std::sort(files.begin(), files.end());
  const auto twice = std::adjacent_find(files.begin(), files.end());
  if (twice == files.end()) return true;
  for (const auto& p : placed)
    if (p.file == *twice) {
      sink.error({p.shown, 0, 0}, "emit/path", "two outputs would be written to this file");
      break;
    }
  return false;
}

}  // namespace

std::optional<std::vector<PlacedOutput>> place_outputs(const std::vector<RenderUnit>& units,
                                                       const OutputFolders& folders,
                                                       DiagnosticSink& sink, bool& write_failed) {
  write_failed = false;
  std::vector<PlacedOutput> placed;
  for (std::size_t u = 0; u < units.size(); ++u)
    for (std::size_t i = 0; i < units[u].outputs.size(); ++i) {
      const PlannedOutput& o = units[u].outputs[i];
      const bool mail = o.folder == OutputFolder::mail;
      PlacedOutput p{u, i, placed_file(mail ? folders.mail_dir : folders.out_dir, o.path),
                     (mail ? folders.mail_shown : folders.out_shown) + "/" + o.path,
                     in_my_shard(folders, mail, o.path)};
      if (!output_path_usable(o.path, p.shown, sink)) return std::nullopt;
      placed.push_back(std::move(p));
    }
  write_failed = !one_output_per_file(placed, sink) ||
                 !output_folder_usable(folders.out_dir, folders.out_shown, sink) ||
                 !output_folder_usable(folders.mail_dir, folders.mail_shown, sink);
  if (write_failed) return std::nullopt;
  return placed;
}

bool clean_is_safe(const std::vector<PlacedOutput>& placed, const OutputFolders& folders,
                   DiagnosticSink& sink) {
  const std::pair<const fs::path*, const std::string*> each[] = {
      {&folders.out_dir, &folders.out_shown}, {&folders.mail_dir, &folders.mail_shown}};
  for (const auto& [dir, shown] : each) {
    std::error_code ec;
    if (file_kind(*dir) != FileKind::directory || fs::is_empty(*dir, ec))
      continue;  // nothing to remove
    const std::string prefix = dir->string() + "/";
    const bool built = std::any_of(placed.begin(), placed.end(), [&](const PlacedOutput& p) {
      return p.file.starts_with(prefix) && file_kind(p.file) == FileKind::regular;
    });
    if (built) continue;
    sink.error({*shown, 0, 0}, "emit/clean-refused",
               "--clean would empty a folder this site's builds never wrote: it holds files, "
               "but none of the build's outputs; nothing is removed (check --out and "
               "--mail-out, or empty it yourself)");
    return false;
  }
  return true;
}

bool output_ways_are_clear(const std::vector<RenderUnit>& units,
                           const std::vector<PlacedOutput>& placed, const std::vector<bool>& wanted,
                           const OutputFolders& folders, DiagnosticSink& sink) {
  // Nothing is written through a link inside an output folder (public/en ->
  // elsewhere would put the pages there): each folder on the way to a file
  // that will be written must be a real folder. (A file that is itself a link
  // has a new stamp, is written again, and its rename replaces the link.)
  std::unordered_set<std::string> real_dirs;
  for (std::size_t k = 0; k < placed.size(); ++k) {
    if (!wanted[k]) continue;
    const PlannedOutput& o = units[placed[k].unit].outputs[placed[k].index];
    const bool mail = o.folder == OutputFolder::mail;
    const fs::path rel = fs::path(o.path).parent_path();
    const std::string tag = mail ? "mail:" : "pages:";
    if (rel.empty() || real_dirs.count(tag + rel.string())) continue;
    if (!output_way_clear(mail ? folders.mail_dir : folders.out_dir,
                          mail ? folders.mail_shown : folders.out_shown, rel, sink))
      return false;
    for (fs::path d = rel; !d.empty(); d = d.parent_path()) real_dirs.insert(tag + d.string());
  }
  return true;
}

fs::path prepare_staging(const fs::path& root, const std::vector<fs::path>& outputs) {
  const fs::path all = root / kStagingFolder;
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

OutputBatch::OutputBatch(const std::vector<PlacedOutput>& placed, fs::path staging,
                         const std::vector<fs::path>& folders)
    : placed_(placed),
      batch_(std::move(staging)),
      outcomes_(placed.size(), WriteOutcome::unchanged),
      errors_(placed.size()) {
  for (const auto& f : folders) batch_.stage_as_tree(f);
}

bool OutputBatch::stage(std::size_t k, const std::string& bytes) {
  outcomes_[k] = batch_.stage(placed_[k].file, bytes, errors_[k]);
  return outcomes_[k] != WriteOutcome::failed;
}

bool OutputBatch::staged_all(DiagnosticSink& sink) const {
  for (std::size_t k = 0; k < placed_.size(); ++k) {
    if (outcomes_[k] != WriteOutcome::failed) continue;
    const PlacedOutput& p = placed_[k];
    sink.error({p.shown, 0, 0}, "emit/write",
               "cannot write: " + as_shown(errors_[k], p.file, p.shown));
    return false;  // the batch is dropped: every file stays as it was
  }
  return true;
}

bool OutputBatch::commit(DiagnosticSink& sink) {
  fs::path failed_file;
  std::string error;
  if (batch_.commit(failed_file, error)) return true;
  for (const auto& p : placed_)
    if (p.file == failed_file.native())
      sink.error({p.shown, 0, 0}, "emit/write",
                 "cannot write: " + as_shown(error, p.file, p.shown));
  return false;
}

}  // namespace pp
