#include "render/language_links.h"

#include <utility>
#include <vector>

#include "core/text.h"
#include "render/urls.h"

namespace pp {

std::string mark_language_links(const std::string& html, const SiteConfig& config,
                                const std::string& lang) {
  // Where each other language's pages start, as a path and as a URL.
  std::vector<std::pair<std::string, std::string>> prefixes;  // prefix, language
  for (const auto& l : config.languages) {
    if (l.code == lang) continue;
    prefixes.emplace_back(home_path(config, l.code), l.code);
    prefixes.emplace_back(absolute_url(config, home_path(config, l.code)), l.code);
  }
  if (prefixes.empty()) return html;
  // cmark-gfm writes every link as `<a href="…"`, a quote in it escaped.
  static constexpr std::string_view open = "<a href=\"";
  std::string out;
  out.reserve(html.size());
  std::size_t pos = 0;
  for (auto at = html.find(open); at != std::string::npos; at = html.find(open, pos)) {
    const std::size_t start = at + open.size();
    const std::size_t end = html.find('"', start);
    if (end == std::string::npos) break;
    out.append(html, pos, end + 1 - pos);
    pos = end + 1;
    const std::string_view href(html.data() + start, end - start);
    for (const auto& [prefix, code] : prefixes)
      if (href.starts_with(prefix)) {
        out += " hreflang=\"" + html_escape(code) + "\"";
        break;
      }
  }
  out.append(html, pos, std::string::npos);
  return out;
}

}  // namespace pp
