// One pass over the start tags of rendered HTML.
#include "render/start_tags.h"

namespace pp {

std::string add_to_start_tags(std::string_view html, const StartTagAddition& add) {
  std::string out;
  out.reserve(html.size() + html.size() / 8);
  std::size_t from = 0;
  for (std::size_t at = html.find('<'); at != std::string_view::npos; at = html.find('<', at + 1)) {
    std::size_t end = at + 1;
    while (end < html.size() &&
           ((html[end] >= 'a' && html[end] <= 'z') || (html[end] >= '0' && html[end] <= '9')))
      ++end;
    if (end == at + 1) continue;  // an end tag, a comment
    const std::size_t close = std::min(html.find('>', end), html.size());
    const std::string more = add(html.substr(at + 1, end - at - 1), html.substr(end, close - end));
    if (more.empty()) continue;
    out.append(html, from, end - from);
    out += more;
    from = end;
  }
  out.append(html, from, std::string_view::npos);
  return out;
}

std::string wrap_elements(std::string_view html, std::string_view name, std::string_view before,
                          std::string_view after) {
  const auto name_ends = [&](std::size_t at) {  // `name` at `at`, then the tag's end or a space
    return html.compare(at, name.size(), name) == 0 && at + name.size() < html.size() &&
           std::string_view(" \t\n>/").find(html[at + name.size()]) != std::string_view::npos;
  };
  std::string out;
  out.reserve(html.size() + 64);
  std::size_t from = 0;
  for (std::size_t at = html.find('<'); at != std::string_view::npos; at = html.find('<', at + 1)) {
    if (html.compare(at, 4, "<!--") == 0) {
      at = html.find("-->", at + 4);
      if (at == std::string_view::npos) break;
      continue;
    }
    if (name_ends(at + 1)) {
      out.append(html, from, at - from);
      out += before;
      from = at;
    } else if (html.compare(at + 1, 1, "/") == 0 && name_ends(at + 2)) {
      const std::size_t close = html.find('>', at);
      if (close == std::string_view::npos) break;
      out.append(html, from, close + 1 - from);
      out += after;
      from = close + 1;
    }
  }
  out.append(html, from, std::string_view::npos);
  return out;
}

}  // namespace pp
