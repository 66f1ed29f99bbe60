// Where a language's catalog really is, when a translator made it a link.
#include <algorithm>
#include <system_error>
#include <vector>

#include "config/config.h"
#include "core/safe_fs.h"
#include "core/site_layout.h"
#include "l10n/l10n.h"

namespace pp {

namespace fs = std::filesystem;

std::string catalog_rel(const fs::path& root, const std::string& lang) {
  const std::string own = catalog_path(lang);
  if (file_kind(root / own) != FileKind::missing) return own;
  // Catalogs brought from other tools are named the POSIX way (pt_BR.po,
  // sr@latin.po); the first in name order that means this language is it.
  std::error_code ec;
  std::vector<std::string> names;
  for (fs::directory_iterator it(root / kLocalesFolder, ec), end; !ec && it != end;
       it.increment(ec)) {
    const fs::path name = it->path().filename();
    if (name.extension() != ".po") continue;
    if (bcp47_of_posix(name.stem().string()) == lang) names.push_back(name.string());
  }
  if (names.empty()) return own;
  std::sort(names.begin(), names.end());
  return std::string(kLocalesFolder) + "/" + names.front();
}

std::optional<fs::path> catalog_file(const fs::path& root, const std::string& lang,
                                     std::string& error) {
  const fs::path path = root / catalog_rel(root, lang);
  // locales/ itself a link would take every catalog out of the site.
  if (const std::string link = link_on_way(root, kLocalesFolder); !link.empty()) {
    error = link + " is a symbolic link or special file (never followed)";
    return std::nullopt;
  }
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
