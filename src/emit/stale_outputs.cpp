#include "emit/stale_outputs.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <unordered_set>

#include "core/file_io.h"
#include "core/safe_fs.h"
#include "core/site_layout.h"
#include "incremental/incremental.h"

namespace pp {

namespace fs = std::filesystem;

namespace {

// How deep a walk of an output folder goes looking for files placed by hand
// (polypress's own outputs are a few folders deep).
constexpr int kMaxOutputDepth = 2 * kMaxFolderDepth;

// An empty folder --clean finds is removed only when it has been empty this
// long (ns): one made just now may be about to get a file (another shard's).
constexpr long long kSettledNs = 10'000'000'000LL;

// How many files placed by hand are named one by one in a folder.
constexpr std::size_t kMaxNamed = 20;

// The folder of `folders` that holds `path`, or nullptr.
const OutputFolderRef* folder_of(const std::string& path,
                                 const std::vector<OutputFolderRef>& folders) {
  for (const auto& f : folders) {
    const std::string dir = f.dir.string() + "/";
    if (path.size() > dir.size() && path.compare(0, dir.size(), dir) == 0) return &f;
  }
  return nullptr;
}

// The mount `path` is on (not following a link): its device and, where the
// kernel tells it, its mount's id, for a bind mount of a folder of the same
// file system has the same device. {0, 0} when it cannot be read.
using Mount = std::pair<dev_t, std::uint64_t>;
Mount mount_of(const struct statx& st) {
  return {::makedev(st.stx_dev_major, st.stx_dev_minor),
          (st.stx_mask & STATX_MNT_ID) ? st.stx_mnt_id : 0};
}

// statx() of `path`, not following a link; false when it cannot be read.
bool statx_of(const std::string& path, struct statx& st) {
  return ::statx(AT_FDCWD, path.c_str(), AT_SYMLINK_NOFOLLOW,
                 STATX_TYPE | STATX_MTIME | STATX_INO | STATX_MNT_ID, &st) == 0;
}

Mount mount_of(const std::string& path) {
  struct statx st {};
  return statx_of(path, st) ? mount_of(st) : Mount{0, 0};
}

// The folder holding `path` (absolute and normal, as recorded).
std::string parent_of(const std::string& path) {
  return path.substr(0, path.rfind('/'));
}

}  // namespace

bool same_as_written(const std::string& now, const std::string& written) {
  const auto size_and_time = [](const std::string& state) {
    const auto first = state.find(' ');
    return first == std::string::npos ? state : state.substr(0, state.find(' ', first + 1));
  };
  return size_and_time(now) == size_and_time(written);
}

namespace {

std::string shown_path(const OutputFolderRef& f, const std::string& path) {
  return f.shown + "/" + fs::path(path).lexically_relative(f.dir).generic_string();
}

}  // namespace

std::string absolute_path(const std::string& path) {
  std::error_code ec;
  const fs::path p = fs::absolute(fs::path(path), ec);
  std::string s = (ec ? fs::path(path) : p).lexically_normal().string();
  // A folder named with a final slash ("--out public/") is the same folder.
  while (s.size() > 1 && s.back() == '/') s.pop_back();
  return s;
}

namespace {

// Removes the folders between `file` and `top` that are empty now.
void remove_empty_parents(const fs::path& file, const fs::path& top) {
  for (fs::path d = file.parent_path(); d != top && d.string().size() > top.string().size();
       d = d.parent_path())
    if (::rmdir(d.c_str()) != 0) break;
}

// One tidying of the output folders: what the record holds, what this build
// produced, and the changes to the record it gathers on the way.
class Tidy {
 public:
  Tidy(const fs::path& root, const std::vector<OutputFolderRef>& given_folders,
       const ProducedFiles& produced, bool clean, DiagnosticSink& sink,
       std::vector<RemovedFile>* removed)
      : given_(given_folders),
        folders_(given_folders),
        written_(read_written_files(root)),
        sink_(sink),
        clean_(clean),
        removed_(removed),
        listed_(read_listed_folders(root)) {
    // --clean looks into every folder, whatever its stamp says.
    if (clean_)
      for (const auto& [path, stamp] : listed_) relist_.insert(path);
    // Paths are recorded and compared absolute and normal, whichever form of
    // the site's folder (-C site, -C ./site, another working folder) built them.
    for (auto& f : folders_) f.dir = fs::path(absolute_path(f.dir.string()));
    for (const auto& f : folders_) mounts_.push_back(mount_of(f.dir.string()));
    all_.reserve(produced.all.size());
    for (const auto& p : produced.all) all_.insert(rebase(p));
  }

  // Only what changed since the last record is written again.
  void record_changed(const ProducedFiles& produced) {
    for (std::size_t i = 0; i < produced.mine.size(); ++i) {
      std::string path = rebase(produced.mine[i]);
      const auto it = written_.find(path);
      if (it == written_.end() || it->second.state != produced.states[i] ||
          it->second.made_by != "build")
        record_.push_back({std::move(path), {produced.states[i], "build"}});
    }
  }

  // What earlier builds wrote and this one no longer produces.
  // With --clean, also the files it did not write (the briefs of `edition`,
  // those placed by hand), whatever happened to them since.
  void remove_stale() {
    for (const auto& [path, file] : written_) {
      if (is_produced(path) || (file.made_by != "build" && !clean_)) continue;
      const OutputFolderRef* f = folder_of(path, folders_);
      if (!f) continue;  // written into another output folder: not this build's
      remove_stale_file(path, file, *f);
    }
  }

  // Files no build produced: placed by hand, reported once.
  // With no record of earlier builds (.polypress/build.sqlite missing or
  // damaged), one warning says that these may be a deleted article's pages.
  // The files found then are recorded as "unknown" (not "foreign"), and the
  // warning is given again by every build while one of them is still there
  // and not produced: a build killed before it showed the warning must not
  // leave them kept in silence.
  void report_foreign() {
    std::size_t count = 0;
    for (const auto& f : folders_) count += report_foreign_in(f);
    forget_unseen_folders();
    if (!written_.empty()) count = 0;
    for (const auto& [path, file] : written_)
      if (file.made_by == "unknown" && !is_produced(path) && folder_of(path, folders_) &&
          file_state(path) != "missing")
        ++count;
    if (count > 0)
      sink_.warning({std::string(kBuildStatePath), 0, 0}, "emit/no-record",
                    "no record of the files earlier builds wrote (it is missing or was "
                    "damaged), so what this build does not produce is kept: " +
                        std::to_string(count) + (count == 1 ? " file" : " files") +
                        " in the output folders, perhaps a deleted article's pages; `polypress "
                        "build --clean` removes them");
  }

  std::string save(const fs::path& root) const {
    return record_written_files(root, record_, forget_, listed_changes_);
  }

 private:
  const std::vector<OutputFolderRef>& given_;
  std::vector<OutputFolderRef> folders_;  // given_, made absolute
  std::unordered_set<std::string> all_;   // every output, absolute
  const std::unordered_map<std::string, WrittenFile> written_;
  DiagnosticSink& sink_;
  const bool clean_;                   // --clean: nothing that is not produced is kept
  std::vector<RemovedFile>* removed_;  // what was removed (or nullptr)
  std::vector<Mount> mounts_;          // mount_of() each folder: nothing on another is removed
  std::vector<std::pair<std::string, WrittenFile>> record_;
  std::vector<std::string> forget_;
  std::unordered_map<std::string, std::string> listed_;  // folders as last listed: stamps
  std::unordered_map<std::string, std::vector<std::string>> children_;  // of listed_, by parent
  std::unordered_set<std::string> seen_;    // folders visited by this walk
  std::unordered_set<std::string> relist_;  // folders to list again next time
  ListedFolderChanges listed_changes_;
  std::vector<std::string> empty_;  // empty folders --clean found, deepest first

  // `p` made absolute. Every output lies in one of the folders, so only the
  // folder's part of its path needs making absolute.
  std::string rebase(const std::string& p) const {
    for (std::size_t k = 0; k < folders_.size(); ++k) {
      std::string given = given_[k].dir.string();
      if (given.empty() || given.back() != '/') given += '/';
      if (p.compare(0, given.size(), given) == 0)
        return folders_[k].dir.string() + "/" + p.substr(given.size());
    }
    return absolute_path(p);
  }

  bool is_produced(const std::string& p) const { return all_.count(p) > 0; }

  // Removes `path` unless a link is on its way or it changed since it was
  // written (then it is kept and reported); forgets it unless kept.
  void remove_stale_file(const std::string& path, const WrittenFile& file,
                         const OutputFolderRef& f) {
    const fs::path rel = fs::path(path).lexically_relative(f.dir);
    if (const std::string link = link_on_way(f.dir, rel); !link.empty()) {
      sink_.warning({f.shown + "/" + link, 0, 0}, "emit/output-link",
                    "no longer produced, but not removed: a symbolic link (or special file) is "
                    "on its way, and polypress never deletes through one");
      forget_.push_back(path);
      relist_folder_of(path);
      return;
    }
    const std::string now = file_state(path);
    if (now == "missing") {
      forget_.push_back(path);
      return;
    }
    if (!clean_ && !same_as_written(now, file.state)) {
      sink_.report({shown_path(f, path), 0, 0}, Severity::note, "emit/not-produced",
                   "no longer produced by the build, but changed since polypress wrote it: kept");
      record_.push_back({path, {now, "foreign"}});
      return;
    }
    if (mount_of(path) != mounts_[index_of(f)]) {
      sink_.warning({shown_path(f, path), 0, 0}, "emit/not-removed",
                    "no longer produced, but not removed: it is on another file system mounted "
                    "in the output folder, which polypress never removes from");
      return;
    }
    // A file that cannot be removed keeps its record: the next build tries again.
    if (unlink_file(path, f, true)) forget_.push_back(path);
  }

  std::size_t index_of(const OutputFolderRef& f) const {
    return static_cast<std::size_t>(&f - folders_.data());
  }

  // Removes `path` of folder `f` (`produced`: by an earlier build), and the
  // folders that leaves empty; false, with a warning, when it cannot.
  bool unlink_file(const std::string& path, const OutputFolderRef& f, bool produced) {
    if (::unlink(path.c_str()) != 0 && errno != ENOENT) {
      sink_.warning({shown_path(f, path), 0, 0}, "emit/not-removed",
                    std::string(produced ? "no longer produced" : "not produced by the build") +
                        ", but it cannot be removed (" + std::strerror(errno) +
                        "): it stays published; each build tries again");
      return false;
    }
    remove_empty_parents(path, f.dir);
    if (removed_) removed_->push_back({shown_path(f, path), produced});
    return true;
  }

  // The files of `f` no build produced: reported (their number returned),
  // or removed with --clean.
  std::size_t report_foreign_in(const OutputFolderRef& f) {
    std::vector<std::string> found;
    visit_folder(f.dir.string(), 0, mounts_[index_of(f)], found);
    std::sort(found.begin(), found.end());
    if (clean_) {
      // Found by listing real folders, so no link is on the way; a link
      // itself is removed, never what it points to.
      for (const auto& path : found) unlink_file(path, f, false);
      for (const auto& dir : empty_)
        if (::rmdir(dir.c_str()) == 0) remove_empty_parents(dir, f.dir);
      empty_.clear();
      return 0;
    }
    for (std::size_t i = 0; i < found.size(); ++i) {
      // A folder full of someone else's files is named in a few lines.
      if (i < kMaxNamed)
        sink_.report({shown_path(f, found[i]), 0, 0}, Severity::note, "emit/not-produced",
                     "not produced by the build: kept (reported once)");
      else if (i == kMaxNamed)
        sink_.report({f.shown, 0, 0}, Severity::note, "emit/not-produced",
                     std::to_string(found.size() - kMaxNamed) +
                         " more files not produced by the build: kept (reported once)");
      record_.push_back(
          {found[i], {file_state(found[i]), written_.empty() ? "unknown" : "foreign"}});
    }
    return found.size();
  }

  // Looks for files placed by hand in `dir` (a real folder `level` folders
  // below its output folder) and the folders in it. A folder whose stamp is
  // the one recorded when it was last listed holds the same names as then
  // (each produced, recorded or reported already): it is not listed again,
  // only the folders recorded in it are visited (as git's untracked cache
  // does). The rest are listed, and their stamps recorded, but for those
  // changed so recently that a file added in the same tick of the file
  // system's clock would not change them again.
  void visit_folder(const std::string& dir, int level, Mount mount,
                    std::vector<std::string>& found) {
    struct statx st {};
    if (!statx_of(dir, st) || !S_ISDIR(st.stx_mode)) return;
    // Another file system mounted inside (a volume, a bind mount of the
    // sources): not looked into, so never emptied by --clean (as rm's
    // --one-file-system).
    if (mount_of(st) != mount) {
      if (clean_) {
        const OutputFolderRef* f = folder_of(dir, folders_);
        sink_.warning({f ? shown_path(*f, dir) : dir, 0, 0}, "emit/not-removed",
                      "another file system is mounted here: --clean does not look into it");
      }
      return;
    }
    const long long mtime_ns = st.stx_mtime.tv_sec * 1'000'000'000LL + st.stx_mtime.tv_nsec;
    const std::string stamp = std::to_string(mtime_ns) + " " + std::to_string(st.stx_ino);
    seen_.insert(dir);
    const auto recorded = listed_.find(dir);
    if (recorded != listed_.end() && recorded->second == stamp && !relist_.count(dir)) {
      for (const std::string& sub : recorded_children(dir))
        visit_folder(sub, level + 1, mount, found);
      return;
    }
    const long long now_ns = std::chrono::duration_cast<std::chrono::nanoseconds>(
                                 std::chrono::system_clock::now().time_since_epoch())
                                 .count();
    // Every folder listed is recorded, so that it is visited again while the
    // folder holding it is not listed; one too recent, without a stamp.
    // A folder changed as recently as a racy file (incremental's one rule)
    // may change again within the same tick: its listing is not trusted.
    const std::string kept = !racy_stamp(mtime_ns, now_ns) && !relist_.count(dir) ? stamp : "";
    if (recorded == listed_.end() || recorded->second != kept)
      listed_changes_.listed.push_back({dir, kept});
    std::error_code ec;
    std::vector<std::string> folders;
    bool empty = true;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
      empty = false;
      const std::string p = it->path().string();
      if (it->is_directory(ec) && !it->is_symlink(ec)) {
        // Folders deeper than polypress's own outputs are not looked into.
        if (level < kMaxOutputDepth) folders.push_back(p);
        continue;
      }
      if (!is_produced(p) && !written_.count(p) &&
          !is_temporary_beside(it->path().filename().string()))
        found.push_back(p);
    }
    for (const std::string& sub : folders) visit_folder(sub, level + 1, mount, found);
    // An empty folder nobody's build is about to fill: --clean removes it
    // too (the output folder itself stays).
    if (clean_ && empty && !ec && level > 0 && now_ns - mtime_ns > kSettledNs)
      empty_.push_back(dir);
  }

  // The folders recorded as listed directly in `dir`.
  const std::vector<std::string>& recorded_children(const std::string& dir) {
    if (children_.empty())
      for (const auto& [path, stamp] : listed_) children_[parent_of(path)].push_back(path);
    return children_[dir];
  }

  // The folder holding `path` (a file forgotten but left where it is) is
  // listed again next time, when that file is no longer recorded.
  void relist_folder_of(const std::string& path) { relist_.insert(parent_of(path)); }

  // Folders recorded under the output folders that no longer exist as
  // folders there are forgotten.
  void forget_unseen_folders() {
    for (const auto& [path, stamp] : listed_)
      if (!seen_.count(path) && folder_of(path, folders_))
        listed_changes_.forgotten.push_back(path);
  }
};

}  // namespace

std::string tidy_output_folders(const fs::path& root,
                                const std::vector<OutputFolderRef>& given_folders,
                                const ProducedFiles& produced, bool remove_stale, bool clean,
                                DiagnosticSink& sink, std::vector<RemovedFile>* removed) {
  Tidy tidy(root, given_folders, produced, clean && remove_stale, sink, removed);
  tidy.record_changed(produced);
  if (remove_stale) tidy.remove_stale();
  tidy.report_foreign();
  return tidy.save(root);
}

}  // namespace pp
