// Where a template's values land, checked when the templates are loaded,
// each template with its partials in place (a partial may be a value that
// the including template puts in an attribute): values where none may
// stand, and the extra: names a URL may start with.
#include <set>
#include <tuple>

#include "core/limits.h"
#include "core/text.h"
#include "render/template_contexts.h"
#include "render/template_inlining.h"

namespace pp {

namespace {

// The last part of a name ("extra.links" gives "links").
std::string last_part(const std::string& name) {
  const auto dot = name.rfind('.');
  return dot == std::string::npos ? name : name.substr(dot + 1);
}

}  // namespace

void TemplateSet::check_value_places(DiagnosticSink& sink) {
  // The site's own templates first: the place named is the one it wrote.
  std::vector<std::string> order;
  for (const auto& [name, text] : templates_)
    if (!is_builtin(name)) order.push_back(name);
  for (const auto& [name, text] : templates_)
    if (is_builtin(name)) order.push_back(name);
  std::set<std::tuple<std::string, int, int, std::string>> reported;
  for (const auto& name : order) {
    if (std::string_view(name).ends_with(".txt")) continue;  // text: nothing is HTML
    const InlinedTemplate inlined = inline_partials(*this, name);
    const TemplateContexts found = find_value_contexts(inlined.text);
    // Where position `p` of the inlined text is written, and by whom.
    auto place = [&](std::size_t p) -> std::pair<SourceLocation, bool> {
      const auto [origin, offset] = inlined.origin_of(p);
      if (!origin) return {{path(name), 0, 0}, is_builtin(name)};
      const auto [line, column] = line_and_column(*find(origin->name), offset);
      return {{path(origin->name), line, column}, is_builtin(origin->name)};
    };
    for (const auto& c : inlined.cycles) {
      if (is_builtin(c.name)) continue;
      const auto [line, column] = line_and_column(*find(c.name), c.offset);
      if (reported.emplace(path(c.name), line, column, "template/partial").second)
        sink.error(
            {path(c.name), line, column}, "template/partial",
            "'" + c.partial + "' includes itself here: a partial is never put inside itself");
    }
    if (inlined.too_large)
      sink.error({path(name), 0, 0}, "template/syntax",
                 "with its partials in place it is larger than " +
                     std::to_string(kMaxInlinedTemplateBytes >> 20) + " MiB");
    for (const auto& p : found.problems) {
      const auto [where, builtin] = place(p.position);
      if (!builtin && reported.emplace(where.path, where.line, where.column, p.rule).second)
        sink.error(where, p.rule, p.message);
    }
    for (const auto& h : found.holes) {
      if (h.translation || !h.may_start_url) continue;
      if (!h.name.starts_with("extra.") && !h.under_extra) continue;
      const std::string key = last_part(h.name == "." ? h.section : h.name);
      if (key.empty() || url_names_.count(key)) continue;
      const auto [where, builtin] = place(h.position);
      url_names_[key] = h.attribute + " of " + where.path + ":" + std::to_string(where.line);
    }
  }
}

}  // namespace pp
