#include "render/template_inlining.h"

#include <algorithm>

#include "render/template_tags.h"

namespace pp {

namespace {

void inline_into(const TemplateSet& set, const std::string& name, InlinedTemplate& out, int depth) {
  const std::string* text = set.find(name);
  if (!text) return;
  std::size_t pos = 0;
  auto copy_to = [&](std::size_t end) {
    if (end > pos) {
      out.origins.push_back({out.text.size(), name, pos});
      out.text.append(*text, pos, end - pos);
    }
  };
  for (const auto& partial : find_partials(*text)) {
    copy_to(partial.position);
    if (depth < 8) inline_into(set, partial.text, out, depth + 1);
    pos = partial.position + partial.length;
  }
  copy_to(text->size());
}

}  // namespace

InlinedTemplate inline_partials(const TemplateSet& set, const std::string& name) {
  InlinedTemplate out;
  inline_into(set, name, out, 0);
  return out;
}

std::pair<const InlinedTemplate::Origin*, std::size_t> InlinedTemplate::origin_of(
    std::size_t p) const {
  const auto it = std::upper_bound(origins.begin(), origins.end(), p,
                                   [](std::size_t v, const Origin& o) { return v < o.at; });
  if (it == origins.begin()) return {nullptr, 0};
  const Origin& o = *(it - 1);
  return {&o, o.offset + (p - o.at)};
}

}  // namespace pp
