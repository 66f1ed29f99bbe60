// The built-in theme's parts; the files themselves are generated into
// builtin_theme_files() by cmake/embed_theme.cmake.
#include "core/builtin_theme.h"

#include <string_view>

namespace pp {

const std::map<std::string, std::string>& builtin_static_files() {
  static const std::map<std::string, std::string> files = [] {
    std::map<std::string, std::string> out;
    constexpr std::string_view prefix = "static/";
    for (const auto& [path, bytes] : builtin_theme_files())
      if (std::string_view(path).starts_with(prefix))
        out.emplace(path.substr(prefix.size()), bytes);
    return out;
  }();
  return files;
}

}  // namespace pp
