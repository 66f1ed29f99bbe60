// The files of pipeline/static/, as site links see them (docs/spec.md §4).
#include <algorithm>
#include <system_error>

#include "content/content.h"
#include "core/builtin_theme.h"
#include "core/file_names.h"
#include "core/site_layout.h"

namespace pp {

namespace fs = std::filesystem;

std::vector<std::string> list_static_files(const fs::path& root) {
  // What emit copies to assets/; its findings about the rest are emit's.
  std::vector<std::string> out;
  // The built-in theme's files are published where the site has none.
  for (const auto& [name, bytes] : builtin_static_files()) out.push_back(name);
  const fs::path dir = root / kStaticFolder;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return out;
  for (auto it = fs::recursive_directory_iterator(dir, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    const std::string name = it->path().filename().string();
    const bool skipped =
        it->is_symlink(ec) || !unsafe_file_name_reason(name).empty() || is_editor_leftover(name);
    if (skipped || it->is_directory(ec)) {
      if (skipped && it->is_directory(ec)) it.disable_recursion_pending();
      continue;
    }
    if (it->is_regular_file(ec)) out.push_back(it->path().lexically_relative(dir).generic_string());
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace pp
