#pragma once
// The site's .polypress/ folder, where polypress keeps its state (the build
// manifest, the link cache, the staging of a running build). Everything there
// must be a real folder or file that polypress made: a symbolic link would let
// a committed .polypress/ lead a build to write or delete outside the site.

#include <filesystem>
#include <optional>
#include <string>

#include "core/site_layout.h"

namespace pp {

/// What is wrong in .polypress/: `path` relative to the site root, `reason`.
struct StateFolderProblem {
  std::string path, reason;
};

/// Why polypress cannot use the site's .polypress/: it, an entry in it, in its
/// staging/ folder or in a build's staging folder is a symbolic link or a
/// special file (nullopt when there is none).
std::optional<StateFolderProblem> state_folder_problem(const std::filesystem::path& root);

/// Makes `.polypress/<sub>` and each folder on the way, as real folders; false
/// with `error` when one is a link or not a folder.
bool make_state_folder(const std::filesystem::path& root, const std::filesystem::path& sub,
                       std::string& error);

/// Removes a staging folder of a build (`.polypress/staging/<pid>`): only the
/// temporaries a build puts there (regular files named <n>.tmp), then the
/// folder if that left it empty. Nothing else is ever removed, and no link is
/// followed.
void remove_staging_folder(const std::filesystem::path& dir);

}  // namespace pp
