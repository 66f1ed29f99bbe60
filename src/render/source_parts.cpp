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

}  // namespace pp
