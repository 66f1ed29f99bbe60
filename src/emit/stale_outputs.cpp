#include "emit/stale_outputs.h"

#include <unistd.h>

#include <algorithm>

#include "core/safe_fs.h"
#include "incremental/incremental.h"

namespace pp {

namespace fs = std::filesystem;

namespace {

// How deep a walk of an output folder goes looking for files placed by hand
// (polypress's own outputs are a few folders deep).
constexpr int kMaxOutputDepth = 2 * kMaxFolderDepth;

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

std::string shown_path(const OutputFolderRef& f, const std::string& path) {
  return f.shown + "/" + fs::path(path).lexically_relative(f.dir).generic_string();
}

}  // namespace

std::string absolute_path(const std::string& path) {
  std::error_code ec;
  const fs::path p = fs::absolute(fs::path(path), ec);
  return (ec ? fs::path(path) : p).lexically_normal().string();
}

namespace {

// Removes the folders between `file` and `top` that are empty now.
void remove_empty_parents(const fs::path& file, const fs::path& top) {
  for (fs::path d = file.parent_path(); d != top && d.string().size() > top.string().size();
       d = d.parent_path())
    if (::rmdir(d.c_str()) != 0) break;
}

// Reports (once) and records the files of `f` that no build produced: placed
// by hand.
template <typename Produced>
void report_foreign_files(const OutputFolderRef& f, const Produced& is_produced,
                          const std::unordered_map<std::string, WrittenFile>& written,
                          std::vector<std::pair<std::string, WrittenFile>>& record,
                          DiagnosticSink& sink) {
  std::error_code ec;
  std::vector<std::string> found;
  for (fs::recursive_directory_iterator it(f.dir, ec), end; !ec && it != end; it.increment(ec)) {
    if (it.depth() >= kMaxOutputDepth) it.disable_recursion_pending();
    if (it->is_directory(ec) && !it->is_symlink(ec)) continue;
    const std::string p = it->path().string();
    if (!is_produced(p) && !written.count(p)) found.push_back(p);
  }
  std::sort(found.begin(), found.end());
  for (std::size_t i = 0; i < found.size(); ++i) {
    // A folder full of someone else's files is named in a few lines.
    if (i < kMaxNamed)
      sink.report({shown_path(f, found[i]), 0, 0}, Severity::note, "emit/not-produced",
                  "not produced by the build: kept (reported once)");
    else if (i == kMaxNamed)
      sink.report({f.shown, 0, 0}, Severity::note, "emit/not-produced",
                  std::to_string(found.size() - kMaxNamed) +
                      " more files not produced by the build: kept (reported once)");
    record.push_back({found[i], {file_state(found[i]), "foreign"}});
  }
}

}  // namespace

std::string tidy_output_folders(const fs::path& root,
                                const std::vector<OutputFolderRef>& given_folders,
                                const ProducedFiles& produced, bool remove_stale,
                                DiagnosticSink& sink) {
  // Paths are recorded and compared absolute and normal, whichever form of
  // the site's folder (-C site, -C ./site, another working folder) built them.
  // Every output lies in one of the folders, so only the folder's part of
  // its path needs making absolute.
  std::vector<OutputFolderRef> folders = given_folders;
  for (auto& f : folders) f.dir = fs::path(absolute_path(f.dir.string()));
  auto rebase = [&](const std::string& p) {
    for (std::size_t k = 0; k < folders.size(); ++k) {
      const std::string given = given_folders[k].dir.string() + "/";
      if (p.compare(0, given.size(), given) == 0)
        return folders[k].dir.string() + "/" + p.substr(given.size());
    }
    return absolute_path(p);
  };
  std::vector<std::string> all;
  all.reserve(produced.all.size());
  for (const auto& p : produced.all) all.push_back(rebase(p));
  std::sort(all.begin(), all.end());
  const auto written = read_written_files(root);
  auto is_produced = [&](const std::string& p) {
    return std::binary_search(all.begin(), all.end(), p);
  };
  std::vector<std::pair<std::string, WrittenFile>> record;
  std::vector<std::string> forget;
  // Only what changed since the last record is written again.
  for (std::size_t i = 0; i < produced.mine.size(); ++i) {
    std::string path = rebase(produced.mine[i]);
    const auto it = written.find(path);
    if (it == written.end() || it->second.state != produced.states[i] ||
        it->second.made_by != "build")
      record.push_back({std::move(path), {produced.states[i], "build"}});
  }
  // 1. What earlier builds wrote and this one no longer produces.
  for (const auto& [path, file] : written) {
    if (file.made_by != "build" || is_produced(path) || !remove_stale) continue;
    const OutputFolderRef* f = folder_of(path, folders);
    if (!f) continue;  // written into another output folder: not this build's
    const fs::path rel = fs::path(path).lexically_relative(f->dir);
    if (const std::string link = link_on_way(f->dir, rel); !link.empty()) {
      sink.warning({f->shown + "/" + link, 0, 0}, "emit/output-link",
                   "no longer produced, but not removed: a symbolic link (or special file) is "
                   "on its way, and polypress never deletes through one");
      forget.push_back(path);
      continue;
    }
    const std::string now = file_state(path);
    if (now == "missing") {
      forget.push_back(path);
      continue;
    }
    if (now != file.state) {
      sink.report({shown_path(*f, path), 0, 0}, Severity::note, "emit/not-produced",
                  "no longer produced by the build, but changed since polypress wrote it: kept");
      record.push_back({path, {now, "foreign"}});
      continue;
    }
    forget.push_back(path);
    if (::unlink(path.c_str()) == 0) remove_empty_parents(path, f->dir);
  }
  // 2. Files no build produced: placed by hand, reported once.
  for (const auto& f : folders) report_foreign_files(f, is_produced, written, record, sink);
  return record_written_files(root, record, forget);
}

}  // namespace pp
