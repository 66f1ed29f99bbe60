// Markdown → HTML for one article body, through cmark-gfm's own renderer.
#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm.h>

#include "core/text.h"
#include "links/links.h"
#include "render/body_common.h"
#include "render/render.h"
#include "render/urls.h"

namespace pp {

namespace {

cmark_llist* extension_list() {
  static cmark_llist* list = [] {
    cmark_gfm_core_extensions_ensure_registered();
    cmark_llist* l = nullptr;
    for (const auto& name : gfm_extension_names())
      if (cmark_syntax_extension* ext = cmark_find_syntax_extension(name.c_str()))
        l = cmark_llist_append(cmark_get_default_mem_allocator(), l, ext);
    return l;
  }();
  return list;
}

// Adds id="…" to each <hN> opening tag, in document order. Safe-mode output has
// no raw HTML and escapes '<' in text, so every "<hN>" is a heading.
std::string add_heading_ids(const std::string& html, const std::vector<std::string>& ids) {
  std::string out;
  out.reserve(html.size() + ids.size() * 24);
  std::size_t next = 0;
  for (std::size_t i = 0; i < html.size(); ++i) {
    if (html[i] == '<' && i + 3 < html.size() && html[i + 1] == 'h' && html[i + 2] >= '1' &&
        html[i + 2] <= '6' && html[i + 3] == '>' && next < ids.size()) {
      out.append(html, i, 3);
      out += " id=\"" + html_escape(ids[next++]) + "\">";
      i += 3;
      continue;
    }
    out += html[i];
  }
  return out;
}

}  // namespace

std::string expand_figures(const std::string& text, const Article& a, const Locale& locale) {
  std::string out;
  std::size_t pos = 0;
  while (true) {
    const auto start = text.find("{{fig:", pos);
    const auto close = start == std::string::npos ? start : text.find("}}", start);
    if (close == std::string::npos) break;
    out.append(text, pos, start - pos);
    const std::string name = text.substr(start + 6, close - start - 6);
    auto it = a.meta.figures.find(name);
    std::optional<std::string> formatted;
    if (it != a.meta.figures.end()) formatted = locale.format_figure(it->second);
    out += formatted ? *formatted : text.substr(start, close + 2 - start);
    pos = close + 2;
  }
  out.append(text, pos, std::string::npos);
  return out;
}

std::optional<std::string> link_destination(const std::string& url, const Article& a,
                                            const Corpus& corpus, const SiteConfig& config,
                                            const std::string& page_url) {
  switch (classify_link(url)) {
    case LinkKind::internal: {
      const auto link = *parse_internal_link(url);
      const LinkTarget t = resolve_internal_link(corpus, link, a.lang);
      if (!t.bundle) return std::nullopt;
      const std::string path = article_path(config, t.lang, t.bundle->section, t.bundle->slug) +
                               (link.anchor.empty() ? "" : "#" + link.anchor);
      return page_url.empty() ? path : absolute_url(config, path);
    }
    case LinkKind::local:
    case LinkKind::fragment:
      // In an email every link is absolute: resolved against its page.
      return page_url.empty() ? url : page_url + url;
    case LinkKind::external:
    case LinkKind::mail:
      return url;
    default:
      return std::nullopt;
  }
}

std::string render_body_html(const Article& a, const Corpus& corpus, const SiteConfig& config,
                             const Locale& locale, const std::string& page_url) {
  // The tree is parsed once and shared by every walker; links and figures are
  // substituted in place for this render and restored afterwards. Each article
  // is rendered by one task at a time, so this does not race.
  struct Saved {
    cmark_node* node;
    std::string value;
    bool url;
  };
  std::vector<Saved> saved;
  cmark_node* root = a.doc->root();
  cmark_iter* it = cmark_iter_new(root);
  cmark_event_type ev;
  while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
    if (ev != CMARK_EVENT_ENTER) continue;
    cmark_node* n = cmark_iter_get_node(it);
    const auto type = cmark_node_get_type(n);
    if (type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE) {
      const std::string url = cmark_node_get_url(n) ? cmark_node_get_url(n) : "";
      // A forbidden or unresolvable target is never emitted.
      const std::string replacement =
          link_destination(url, a, corpus, config, page_url).value_or("#");
      if (replacement != url) {
        saved.push_back({n, url, true});
        cmark_node_set_url(n, replacement.c_str());
      }
    } else if (type == CMARK_NODE_TEXT) {
      const char* lit = cmark_node_get_literal(n);
      if (lit && std::string_view(lit).find("{{fig:") != std::string_view::npos) {
        saved.push_back({n, lit, false});
        cmark_node_set_literal(n, expand_figures(lit, a, locale).c_str());
      }
    }
  }
  cmark_iter_free(it);
  // The tree has its own allocator (bounded_parse.cpp); the text is malloc'd.
  char* raw = cmark_render_html_with_mem(root, CMARK_OPT_DEFAULT | CMARK_OPT_FOOTNOTES,
                                         extension_list(), cmark_get_default_mem_allocator());
  std::string html = raw ? raw : "";
  free(raw);
  for (const auto& s : saved) {
    if (s.url)
      cmark_node_set_url(s.node, s.value.c_str());
    else
      cmark_node_set_literal(s.node, s.value.c_str());
  }
  return add_heading_ids(html, a.heading_ids);
}

}  // namespace pp
