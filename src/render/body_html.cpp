// Markdown → HTML for one article body, through cmark-gfm's own renderer.
#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm.h>

#include <set>
#include <string_view>

#include "content/raw_html.h"
#include "core/markup_text.h"
#include "core/text.h"
#include "render/alerts.h"
#include "render/cjk_breaks.h"
#include "render/inline_walk.h"
#include "render/language_links.h"
#include "render/render.h"
#include "render/start_tags.h"

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

// Adds id="…" to each <hN> opening tag, in document order. Text has its '<'
// escaped, and the sanitizer writes raw headings with a class, so every
// "<hN>" is a Markdown heading's. `used`: how many ids were given.
std::string add_heading_ids(const std::string& html, const std::vector<std::string>& ids,
                            std::size_t& used) {
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
  used = next;
  return out;
}

// `html` with dir="auto" on every block of text that has no direction of
// its own, for a right-to-left page: each paragraph, item, quote, heading,
// cell and caption then takes its direction from its first strong letter, so
// an English quotation in an Arabic article keeps its full stop at its end
// (the Unicode bidi algorithm's paragraph level, as Chromium and Gmail apply
// it). Text has its '<' escaped, so every '<' starts a tag.
std::string with_block_directions(const std::string& html) {
  static const std::set<std::string_view> blocks = {
      "p",  "li", "blockquote", "h1", "h2",         "h3",      "h4",      "h5",
      "h6", "td", "th",         "dt", "figcaption", "summary", "caption", "dd"};
  return add_to_start_tags(html, [](std::string_view name, std::string_view attributes) {
    return blocks.count(name) && attributes.find(" dir=") == std::string_view::npos
               ? std::string(" dir=\"auto\"")
               : std::string();
  });
}

// {{fig:NAME}} in the tree's raw HTML literals formatted for one render, the
// literals put back when it goes out of scope.
class RawFigures {
 public:
  RawFigures(cmark_node* root, const Article& a, const Locale& locale) {
    cmark_iter* it = cmark_iter_new(root);
    for (cmark_event_type ev; (ev = cmark_iter_next(it)) != CMARK_EVENT_DONE;) {
      cmark_node* n = cmark_iter_get_node(it);
      const auto type = cmark_node_get_type(n);
      if (ev != CMARK_EVENT_ENTER ||
          (type != CMARK_NODE_HTML_BLOCK && type != CMARK_NODE_HTML_INLINE))
        continue;
      const std::string literal = cmark_node_get_literal(n) ? cmark_node_get_literal(n) : "";
      const std::string expanded = expand_figures_in_html(literal, a, locale);
      if (expanded == literal) continue;
      saved_.emplace_back(n, literal);
      cmark_node_set_literal(n, expanded.c_str());
    }
    cmark_iter_free(it);
  }
  RawFigures(const RawFigures&) = delete;
  RawFigures& operator=(const RawFigures&) = delete;
  ~RawFigures() {
    for (const auto& [node, literal] : saved_) cmark_node_set_literal(node, literal.c_str());
  }

 private:
  std::vector<std::pair<cmark_node*, std::string>> saved_;
};

// The next raw anchor in `html` from `from`: the sanitizer writes the id of
// an <a> or a raw heading first (`<a id="x"`, `<h3 id="x" class="raw-heading"`;
// Markdown's headings have no such class); npos for none.
std::size_t next_anchor(const std::string& html, std::size_t from, std::size_t& tag_size) {
  static const std::string raw_heading = " class=\"raw-heading\"";
  for (std::size_t at = html.find(" id=\"", from); at != std::string::npos;
       at = html.find(" id=\"", at + 1)) {
    if (at >= 2 && html.compare(at - 2, 2, "<a") == 0) {
      tag_size = 2;
      return at - 2;
    }
    const std::size_t end = html.find('"', at + 5);
    if (at >= 3 && html[at - 3] == '<' && html[at - 2] == 'h' && html[at - 1] >= '2' &&
        html[at - 1] <= '6' && end != std::string::npos &&
        html.compare(end + 1, raw_heading.size(), raw_heading) == 0) {
      tag_size = 3;
      return at - 3;
    }
  }
  return std::string::npos;
}

// `html` without the id of a raw anchor (`<a id="x">`, as the sanitizer
// writes `<a name>`, or a raw heading's `<h2 id="x">`) that a heading or an
// earlier anchor already has: READMEs put `<a name="pricing"></a>` before
// `## Pricing`, and a page's ids are unique. A link to it lands on the
// heading beside it.
std::string without_repeated_anchors(const std::string& html, const std::vector<std::string>& ids,
                                     std::size_t headings) {
  if (html.find(" id=\"") == std::string::npos) return html;
  std::set<std::string> seen;
  for (std::size_t i = 0; i < headings && i < ids.size(); ++i) seen.insert(html_escape(ids[i]));
  std::string out;
  std::size_t from = 0, tag_size = 0;  // copied up to `from`
  for (std::size_t at, search = 0;
       (at = next_anchor(html, search, tag_size)) != std::string::npos;) {
    const std::size_t value = at + tag_size + 5, end = html.find('"', value);
    if (end == std::string::npos) break;
    search = end + 1;
    if (seen.insert(html.substr(value, end - value)).second) continue;
    out.append(html, from, at + tag_size - from);  // the tag's name, then past its id
    from = end + 1;
  }
  out.append(html, from, std::string::npos);
  return out;
}

// The inline walk's decisions (link targets, formatted figures) written into
// the shared tree for one cmark render, and undone when it goes out of scope:
// the tree is parsed once and shared by every renderer. Each article is
// rendered by one task at a time, so this does not race.
class TreeEdits {
 public:
  TreeEdits() = default;
  TreeEdits(const TreeEdits&) = delete;
  TreeEdits& operator=(const TreeEdits&) = delete;
  ~TreeEdits() {
    for (const auto& s : saved_) {
      if (s.url)
        cmark_node_set_url(s.node, s.value.c_str());
      else
        cmark_node_set_literal(s.node, s.value.c_str());
    }
  }

  /// Takes the next event of the walk.
  void apply(const InlineEvent& e) {
    if (e.kind == InlineKind::text || e.kind == InlineKind::figure) {
      if (e.node != text_node_) finish();
      text_node_ = e.node;
      text_ += e.text;
      has_figure_ = has_figure_ || e.kind == InlineKind::figure;
      return;
    }
    finish();
    if (e.kind == InlineKind::link_start || e.kind == InlineKind::image_start) {
      // A forbidden or unresolvable target is never emitted.
      const std::string target = e.destination.value_or("#");
      if (target != e.url) {
        saved_.push_back({e.node, e.url, true});
        cmark_node_set_url(e.node, target.c_str());
      }
    }
  }

  /// Writes the pending text node: once the walk is over, call it last.
  void finish() {
    // A text node with figures reads as its events put together.
    if (text_node_ && has_figure_) {
      saved_.push_back({text_node_, cmark_node_get_literal(text_node_), false});
      cmark_node_set_literal(text_node_, text_.c_str());
    }
    text_node_ = nullptr;
    text_.clear();
    has_figure_ = false;
  }

 private:
  struct Saved {
    cmark_node* node;
    std::string value;
    bool url;  ///< the node's URL, else its literal
  };
  std::vector<Saved> saved_;
  cmark_node* text_node_ = nullptr;
  std::string text_;
  bool has_figure_ = false;
};

}  // namespace

std::string render_body_html(const Article& a, const Corpus& corpus, const SiteConfig& config,
                             const Locale& locale, const std::string& page_url) {
  cmark_node* root = a.doc->root();
  std::string html;
  {
    TreeEdits edits;
    walk_all_inlines(root, {a, corpus, config, locale, page_url},
                     [&](const InlineEvent& e) { edits.apply(e); });
    edits.finish();
    // A line broken inside Japanese or Chinese text reads as nothing.
    const VanishingBreaks breaks(root);
    const AlertBlocks alerts(root, locale);
    constexpr int options = CMARK_OPT_DEFAULT | CMARK_OPT_FOOTNOTES;
    if (has_raw_html(root)) {
      // Figures inside raw HTML (a table cell, a <summary>) formatted too,
      // for this render only.
      const RawFigures figures(root, a, locale);
      // Sanitized as one fragment; `error` renders as `drop` (the build stops anyway).
      const auto mode =
          config.raw_html == RawHtmlMode::sanitize ? RawHtmlMode::sanitize : RawHtmlMode::drop;
      html = form_feeds_as_spaces(render_sanitized(root, options, mode, page_url).sanitized.html);
    } else {
      // The tree has its own allocator (bounded_parse.cpp); the text is malloc'd.
      char* raw = cmark_render_html_with_mem(root, options, extension_list(),
                                             cmark_get_default_mem_allocator());
      html = form_feeds_as_spaces(raw ? raw : "");
      free(raw);
    }
  }
  std::size_t headings = 0;
  html = add_heading_ids(html, a.heading_ids, headings);
  html = mark_language_links(without_repeated_anchors(html, a.heading_ids, headings), config,
                             locale.code());
  // A table wider than a phone scrolls in its own box, not the page.
  html = wrap_elements(html, "table", "<div class=\"table-scroll\">", "</div>");
  return locale.dir() == "rtl" ? with_block_directions(html) : html;
}

}  // namespace pp
