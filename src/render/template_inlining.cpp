#include "render/template_inlining.h"

#include <algorithm>

#include "core/limits.h"
#include "render/template_tags.h"

namespace pp {

namespace {

void inline_into(const TemplateSet& set, const std::string& name, InlinedTemplate& out,
                 std::vector<std::string>& stack) {
  const std::string* text = set.find(name);
  if (!text) return;
  stack.push_back(name);
  std::size_t pos = 0;
  auto copy_to = [&](std::size_t end) {
    if (end <= pos || out.too_large) return;
    if (out.text.size() + (end - pos) > kMaxInlinedTemplateBytes) {
      out.too_large = true;
      return;
    }
    out.origins.push_back({out.text.size(), name, pos});
    out.text.append(*text, pos, end - pos);
  };
  for (const auto& partial : find_partials(*text)) {
    copy_to(partial.position);
    if (std::find(stack.begin(), stack.end(), partial.text) != stack.end())
      out.cycles.push_back({name, partial.position, partial.text});
    else if (stack.size() <= 8)
      inline_into(set, partial.text, out, stack);
    pos = partial.position + partial.length;
  }
  copy_to(text->size());
  stack.pop_back();
}

}  // namespace

InlinedTemplate inline_partials(const TemplateSet& set, const std::string& name) {
  InlinedTemplate out;
  std::vector<std::string> stack;
  inline_into(set, name, out, stack);
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
