#include "emit/emit.h"

#include <algorithm>

#include "core/builtin_theme.h"
#include "core/file_io.h"
#include "core/file_names.h"
#include "core/safe_fs.h"
#include "core/site_layout.h"
#include "core/text.h"
#include "emit/emit_internal.h"

namespace pp {

namespace fs = std::filesystem;

bool stays_inside(const std::string& path) {
  // Read segment by segment, without making a path of each (50,000 outputs
  // are placed on every build).
  if (path.empty() || path.front() == '/') return false;
  for (std::size_t at = 0; at <= path.size();) {
    const std::size_t end = std::min(path.find('/', at), path.size());
    if (path.compare(at, end - at, "..") == 0) return false;
    at = end + 1;
  }
  return true;
}

bool output_folder_usable(const fs::path& dir, const std::string& shown, DiagnosticSink& sink) {
  std::error_code ec;
  if (!fs::exists(dir, ec) || fs::is_directory(dir, ec)) return true;
  sink.error({shown, 0, 0}, "emit/write", "the output folder is not a folder");
  return false;
}

bool output_path_usable(const std::string& path, const std::string& shown, DiagnosticSink& sink) {
  if (stays_inside(path)) return true;
  sink.error({shown, 0, 0}, "emit/path", "refusing to write outside the output folder");
  return false;
}

bool output_way_clear(const fs::path& dir, const std::string& shown_dir, const fs::path& rel_dir,
                      DiagnosticSink& sink) {
  const std::string link = link_on_way(dir, rel_dir);
  if (link.empty()) return true;
  sink.error({shown_dir + "/" + link, 0, 0}, "emit/output-link", kOutputLinkMessage);
  return false;
}

std::string as_shown(std::string error, const std::string& abs, const std::string& shown) {
  if (error.rfind(abs, 0) == 0) error = shown + error.substr(abs.size());
  return error;
}

std::vector<OutputFile> collect_static(const fs::path& root, bool refuse_svg,
                                       DiagnosticSink& sink) {
  std::vector<OutputFile> out;
  const fs::path dir = root / kStaticFolder;
  std::error_code ec;
  for (auto it = fs::is_directory(dir, ec) ? fs::recursive_directory_iterator(dir, ec)
                                           : fs::recursive_directory_iterator();
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    const fs::path rel = it->path().lexically_relative(dir);
    const std::string shown = std::string(kStaticFolder) + "/" + rel.generic_string();
    const std::string name = it->path().filename().string();
    if (it->is_symlink(ec)) {
      sink.warning({shown, 0, 0}, "emit/symlink", "symbolic link ignored");
      continue;  // a link is never followed, so nothing below it is visited
    }
    if (const std::string why = unsafe_file_name_reason(name); !why.empty()) {
      sink.error({shown, 0, 0}, "emit/file-name", "the file name " + why + "; rename it");
      if (it->is_directory(ec)) it.disable_recursion_pending();
      continue;
    }
    if (is_editor_leftover(name)) {
      sink.warning({shown, 0, 0}, "emit/stray-file",
                   "an editor's backup, swap or lock file; not published");
      if (it->is_directory(ec)) it.disable_recursion_pending();
      continue;
    }
    if (it->is_directory(ec)) {
      if (it.depth() + 2 > kMaxFolderDepth) {
        sink.error({shown, 0, 0}, "emit/too-deep",
                   "folders nest more than " + std::to_string(kMaxFolderDepth) +
                       " deep in pipeline/static/; move the files up");
        it.disable_recursion_pending();  // the walk goes no deeper
      }
      continue;
    }
    if (const std::string kind = special_kind_name(it->path()); !kind.empty()) {
      sink.warning({shown, 0, 0}, "emit/stray-file",
                   kind + ", not a regular file; never read, not published");
      continue;
    }
    if (it->is_regular_file(ec)) {
      out.push_back({"assets/" + rel.generic_string(), "", it->path().string()});
      warn_if_svg_script(it->path(), shown, "emit/svg-script", refuse_svg, sink);
    }
  }
  // The built-in theme's files where the site has none of its own: a site
  // without pipeline/static/ still links a stylesheet and an icon that exist.
  for (const auto& [name, bytes] : builtin_static_files()) {
    const std::string path = "assets/" + name;
    if (std::none_of(out.begin(), out.end(), [&](const OutputFile& f) { return f.path == path; }))
      out.push_back({path, bytes, ""});
  }
  std::sort(out.begin(), out.end(),
            [](const OutputFile& a, const OutputFile& b) { return a.path < b.path; });
  return out;
}

EmitStats write_outputs(const fs::path& out_dir, const std::string& shown_dir,
                        const std::vector<OutputFile>& files, DiagnosticSink& sink) {
  EmitStats stats;
  if (!output_folder_usable(out_dir, shown_dir, sink)) {
    stats.failed = 1;
    return stats;
  }
  // Every path is checked and every copied file read before anything is
  // written; then the batch is written with one sync (core/file_io).
  std::vector<fs::path> paths;
  std::vector<std::string> copied(files.size());
  paths.reserve(files.size());
  for (std::size_t i = 0; i < files.size(); ++i) {
    const OutputFile& f = files[i];
    const fs::path rel(f.path);
    const std::string shown = shown_dir + "/" + f.path;
    if (!output_path_usable(f.path, shown, sink) ||
        !output_way_clear(out_dir, shown_dir, rel.parent_path(), sink)) {
      ++stats.failed;
      return stats;
    }
    if (!f.copy_from.empty()) {
      const ReadResult r = read_file(f.copy_from, 256u << 20);
      if (!r.ok) {
        sink.error({shown, 0, 0}, "emit/read", "cannot read its source: " + r.error);
        ++stats.failed;
        return stats;
      }
      copied[i] = r.bytes;
    }
    paths.push_back(out_dir / rel);
  }
  std::vector<FileToWrite> batch;
  batch.reserve(files.size());
  for (std::size_t i = 0; i < files.size(); ++i)
    batch.push_back({&paths[i], files[i].copy_from.empty() ? &files[i].bytes : &copied[i]});
  std::size_t failed_index = 0;
  std::string error;
  const auto outcomes = write_files_atomic(batch, failed_index, error);
  for (const auto o : outcomes) {
    if (o == WriteOutcome::written) ++stats.written;
    if (o == WriteOutcome::unchanged) ++stats.unchanged;
  }
  if (failed_index < files.size()) {
    sink.error({shown_dir + "/" + files[failed_index].path, 0, 0}, "emit/write",
               "cannot write: " + as_shown(error, out_dir.string(), shown_dir));
    ++stats.failed;
  }
  return stats;
}

}  // namespace pp
