// Where a language's catalog really is, when a translator made it a link.
#include <system_error>

#include "core/safe_fs.h"
#include "core/site_layout.h"
#include "l10n/l10n.h"

namespace pp {

namespace fs = std::filesystem;

std::optional<fs::path> catalog_file(const fs::path& root, const std::string& lang,
                                     std::string& error) {
  const fs::path path = root / catalog_path(lang);
  if (file_kind(path) != FileKind::symlink) return path;
  // Only a link to a regular file in the site's own locales folder is
  // followed (pt_BR.po -> pt-BR.po): nothing outside the site is read or
  // written through it.
  std::error_code ec;
  const fs::path target = fs::canonical(path, ec);
  if (ec) {
    error = "a symbolic link to a file that does not exist";
    return std::nullopt;
  }
  const fs::path locales = fs::canonical(root / kLocalesFolder, ec);
  const fs::path inside = ec ? fs::path("..") : target.lexically_relative(locales);
  if (inside.empty() || *inside.begin() == ".." || file_kind(target) != FileKind::regular) {
    error =
        "a symbolic link out of locales/ or to something not a regular file (never "
        "followed)";
    return std::nullopt;
  }
  return target;
}

}  // namespace pp
