#pragma once
// Internal to emit: the checks and messages shared by write_outputs() and a
// build's OutputBatch, so that both refuse and name things alike.

#include <filesystem>
#include <string>

#include "core/diagnostic.h"

namespace pp {

/// False, with an emit/write error naming `shown`, when `dir` exists and is
/// not a folder.
bool output_folder_usable(const std::filesystem::path& dir, const std::string& shown,
                          DiagnosticSink& sink);

/// False, with an emit/path error at `shown`, when `path` does not stay
/// inside its output folder (stays_inside()).
bool output_path_usable(const std::string& path, const std::string& shown, DiagnosticSink& sink);

/// False, with an emit/output-link error naming the link as `shown_dir`/…,
/// when a folder on the way from `dir` down to `rel_dir` is a link.
bool output_way_clear(const std::filesystem::path& dir, const std::string& shown_dir,
                      const std::filesystem::path& rel_dir, DiagnosticSink& sink);

/// `error` ("path: reason") with a leading `abs` replaced by `shown`: files
/// are named as the user knows them, not by their absolute path.
std::string as_shown(std::string error, const std::string& abs, const std::string& shown);

}  // namespace pp
