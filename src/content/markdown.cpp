#include "content/markdown.h"

#include <cmark-gfm.h>
#include <unicode/locid.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>

#include <algorithm>
#include <optional>

#include "content/body_positions.h"
#include "content/bounded_parse.h"
#include "content/heading_ids.h"
#include "content/raw_html.h"
#include "content/tree_shape.h"
#include "core/text.h"

namespace pp {

MarkdownDoc::~MarkdownDoc() {
  if (root_) cmark_node_free(root_);
}

const std::vector<std::string>& gfm_extension_names() {
  static const std::vector<std::string> names = {"table", "strikethrough", "autolink", "tasklist",
                                                 "tagfilter"};
  return names;
}

std::shared_ptr<const MarkdownDoc> parse_markdown(const std::string& body) {
  cmark_node* root =
      parse_within(body, CMARK_OPT_DEFAULT | CMARK_OPT_FOOTNOTES, kMarkdownParseLimit);
  if (!root) return nullptr;
  // One text node per run of text, so {{fig:…}} is never split by '_' or '*'.
  cmark_consolidate_text_nodes(root);
  return std::make_shared<const MarkdownDoc>(root);
}

std::string node_text(cmark_node* node) {
  std::string out;
  cmark_iter* it = cmark_iter_new(node);
  cmark_event_type ev;
  while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
    if (ev != CMARK_EVENT_ENTER) continue;
    cmark_node* n = cmark_iter_get_node(it);
    const auto type = cmark_node_get_type(n);
    if (type == CMARK_NODE_TEXT || type == CMARK_NODE_CODE) {
      if (const char* lit = cmark_node_get_literal(n)) out += lit;
    } else if (type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK) {
      out += ' ';
    }
  }
  cmark_iter_free(it);
  return out;
}

std::string heading_slug(const std::string& text) {
  // GitHub: downcase, drop everything but word characters, '-' and ' ', then ' ' → '-'.
  icu::UnicodeString u = icu::UnicodeString::fromUTF8(text);
  u.toLower(icu::Locale::getRoot());
  icu::UnicodeString kept;
  for (int32_t i = 0; i < u.length();) {
    const UChar32 c = u.char32At(i);
    i += U16_LENGTH(c);
    const int8_t cat = u_charType(c);
    const bool word = u_isalnum(c) || cat == U_NON_SPACING_MARK ||
                      cat == U_COMBINING_SPACING_MARK || cat == U_ENCLOSING_MARK ||
                      cat == U_CONNECTOR_PUNCTUATION;
    if (word || c == '-')
      kept.append(c);
    else if (c == ' ')
      kept.append(static_cast<UChar32>('-'));
  }
  std::string out;
  kept.toUTF8String(out);
  return out;
}

namespace {

// Where each raw element's start tag is in the file: the node's own start,
// moved on by the lines and bytes of its literal before the tag. Elements
// come in document order: the lines of a literal are counted once, from the
// last element on (30,000 elements in one literal were quadratic).
std::vector<RawHtmlUse> locate(const std::vector<RawElement>& elements, const SanitizedBody& body,
                               BodyPositions& positions) {
  std::vector<RawHtmlUse> uses;
  const RawSpan* counted_span = nullptr;
  std::size_t counted_to = 0, line_start = 0;
  int lines = 0;
  for (const auto& e : elements) {
    auto span = std::upper_bound(body.raw.begin(), body.raw.end(), e.offset,
                                 [](std::size_t o, const RawSpan& s) { return o < s.begin; });
    if (span == body.raw.begin()) continue;  // not written in raw HTML
    --span;
    if (&*span != counted_span || e.offset < counted_to) {
      counted_span = &*span;
      counted_to = line_start = span->begin;
      lines = 0;
    }
    for (; counted_to < e.offset; ++counted_to)
      if (body.input[counted_to] == '\n') {
        ++lines;
        line_start = counted_to + 1;
      }
    cmark_node* n = body.nodes[static_cast<std::size_t>(span->node)];
    const auto in_line = static_cast<int>(e.offset - line_start);
    const int line = cmark_node_get_start_line(n) + lines;
    uses.push_back({positions.at(line, cmark_node_get_start_column(n) + in_line), e});
  }
  // Positions are asked for in document order, as BodyPositions needs.
  return uses;
}

void locate_raw_html(Article& a, BodyPositions& positions) {
  if (!has_raw_html(a.doc->root())) return;
  const auto body = render_sanitized(a.doc->root(), CMARK_OPT_DEFAULT | CMARK_OPT_FOOTNOTES,
                                     RawHtmlMode::sanitize);
  a.raw_html = locate(body.sanitized.elements, body, positions);
  // A raw <img> of a bundle file is checked as a Markdown image is, and a
  // raw link as a Markdown link (its anchor, the site's own page it names).
  for (const auto& u : a.raw_html) {
    if (!u.element.local_src.empty()) a.links.push_back({u.element.local_src, true, u.where});
    if (!u.element.href.empty()) a.links.push_back({u.element.href, false, u.where});
  }
  // `<a name>`/`<a id>` anchors are link targets like heading ids.
  for (const auto& e : body.sanitized.elements)
    if (!e.anchor.empty() &&
        std::find(a.heading_ids.begin(), a.heading_ids.end(), e.anchor) == a.heading_ids.end())
      a.heading_ids.push_back(e.anchor);
  a.raw_html_dropped =
      locate(sanitize_html(body.input, body.raw, RawHtmlMode::drop).elements, body, positions);
}

}  // namespace

void walk_markdown(Article& a, DiagnosticSink* sink) {
  const TreeShape shape = shape_tree(a.doc->root(), a.body);
  UniqueIds ids;
  BodyPositions positions(a);
  cmark_iter* it = cmark_iter_new(a.doc->root());
  cmark_event_type ev;
  while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
    if (ev != CMARK_EVENT_ENTER) continue;
    cmark_node* n = cmark_iter_get_node(it);
    switch (cmark_node_get_type(n)) {
      case CMARK_NODE_HEADING: {
        if (const auto own = shape.own_ids.find(n); own != shape.own_ids.end()) {
          if (!ids.claim(own->second) && sink)
            sink->error(positions.of(n), "markdown/heading-id",
                        "heading id '" + quote_for_message(own->second, 100) +
                            "' is already the id of an earlier heading or anchor of this page");
          a.heading_ids.push_back(own->second);
          break;
        }
        if (const auto bad = shape.bad_ids.find(n); bad != shape.bad_ids.end() && sink)
          sink->error(positions.of(n), "markdown/heading-id",
                      "\"" + quote_for_message(bad->second, 60) +
                          "\" is not a heading id: write {#id} with letters, digits, '-', '_', "
                          "'.' or ':' (at most 100 bytes)");
        std::string base = heading_slug(node_text(n));
        if (base.empty()) base = "section";
        a.heading_ids.push_back(ids.assign(base));
        break;
      }
      case CMARK_NODE_LINK:
      case CMARK_NODE_IMAGE: {
        const char* url = cmark_node_get_url(n);
        const std::string target = url ? url : "";
        a.links.push_back(
            {target, cmark_node_get_type(n) == CMARK_NODE_IMAGE, positions.of_link(n, target)});
        break;
      }
      case CMARK_NODE_TEXT:
      case CMARK_NODE_HTML_BLOCK:  // a table cell, a <summary>: formatted there too
      case CMARK_NODE_HTML_INLINE: {
        const std::string lit = cmark_node_get_literal(n) ? cmark_node_get_literal(n) : "";
        std::size_t pos = 0;
        while ((pos = lit.find("{{fig:", pos)) != std::string::npos) {
          const auto close = lit.find("}}", pos);
          if (close == std::string::npos) break;
          const std::string written = lit.substr(pos, close + 2 - pos);
          a.figure_refs.push_back(
              {lit.substr(pos + 6, close - pos - 6), positions.of_text(n, written)});
          pos = close + 2;
        }
        break;
      }
      default:
        break;
    }
  }
  cmark_iter_free(it);
  if (sink)
    for (const auto& [run, mark] : shape.literal_runs)
      sink->warning(positions.of_text(run, mark), "markdown/cjk-emphasis",
                    "\"" + mark +
                        "\" beside CJK text is shown as written: its pair cannot be "
                        "found (write " +
                        (mark == "**" ? "<strong>…</strong>" : "<del>…</del>") +
                        ", or put the closing " + mark + " right after the text)");
  locate_raw_html(a, positions);
}

}  // namespace pp
