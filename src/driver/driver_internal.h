#pragma once
// Internal to the driver: helpers the command files share.

#include <filesystem>
#include <string>
#include <vector>

#include "driver/driver.h"

namespace pp {

/// `file` relative to the site root when it lies inside it, else normalized.
std::string relative_to_root(const std::filesystem::path& root, const std::string& file);

/// Resolves FILE arguments (relative to the working folder or the site root) to
/// site-relative paths; false with a usage error when one does not exist.
bool resolve_files(const std::filesystem::path& root, const std::vector<std::string>& files,
                   std::vector<std::string>& wanted, RunResult& result);

}  // namespace pp
