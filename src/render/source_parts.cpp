#include "render/source_parts.h"

namespace pp {

using kainjow::mustache::object;

ViewList source_parts(const Locale& loc, const FrontMatter& fm) {
  ViewList sources;
  std::vector<std::string> publishers;
  for (const auto& s : fm.sources) publishers.push_back(s.publisher);
  std::size_t next = 0;
  for (const auto& part : loc.format_list_parts(publishers)) {
    if (!part.item || next >= fm.sources.size()) {
      sources.push_back(object{{"text", part.text}});
      continue;
    }
    const SourceRef& s = fm.sources[next++];
    sources.push_back(object{{"publisher", s.publisher}, {"url", s.url}, {"title", s.title}});
  }
  return sources;
}

ViewList byline_parts(const Locale& loc, const std::vector<std::string>& authors) {
  const std::string pattern = loc.tr("By {authors}");
  const auto at = pattern.find("{authors}");
  std::vector<ListPart> parts;
  if (at == std::string::npos) return ViewList{};
  if (at > 0) parts.push_back({pattern.substr(0, at), false});
  for (auto& p : loc.format_list_parts(authors)) parts.push_back(std::move(p));
  if (at + 9 < pattern.size()) parts.push_back({pattern.substr(at + 9), false});
  ViewList list;
  for (const auto& p : parts)
    list.push_back(p.item ? object{{"name", p.text}} : object{{"text", p.text}});
  return list;
}

}  // namespace pp
