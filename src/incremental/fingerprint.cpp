// Fingerprints of files as they are now: the site's inputs, a build's
// outputs, the running binary. Stamps, not contents (docs/incremental.md).
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <climits>
#include <cstring>

#include "content/article_cache.h"
#include "core/digest.h"
#include "core/file_io.h"
#include "core/limits.h"
#include "core/site_layout.h"
#include "incremental/incremental.h"

namespace pp {

namespace fs = std::filesystem;

namespace {

// A line for `path`: its stamp (stat_stamp(): size, modification time,
// inode and change time), as a fingerprint compares them ("missing" when
// there is none).
std::string stat_line(const std::string& path, const struct stat* st, long long* newest_ns) {
  if (!st) return path + " missing\n";
  long long mtime_ns = 0;
  std::string line = path + " " + stat_stamp(*st, &mtime_ns) + "\n";
  if (newest_ns) *newest_ns = std::max(*newest_ns, mtime_ns);
  return line;
}

std::string stat_line(const std::string& path, long long* newest_ns = nullptr) {
  struct stat st {};
  return stat_line(path, ::stat(path.c_str(), &st) == 0 ? &st : nullptr, newest_ns);
}

// Lines for everything in the folder open as `fd` (named `dir`; its entries
// are `depth` below where the walk started), down to a little below
// kMaxFolderDepth: deeper folders are refused by the checks (bundle/too-deep,
// emit/too-deep) and never read, and a walk that stops there stays linear in
// the number of entries (6,000 nested folders took 14.7 s and 2 GB when it
// did not). Each entry is looked at from its folder (a short path walk); a
// symbolic link is a line of what it points to, never followed. False when a
// folder cannot be read: the walk stops there.
bool walk_at(int fd, const std::string& dir, int depth, std::vector<std::string>& lines,
             long long* newest_ns, std::vector<ListedEntry>* top = nullptr) {
  DIR* d = ::fdopendir(fd);
  if (!d) {
    ::close(fd);
    return false;
  }
  bool ok = true;
  while (const dirent* e = ::readdir(d)) {
    const char* name = e->d_name;
    if (std::strcmp(name, ".") == 0 || std::strcmp(name, "..") == 0) continue;
    const std::string path = dir + "/" + name;
    struct stat st {};
    if (::fstatat(::dirfd(d), name, &st, AT_SYMLINK_NOFOLLOW) != 0) {
      lines.push_back(stat_line(path, nullptr, newest_ns));
      if (top) top->push_back({name, 0, ""});
      continue;
    }
    if (top) top->push_back({name, st.st_mode, S_ISREG(st.st_mode) ? stat_stamp(st) : ""});
    if (S_ISLNK(st.st_mode)) {
      char target[PATH_MAX];
      const ssize_t n = ::readlinkat(::dirfd(d), name, target, sizeof target);
      lines.push_back(path + " -> " + std::string(target, n > 0 ? n : 0) + "\n");
      continue;
    }
    lines.push_back(stat_line(path, &st, newest_ns));
    if (!S_ISDIR(st.st_mode) || depth > kMaxFolderDepth) continue;
    const int sub = ::openat(::dirfd(d), name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (sub < 0 || !walk_at(sub, path, depth + 1, lines, newest_ns)) {
      ok = false;
      break;
    }
  }
  ::closedir(d);
  return ok;
}

// Lines for everything under `dir` (walk_at()); `dir` itself is a folder or
// a link to one, as its own line says. Its own entries go to `top` when
// given (nothing when it cannot be read whole, or an entry's type is not
// known: the load lists it then).
void walk(const fs::path& dir, std::vector<std::string>& lines, long long* newest_ns,
          std::vector<ListedEntry>* top = nullptr) {
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  if (!walk_at(fd, dir.string(), 0, lines, newest_ns, top) && top) top->clear();
  if (!top) return;
  if (std::any_of(top->begin(), top->end(), [](const ListedEntry& e) { return e.mode == 0; }))
    top->clear();
  std::sort(top->begin(), top->end(),
            [](const ListedEntry& a, const ListedEntry& b) { return a.name < b.name; });
}

// A line for `entry` itself: its stat, or what a symbolic link points to
// (part of the input as what it is, never followed).
std::string entry_line(const fs::directory_entry& e, long long* newest_ns) {
  std::error_code ec;
  return e.is_symlink(ec)
             ? e.path().string() + " -> " + fs::read_symlink(e.path(), ec).string() + "\n"
             : stat_line(e.path().string(), newest_ns);
}

// The deepest folder holding both `a` and `b` (their common part up to a
// slash), or "" when they share none but the root.
std::string shared_folder(const std::string& a, const std::string& b) {
  const std::size_t n = static_cast<std::size_t>(
      std::mismatch(a.begin(),
                    a.begin() + static_cast<std::ptrdiff_t>(std::min(a.size(), b.size())),
                    b.begin())
          .first -
      a.begin());
  const std::size_t slash = n == 0 ? std::string::npos : a.rfind('/', n - 1);
  return slash == std::string::npos || slash == 0 ? "" : a.substr(0, slash);
}

// file_state() of outputs in order, each looked at from the deepest folder
// it shares with the next (open once while the paths stay in it): a short
// path walk instead of one from the root.
class FolderAt {
 public:
  FolderAt() = default;
  FolderAt(const FolderAt&) = delete;
  FolderAt& operator=(const FolderAt&) = delete;
  ~FolderAt() {
    if (fd_ >= 0) ::close(fd_);
  }

  std::string state(const std::vector<std::string>& paths, std::size_t i) {
    const std::string& path = paths[i];
    const bool inside = fd_ >= 0 && path.size() > dir_.size() + 1 &&
                        path.compare(0, dir_.size(), dir_) == 0 && path[dir_.size()] == '/';
    if (!inside) {
      if (fd_ >= 0) ::close(fd_);
      fd_ = -1;
      dir_ = i + 1 < paths.size() ? shared_folder(path, paths[i + 1]) : "";
      if (dir_.empty()) return file_state(path);
      fd_ = ::open(dir_.c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC);
      if (fd_ < 0) return file_state(path);
    }
    // Links on the way are followed as lstat() of the whole path follows them;
    // the file itself is not.
    const std::string stamp = file_stamp_at(fd_, path.c_str() + dir_.size() + 1);
    return stamp.empty() ? "missing" : stamp;
  }

 private:
  std::string dir_;
  int fd_ = -1;
};

}  // namespace

long long file_system_clock_ns(const fs::path& root) {
  const long long now = std::chrono::duration_cast<std::chrono::nanoseconds>(
                            std::chrono::system_clock::now().time_since_epoch())
                            .count();
  // A file written now is stamped in the file system's granularity: a whole
  // second on some, where a stamp taken now may be up to a second behind.
  // The marker is removed at once: a build that fails leaves no file.
  std::string error;
  const fs::path marker = root / kClockPath;
  struct stat st {};
  const bool stamped =
      write_file_atomic(marker, std::to_string(now) + "\n", error) != WriteOutcome::failed &&
      ::lstat(marker.c_str(), &st) == 0 && S_ISREG(st.st_mode);
  std::error_code ec;
  fs::remove(marker, ec);
  return stamped ? std::min(now, st.st_mtim.tv_sec * 1000000000LL + st.st_mtim.tv_nsec) : now;
}

bool racy_stamp(long long changed_ns, long long clock_ns) {
  return changed_ns + kRacyMarginNs >= clock_ns;
}

std::string fingerprint_inputs(const fs::path& root, long long* newest_ns,
                               BundleListings* listings) {
  std::vector<std::string> lines;
  // Each bundle folder (content/<section>/<slug>) is walked on its own, in
  // parallel; pipeline/ and locales/ as two more.
  std::vector<fs::path> walks = {root / kPipelineFolder, root / kLocalesFolder};
  std::vector<std::string> bundle_of = {"", ""};  // each walk's bundle folder, relative
  long long newest = 0;
  for (const char* top : {kContentFolder, kPipelineFolder, kLocalesFolder})
    lines.push_back(stat_line((root / top).string(), &newest));  // a folder added or removed
  std::error_code ec;
  for (const auto& section : fs::directory_iterator(root / kContentFolder, ec)) {
    lines.push_back(entry_line(section, &newest));
    if (section.is_symlink(ec) || !section.is_directory(ec)) continue;
    for (const auto& bundle : fs::directory_iterator(section.path(), ec)) {
      lines.push_back(entry_line(bundle, &newest));
      if (!bundle.is_symlink(ec) && bundle.is_directory(ec)) {
        walks.push_back(bundle.path());
        bundle_of.push_back(std::string(kContentFolder) + "/" + section.path().filename().string() +
                            "/" + bundle.path().filename().string());
      }
    }
  }
  std::vector<std::vector<std::string>> found(walks.size());
  std::vector<std::vector<ListedEntry>> tops(walks.size());
  std::vector<long long> newest_of(walks.size(), 0);
  tbb::parallel_for(std::size_t{0}, walks.size(), [&](std::size_t i) {
    const bool listed = listings && !bundle_of[i].empty();
    walk(walks[i], found[i], &newest_of[i], listed ? &tops[i] : nullptr);
  });
  for (std::size_t i = 0; i < walks.size(); ++i) {
    for (auto& l : found[i]) lines.push_back(std::move(l));
    newest = std::max(newest, newest_of[i]);
    if (listings && !bundle_of[i].empty() && !tops[i].empty())
      listings->emplace(std::move(bundle_of[i]), std::move(tops[i]));
  }
  if (newest_ns) *newest_ns = std::max(*newest_ns, newest);
  // Paths relative to the site: `-C site`, `-C site/` and `-C /abs/site`
  // (or the site moved) see the same inputs.
  const std::string top = (root / "x").string();
  const std::string prefix = top.substr(0, top.size() - 1);
  for (auto& l : lines)
    if (l.starts_with(prefix)) l.erase(0, prefix.size());
  std::sort(lines.begin(), lines.end());
  std::string all;
  for (const auto& l : lines) all += l;
  return git_blob_id(all);
}

std::vector<std::string> file_states(const std::vector<std::string>& paths) {
  std::vector<std::string> states(paths.size());
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, paths.size()),
                    [&](const tbb::blocked_range<std::size_t>& r) {
                      FolderAt folder;
                      for (std::size_t i = r.begin(); i != r.end(); ++i)
                        states[i] = folder.state(paths, i);
                    });
  return states;
}

std::string fingerprint_files(const std::vector<std::string>& paths,
                              const std::vector<std::string>* states) {
  // A no-op build of a large site is mostly looking at its outputs.
  std::vector<std::string> now;
  if (!states) states = &(now = file_states(paths));
  std::string all;
  for (std::size_t i = 0; i < paths.size(); ++i) all += paths[i] + " " + (*states)[i] + "\n";
  return git_blob_id(all);
}

std::string file_state(const std::string& path) {
  const std::string stamp = file_stamp(path);
  return stamp.empty() ? "missing" : stamp;
}

std::string binary_identity() {
  std::error_code ec;
  return stat_line(fs::read_symlink("/proc/self/exe", ec).string());
}

}  // namespace pp
