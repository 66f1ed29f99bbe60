// Rendering a body with its raw HTML, sanitized: markers in the raw nodes'
// literals tell the sanitizer which markup the author wrote.
#include "content/raw_html.h"

#include <cmark-gfm-core-extensions.h>

#include <algorithm>
#include <cstdlib>

#include "content/markdown.h"

namespace pp {

namespace {

cmark_llist* extensions_without_tagfilter() {
  static cmark_llist* list = [] {
    cmark_gfm_core_extensions_ensure_registered();
    cmark_llist* l = nullptr;
    for (const auto& name : gfm_extension_names())
      if (name != "tagfilter")
        if (cmark_syntax_extension* ext = cmark_find_syntax_extension(name.c_str()))
          l = cmark_llist_append(cmark_get_default_mem_allocator(), l, ext);
    return l;
  }();
  return list;
}

// Raw HTML the renderer writes as markup. Inside an image it is none: the
// renderer writes an image's content as its alt text, escaped, where a
// marker would show ("alt=\"A &lt;!--pp-raw-0-0--&gt;…").
bool is_raw(cmark_node* n) {
  const auto type = cmark_node_get_type(n);
  if (type != CMARK_NODE_HTML_BLOCK && type != CMARK_NODE_HTML_INLINE) return false;
  for (cmark_node* p = cmark_node_parent(n); p; p = cmark_node_parent(p))
    if (cmark_node_get_type(p) == CMARK_NODE_IMAGE) return false;
  return true;
}

std::vector<cmark_node*> raw_nodes(cmark_node* root) {
  std::vector<cmark_node*> nodes;
  cmark_iter* it = cmark_iter_new(root);
  cmark_event_type ev;
  while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE)
    if (ev == CMARK_EVENT_ENTER && is_raw(cmark_iter_get_node(it)))
      nodes.push_back(cmark_iter_get_node(it));
  cmark_iter_free(it);
  return nodes;
}

// The marker's stem: "<!--pp-raw-N-" with the smallest N no literal holds, so
// that in the rendered HTML (where text has its '<' escaped) only markers
// start with it.
std::string marker_stem(const std::vector<std::string>& literals) {
  for (unsigned n = 0;; ++n) {
    const std::string stem = "<!--pp-raw-" + std::to_string(n) + "-";
    if (std::none_of(literals.begin(), literals.end(),
                     [&](const std::string& l) { return l.find(stem) != std::string::npos; }))
      return stem;
  }
}

}  // namespace

bool has_raw_html(cmark_node* root) {
  cmark_iter* it = cmark_iter_new(root);
  cmark_event_type ev;
  bool found = false;
  while (!found && (ev = cmark_iter_next(it)) != CMARK_EVENT_DONE)
    found = ev == CMARK_EVENT_ENTER && is_raw(cmark_iter_get_node(it));
  cmark_iter_free(it);
  return found;
}

SanitizedBody render_sanitized(cmark_node* root, int options, RawHtmlMode mode,
                               const std::string& base) {
  SanitizedBody out;
  out.nodes = raw_nodes(root);
  std::vector<std::string> literals;
  for (cmark_node* n : out.nodes)
    literals.emplace_back(cmark_node_get_literal(n) ? cmark_node_get_literal(n) : "");
  const std::string stem = marker_stem(literals);
  for (std::size_t i = 0; i < out.nodes.size(); ++i)
    cmark_node_set_literal(out.nodes[i], (stem + std::to_string(i) + "-->" + literals[i]).c_str());
  char* rendered =
      cmark_render_html_with_mem(root, options | CMARK_OPT_UNSAFE, extensions_without_tagfilter(),
                                 cmark_get_default_mem_allocator());
  for (std::size_t i = 0; i < out.nodes.size(); ++i)
    cmark_node_set_literal(out.nodes[i], literals[i].c_str());
  const std::string marked = rendered ? rendered : "";
  free(rendered);
  // The markers out, each raw literal's place in what is left noted.
  std::string html;
  html.reserve(marked.size());
  std::size_t from = 0;
  for (std::size_t at; (at = marked.find(stem, from)) != std::string::npos;) {
    html.append(marked, from, at - from);
    const std::size_t digits = at + stem.size();
    const std::size_t close = marked.find("-->", digits);
    const std::size_t i = std::strtoul(marked.c_str() + digits, nullptr, 10);
    from = close + 3;
    if (i < literals.size())
      out.raw.push_back({html.size(), html.size() + literals[i].size(), static_cast<int>(i)});
  }
  html.append(marked, from, std::string::npos);
  std::sort(out.raw.begin(), out.raw.end(),
            [](const RawSpan& a, const RawSpan& b) { return a.begin < b.begin; });
  out.sanitized = sanitize_html(html, out.raw, mode, base);
  out.input = std::move(html);
  return out;
}

}  // namespace pp
