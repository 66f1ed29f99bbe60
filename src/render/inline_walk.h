#pragma once
// Internal to render: the one walk over a body's inline content. It decides
// once what is prose, a figure, code, a link or an image; the HTML renderer
// (body_html.cpp) and the text renderer (body_text.cpp) only print its events.

#include <functional>
#include <optional>
#include <string>

#include "render/render.h"

struct cmark_node;

namespace pp {

/// What one piece of inline content is.
enum class InlineKind {
  text,          ///< prose as written (entities already decoded by the parser)
  figure,        ///< {{fig:NAME}} in prose: the figure formatted for the locale
  code,          ///< a code span: literal, {{fig:…}} included
  soft_break,    ///< a line end inside a paragraph
  line_break,    ///< a hard line break
  link_start,    ///< a link's label follows, up to its link_end
  link_end,      ///< the link closes
  image_start,   ///< an image's description follows, up to its image_end
  image_end,     ///< the image closes
  footnote_ref,  ///< a footnote reference; `text` is its number ("1")
  raw_html,      ///< inline raw HTML: never shown (safe mode)
  span_start,    ///< emphasis, strong, strikethrough…: their content is prose
  span_end,      ///< the span closes
};

/// One piece of inline content, in document order.
struct InlineEvent {
  InlineKind kind = InlineKind::text;
  /// The tree node it comes from (a text node gives several events when it
  /// holds figures).
  cmark_node* node = nullptr;
  /// text, figure, code: what it reads as; footnote_ref: its number.
  std::string text;
  /// link_* and image_*: the target as written.
  std::string url;
  /// link_* and image_*: where it points when rendered (see link_destination);
  /// nullopt for a target that is never emitted.
  std::optional<std::string> destination;
};

/// What the walk needs to resolve figures and links of one article.
struct InlineContext {
  const Article& article;
  const Corpus& corpus;
  const SiteConfig& config;
  const Locale& locale;
  /// The page's absolute URL in email (every link absolute), "" on the page.
  const std::string& page_url;
};

using InlineSink = std::function<void(const InlineEvent&)>;

/// The inline content of `block` (a paragraph, heading or table cell) as events.
void walk_inlines(cmark_node* block, const InlineContext& ctx, const InlineSink& sink);

/// The inline content of every block under `root`, in document order.
void walk_all_inlines(cmark_node* root, const InlineContext& ctx, const InlineSink& sink);

/// `text` as the walk reads prose: each {{fig:NAME}} replaced by the figure
/// formatted for `locale` (an unknown name is left as written; validate reports it).
std::string expand_figures(const std::string& text, const Article& a, const Locale& locale);

/// expand_figures() of raw HTML (`<td>{{fig:price}}</td>`): each figure
/// HTML-escaped where it lands.
std::string expand_figures_in_html(const std::string& html, const Article& a, const Locale& locale);

/// Where a link of article `a` points when rendered (docs/spec.md §4): bundle
/// paths resolved to the page in its language, other paths of the site under
/// base_url's path (site-relative, or absolute when `page_url` is given, as in
/// email), bundle files and anchors resolved against `page_url` when given,
/// "//host/…" as https, other schemes of links.schemes as written. nullopt
/// for a target that is never emitted (forbidden scheme, scheme not allowed,
/// unknown bundle or site path): check_links() reports each of them.
std::optional<std::string> link_destination(const std::string& url, const Article& a,
                                            const Corpus& corpus, const SiteConfig& config,
                                            const std::string& page_url);

}  // namespace pp
