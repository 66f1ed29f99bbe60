// The one walk over a body's inline content, shared by the HTML and text renderers.
#include "render/inline_walk.h"

#include "incremental/incremental.h"

#include <cmark-gfm.h>

#include <utility>
#include <vector>

#include "core/text.h"
#include "links/links.h"
#include "render/urls.h"

namespace pp {

namespace {

std::string literal_of(cmark_node* n) {
  const char* lit = cmark_node_get_literal(n);
  return lit ? lit : "";
}

// `text` (prose) cut into prose and formatted figures. An unknown name is
// left as written, as prose (validate reports it).
std::vector<std::pair<InlineKind, std::string>> figure_pieces(const std::string& text,
                                                              const Article& a,
                                                              const Locale& locale) {
  std::vector<std::pair<InlineKind, std::string>> out;
  std::string prose;
  std::size_t pos = 0;
  while (true) {
    const auto start = text.find("{{fig:", pos);
    const auto close = start == std::string::npos ? start : text.find("}}", start);
    if (close == std::string::npos) break;
    prose.append(text, pos, start - pos);
    const std::string name = text.substr(start + 6, close - start - 6);
    const auto it = a.meta.figures.find(name);
    std::optional<std::string> formatted;
    if (it != a.meta.figures.end()) formatted = locale.format_figure(it->second);
    if (formatted) {
      if (!prose.empty()) out.emplace_back(InlineKind::text, std::move(prose));
      prose.clear();
      out.emplace_back(InlineKind::figure, std::move(*formatted));
    } else {
      prose.append(text, start, close + 2 - start);
    }
    pos = close + 2;
  }
  prose.append(text, pos, std::string::npos);
  if (!prose.empty()) out.emplace_back(InlineKind::text, std::move(prose));
  return out;
}

// A link or an image: its start, its content, its end.
void walk_target(cmark_node* n, bool image, const InlineContext& ctx, const InlineSink& sink) {
  const char* raw = cmark_node_get_url(n);
  InlineEvent e{
      image ? InlineKind::image_start : InlineKind::link_start, n, {}, raw ? raw : "", {}};
  e.destination = link_destination(e.url, ctx.article, ctx.corpus, ctx.config, ctx.page_url);
  sink(e);
  walk_inlines(n, ctx, sink);
  e.kind = image ? InlineKind::image_end : InlineKind::link_end;
  sink(e);
}

}  // namespace

void walk_inlines(cmark_node* block, const InlineContext& ctx, const InlineSink& sink) {
  for (cmark_node* n = cmark_node_first_child(block); n; n = cmark_node_next(n)) {
    switch (cmark_node_get_type(n)) {
      case CMARK_NODE_TEXT:
        for (auto& [kind, text] : figure_pieces(literal_of(n), ctx.article, ctx.locale))
          sink({kind, n, std::move(text), {}, {}});
        break;
      case CMARK_NODE_CODE:
        sink({InlineKind::code, n, literal_of(n), {}, {}});
        break;
      case CMARK_NODE_SOFTBREAK:
        sink({InlineKind::soft_break, n, {}, {}, {}});
        break;
      case CMARK_NODE_LINEBREAK:
        sink({InlineKind::line_break, n, {}, {}, {}});
        break;
      case CMARK_NODE_LINK:
      case CMARK_NODE_IMAGE:
        walk_target(n, cmark_node_get_type(n) == CMARK_NODE_IMAGE, ctx, sink);
        break;
      case CMARK_NODE_FOOTNOTE_REFERENCE:
        sink({InlineKind::footnote_ref, n, literal_of(n), {}, {}});
        break;
      case CMARK_NODE_HTML_INLINE:
        sink({InlineKind::raw_html, n, literal_of(n), {}, {}});
        break;
      default:  // emphasis, strong, strikethrough: a span of prose
        sink({InlineKind::span_start, n, {}, {}, {}});
        walk_inlines(n, ctx, sink);
        sink({InlineKind::span_end, n, {}, {}, {}});
        break;
    }
  }
}

std::string expand_figures(const std::string& text, const Article& a, const Locale& locale) {
  std::string out;
  for (const auto& piece : figure_pieces(text, a, locale)) out += piece.second;
  return out;
}

std::string expand_figures_in_html(const std::string& html, const Article& a,
                                   const Locale& locale) {
  if (html.find("{{fig:") == std::string::npos) return html;
  std::string out;
  for (const auto& [kind, text] : figure_pieces(html, a, locale))
    out += kind == InlineKind::figure ? html_escape(text) : text;
  return out;
}

void walk_all_inlines(cmark_node* root, const InlineContext& ctx, const InlineSink& sink) {
  cmark_iter* it = cmark_iter_new(root);
  cmark_event_type ev;
  while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
    cmark_node* n = cmark_iter_get_node(it);
    if (ev != CMARK_EVENT_ENTER ||
        (cmark_node_get_type(n) & CMARK_NODE_TYPE_MASK) == CMARK_NODE_TYPE_INLINE)
      continue;
    // A block whose children are inlines: paragraph, heading, table cell.
    cmark_node* first = cmark_node_first_child(n);
    if (first && (cmark_node_get_type(first) & CMARK_NODE_TYPE_MASK) == CMARK_NODE_TYPE_INLINE)
      walk_inlines(n, ctx, sink);
  }
  cmark_iter_free(it);
}

std::optional<std::string> link_destination(const std::string& url, const Article& a,
                                            const Corpus& corpus, const SiteConfig& config,
                                            const std::string& page_url) {
  // Exactly what check_links() accepts is emitted; anything else was reported.
  if (!scheme_allowed(config, url)) return std::nullopt;
  switch (classify_link(url)) {
    case LinkKind::internal:
      if (is_bundle_path(config, url)) {
        const auto link = *parse_internal_link(url);
        // The site's view reads the bundle named (SiteModel::body_html()
        // hands the corpus to this one resolver): where the link leads
        // changes with its languages, whether it exists or not.
        record_dependency(DependencyKey::bundle(link.bundle_id));
        const LinkTarget t = resolve_internal_link(corpus, link, a.lang);
        if (!t.bundle) return std::nullopt;
        const std::string path = article_path(config, t.lang, t.bundle->section, t.bundle->slug) +
                                 (link.anchor.empty() ? "" : "#" + link.anchor);
        return page_url.empty() ? path : absolute_url(config, path);
      }
      [[fallthrough]];
    case LinkKind::site: {
      // Not recorded: what is written does not depend on the page named,
      // only whether the build has it, and a link to a page it lacks is an
      // error that stops the build.
      if (!check_site_path(config, corpus, url).rule.empty()) return std::nullopt;
      // Written from the site's root; the site lives under base_url's path.
      const std::string path = config.base_path + url.substr(1);
      return page_url.empty() ? path : absolute_url(config, path);
    }
    case LinkKind::local: {
      // In an email every link is absolute, resolved against its page
      // ("./chart.png" is "chart.png" there).
      std::string file = url;
      while (file.rfind("./", 0) == 0) file.erase(0, 2);
      return page_url.empty() ? url : page_url + file;
    }
    case LinkKind::fragment:
      return page_url.empty() ? url : page_url + url;
    case LinkKind::external:
      return external_url(url);
    case LinkKind::mail:
    case LinkKind::scheme:
      return url;
    case LinkKind::forbidden:
      return std::nullopt;
  }
  return std::nullopt;
}

}  // namespace pp
