#pragma once
// Stage: writing rendered files into an output folder, atomically and only when changed.

#include <filesystem>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "render/render.h"

namespace pp {

struct EmitStats {
  int written = 0;
  int unchanged = 0;
  int failed = 0;
};

/// The emit/output-link message: a folder on the way to an output is a link.
inline constexpr const char* kOutputLinkMessage =
    "a symbolic link (or special file) inside the output folder; polypress never writes or "
    "deletes through one: remove it and build again";

/// Whether `path` (relative, '/'-separated) stays inside its output folder:
/// not empty, not absolute, no "..".
bool stays_inside(const std::string& path);

/// Files of pipeline/static/ as outputs under assets/ (copied as they are).
/// Symbolic links, special files and editors' leftovers are skipped with a
/// warning; unsafe names and folders nested too deep are errors.
std::vector<OutputFile> collect_static(const std::filesystem::path& root, DiagnosticSink& sink);

/// Writes each file under `out_dir` (temporary file + rename; unchanged files are
/// not rewritten). A path that is absolute or climbs out with "..", or whose way
/// passes through a link inside `out_dir`, is refused.
/// The first failure is reported as an emit/... error naming the file as
/// `shown_dir`/path, with the reason, and stops the writing: every file is then
/// either its old or its new version.
EmitStats write_outputs(const std::filesystem::path& out_dir, const std::string& shown_dir,
                        const std::vector<OutputFile>& files, DiagnosticSink& sink);

}  // namespace pp
