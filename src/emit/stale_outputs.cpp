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

// One tidying of the output folders: what the record holds, what this build
// produced, and the changes to the record it gathers on the way.
class Tidy {
 public:
  Tidy(const fs::path& root, const std::vector<OutputFolderRef>& given_folders,
       const ProducedFiles& produced, DiagnosticSink& sink)
      : given_(given_folders),
        folders_(given_folders),
        written_(read_written_files(root)),
        sink_(sink) {
    // Paths are recorded and compared absolute and normal, whichever form of
    // the site's folder (-C site, -C ./site, another working folder) built them.
    for (auto& f : folders_) f.dir = fs::path(absolute_path(f.dir.string()));
    all_.reserve(produced.all.size());
    for (const auto& p : produced.all) all_.push_back(rebase(p));
    std::sort(all_.begin(), all_.end());
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
  void remove_stale() {
    for (const auto& [path, file] : written_) {
      if (file.made_by != "build" || is_produced(path)) continue;
      const OutputFolderRef* f = folder_of(path, folders_);
      if (!f) continue;  // written into another output folder: not this build's
      remove_stale_file(path, file, *f);
    }
  }

  // Files no build produced: placed by hand, reported once.
  void report_foreign() {
    for (const auto& f : folders_) report_foreign_in(f);
  }

  std::string save(const fs::path& root) const {
    return record_written_files(root, record_, forget_);
  }

 private:
  const std::vector<OutputFolderRef>& given_;
  std::vector<OutputFolderRef> folders_;  // given_, made absolute
  std::vector<std::string> all_;          // every output, absolute, sorted
  const std::unordered_map<std::string, WrittenFile> written_;
  DiagnosticSink& sink_;
  std::vector<std::pair<std::string, WrittenFile>> record_;
  std::vector<std::string> forget_;

  // `p` made absolute. Every output lies in one of the folders, so only the
  // folder's part of its path needs making absolute.
  std::string rebase(const std::string& p) const {
    for (std::size_t k = 0; k < folders_.size(); ++k) {
      const std::string given = given_[k].dir.string() + "/";
      if (p.compare(0, given.size(), given) == 0)
        return folders_[k].dir.string() + "/" + p.substr(given.size());
    }
    return absolute_path(p);
  }

  bool is_produced(const std::string& p) const {
    return std::binary_search(all_.begin(), all_.end(), p);
  }

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
      return;
    }
    const std::string now = file_state(path);
    if (now == "missing") {
      forget_.push_back(path);
      return;
    }
    if (now != file.state) {
      sink_.report({shown_path(f, path), 0, 0}, Severity::note, "emit/not-produced",
                   "no longer produced by the build, but changed since polypress wrote it: kept");
      record_.push_back({path, {now, "foreign"}});
      return;
    }
    forget_.push_back(path);
    if (::unlink(path.c_str()) == 0) remove_empty_parents(path, f.dir);
  }

  void report_foreign_in(const OutputFolderRef& f) {
    std::error_code ec;
    std::vector<std::string> found;
    for (fs::recursive_directory_iterator it(f.dir, ec), end; !ec && it != end; it.increment(ec)) {
      if (it.depth() >= kMaxOutputDepth) it.disable_recursion_pending();
      if (it->is_directory(ec) && !it->is_symlink(ec)) continue;
      const std::string p = it->path().string();
      if (!is_produced(p) && !written_.count(p)) found.push_back(p);
    }
    std::sort(found.begin(), found.end());
    for (std::size_t i = 0; i < found.size(); ++i) {
      // A folder full of someone else's files is named in a few lines.
      if (i < kMaxNamed)
        sink_.report({shown_path(f, found[i]), 0, 0}, Severity::note, "emit/not-produced",
                     "not produced by the build: kept (reported once)");
      else if (i == kMaxNamed)
        sink_.report({f.shown, 0, 0}, Severity::note, "emit/not-produced",
                     std::to_string(found.size() - kMaxNamed) +
                         " more files not produced by the build: kept (reported once)");
      record_.push_back({found[i], {file_state(found[i]), "foreign"}});
    }
  }
};

}  // namespace

std::string tidy_output_folders(const fs::path& root,
                                const std::vector<OutputFolderRef>& given_folders,
                                const ProducedFiles& produced, bool remove_stale,
                                DiagnosticSink& sink) {
  Tidy tidy(root, given_folders, produced, sink);
  tidy.record_changed(produced);
  if (remove_stale) tidy.remove_stale();
  tidy.report_foreign();
  return tidy.save(root);
}

}  // namespace pp
