// Helpers the command files share.
#include "driver/driver_internal.h"

namespace pp {

namespace fs = std::filesystem;

std::string relative_to_root(const fs::path& root, const std::string& file) {
  std::error_code ec;
  fs::path p = fs::weakly_canonical(fs::path(file), ec);
  const fs::path r = fs::weakly_canonical(root, ec);
  if (!ec) {
    const fs::path rel = p.lexically_relative(r);
    if (!rel.empty() && *rel.begin() != "..") return rel.generic_string();
  }
  return fs::path(file).lexically_normal().generic_string();
}

bool resolve_files(const fs::path& root, const std::vector<std::string>& files,
                   std::vector<std::string>& wanted, RunResult& result) {
  for (const auto& f : files) {
    std::error_code ec;
    if (fs::is_regular_file(f, ec)) {
      wanted.push_back(relative_to_root(root, f));
    } else if (fs::is_regular_file(root / f, ec)) {
      wanted.push_back(fs::path(f).lexically_normal().generic_string());
    } else {
      result.usage_error = "no such file: " + f;
      result.exit_code = kExitUsage;
      return false;
    }
  }
  return true;
}

}  // namespace pp
