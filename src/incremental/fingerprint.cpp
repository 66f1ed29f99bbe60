// Fingerprints of files as they are now: the site's inputs, a build's
// outputs, the running binary. Stamps, not contents (docs/incremental.md).
#include <sys/stat.h>
#include <tbb/parallel_for.h>

#include <algorithm>

#include "content/article_cache.h"
#include "core/digest.h"
#include "core/limits.h"
#include "core/site_layout.h"
#include "incremental/incremental.h"

namespace pp {

namespace fs = std::filesystem;

namespace {

// A line for `path`: its size, modification time and inode, as a fingerprint
// compares them ("missing" when there is none).
std::string stat_line(const std::string& path, long long* newest_ns = nullptr) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return path + " missing\n";
  if (newest_ns)
    *newest_ns = std::max(*newest_ns, st.st_mtim.tv_sec * 1000000000LL + st.st_mtim.tv_nsec);
  return path + " " + std::to_string(st.st_size) + " " + std::to_string(st.st_mtim.tv_sec) + "." +
         std::to_string(st.st_mtim.tv_nsec) + " " + std::to_string(st.st_ino) + "\n";
}

// A line for `entry` itself: its stat, or what a symbolic link points to
// (part of the input as what it is, never followed).
std::string entry_line(const fs::directory_entry& e, long long* newest_ns) {
  std::error_code ec;
  return e.is_symlink(ec)
             ? e.path().string() + " -> " + fs::read_symlink(e.path(), ec).string() + "\n"
             : stat_line(e.path().string(), newest_ns);
}

// Lines for everything under `dir`, down to a little below kMaxFolderDepth:
// deeper folders are refused by the checks (bundle/too-deep, emit/too-deep)
// and never read, and a walk that stops there stays linear in the number of
// entries (6,000 nested folders took 14.7 s and 2 GB when it did not).
void walk(const fs::path& dir, std::vector<std::string>& lines, long long* newest_ns) {
  std::error_code ec;
  for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    lines.push_back(entry_line(*it, newest_ns));
    if (it.depth() > kMaxFolderDepth) it.disable_recursion_pending();
  }
}

}  // namespace

std::string fingerprint_inputs(const fs::path& root, long long* newest_ns) {
  std::vector<std::string> lines;
  // Each bundle folder (content/<section>/<slug>) is walked on its own, in
  // parallel; pipeline/ and locales/ as two more.
  std::vector<fs::path> walks = {root / kPipelineFolder, root / kLocalesFolder};
  long long newest = 0;
  for (const char* top : {kContentFolder, kPipelineFolder, kLocalesFolder})
    lines.push_back(stat_line((root / top).string(), &newest));  // a folder added or removed
  std::error_code ec;
  for (const auto& section : fs::directory_iterator(root / kContentFolder, ec)) {
    lines.push_back(entry_line(section, &newest));
    if (section.is_symlink(ec) || !section.is_directory(ec)) continue;
    for (const auto& bundle : fs::directory_iterator(section.path(), ec)) {
      lines.push_back(entry_line(bundle, &newest));
      if (!bundle.is_symlink(ec) && bundle.is_directory(ec)) walks.push_back(bundle.path());
    }
  }
  std::vector<std::vector<std::string>> found(walks.size());
  std::vector<long long> newest_of(walks.size(), 0);
  tbb::parallel_for(std::size_t{0}, walks.size(),
                    [&](std::size_t i) { walk(walks[i], found[i], &newest_of[i]); });
  for (std::size_t i = 0; i < walks.size(); ++i) {
    for (auto& l : found[i]) lines.push_back(std::move(l));
    newest = std::max(newest, newest_of[i]);
  }
  if (newest_ns) *newest_ns = std::max(*newest_ns, newest);
  std::sort(lines.begin(), lines.end());
  std::string all;
  for (const auto& l : lines) all += l;
  return git_blob_id(all);
}

std::string fingerprint_files(const std::vector<std::string>& paths,
                              const std::vector<std::string>* states) {
  std::vector<std::string> now;
  if (!states) {
    // A stat each, on every core: a no-op build of a large site is mostly this.
    now.resize(paths.size());
    tbb::parallel_for(std::size_t{0}, paths.size(),
                      [&](std::size_t i) { now[i] = file_state(paths[i]); });
    states = &now;
  }
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
