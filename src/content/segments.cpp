#include "content/segments.h"

#include <cmark-gfm.h>
#include <unicode/uchar.h>
#include <unicode/utf8.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <map>

#include "content/bounded_parse.h"
#include "content/html_sanitizer.h"
#include "content/markdown.h"

namespace pp {

bool block_has_words(cmark_node* block);

const char* segment_kind_name(SegmentKind kind) {
  switch (kind) {
    case SegmentKind::field:
      return "";
    case SegmentKind::heading:
      return "heading";
    case SegmentKind::paragraph:
      return "paragraph";
    case SegmentKind::item:
      return "item";
    case SegmentKind::quote:
      return "quote";
    case SegmentKind::cell:
      return "cell";
    case SegmentKind::footnote:
      return "footnote";
    case SegmentKind::alt:
      return "alt";
    case SegmentKind::image_title:
      return "image-title";
    case SegmentKind::html:
      return "html";
  }
  return "";
}

SegmentKind segment_kind_of_id(const std::string& id) {
  for (SegmentKind k : {SegmentKind::heading, SegmentKind::paragraph, SegmentKind::item,
                        SegmentKind::quote, SegmentKind::cell, SegmentKind::footnote,
                        SegmentKind::alt, SegmentKind::image_title, SegmentKind::html}) {
    const std::string prefix = std::string(segment_kind_name(k)) + "-";
    if (id.starts_with(prefix) && id.size() > prefix.size() &&
        id.find_first_not_of("0123456789", prefix.size()) == std::string::npos)
      return k;
  }
  return SegmentKind::field;
}

std::string readable_text(SegmentKind kind, const std::string& text) {
  return kind == SegmentKind::html ? raw_html_visible_text(text, RawHtmlMode::sanitize) : text;
}

std::string unescape_tokens(const std::string& md) {
  std::string out;
  out.reserve(md.size());
  std::size_t i = 0;
  for (std::size_t open; (open = md.find("{{", i)) != std::string::npos;) {
    // A token is short and on one line: "{{fig:" and a name, with the
    // renderer's backslashes before its punctuation. Anything else between
    // braces (text of two entries, a "{{" in prose) is left as written.
    const auto close = md.find("}}", open + 2);
    const auto line_end = md.find('\n', open);
    if (close == std::string::npos) break;
    std::string token;
    for (std::size_t j = open; j < close + 2; ++j) {
      if (md[j] == '\\' && j + 1 < close && std::ispunct(static_cast<unsigned char>(md[j + 1])))
        ++j;
      token += md[j];
    }
    const bool ours = (line_end == std::string::npos || close < line_end) && close - open < 200 &&
                      token.starts_with("{{fig:") &&
                      std::all_of(token.begin() + 6, token.end() - 2, [](char c) {
                        return std::islower(static_cast<unsigned char>(c)) ||
                               std::isdigit(static_cast<unsigned char>(c)) || c == '_';
                      });
    out.append(md, i, open - i);
    if (ours) {
      out += token;
      i = close + 2;
    } else {
      out += "{{";
      i = open + 2;
    }
  }
  out.append(md, i, std::string::npos);
  return out;
}

namespace {

// The inline content of a block as CommonMark, on one line (soft breaks as
// spaces, so that re-wrapping a paragraph is not a change): the children are
// moved under a paragraph of their own, rendered by cmark-gfm, and moved back.
std::string inline_markdown(cmark_node* block) {
  // What the translation does not write (block_frame()) is left out.
  const BlockFrame frame = block_frame(block);
  frame.take_out();
  cmark_node* para = cmark_node_new_with_mem(CMARK_NODE_PARAGRAPH, parse_allocator());
  while (cmark_node* c = cmark_node_first_child(block))
    if (!cmark_node_append_child(para, c)) break;
  char* rendered = cmark_render_commonmark(para, CMARK_OPT_NOBREAKS, 0);
  while (cmark_node* c = cmark_node_first_child(para))
    if (!cmark_node_append_child(block, c)) break;
  cmark_node_free(para);
  frame.put_back(block);
  std::string out = rendered ? rendered : "";
  // The renderer allocates its result with the tree's allocator.
  parse_allocator()->free(rendered);
  while (!out.empty() && (out.back() == '\n' || out.back() == ' ')) out.pop_back();
  return unescape_tokens(out);
}

}  // namespace

bool text_has_words(const std::string& text) {
  std::string rest;
  for (std::size_t i = 0; i < text.size();) {
    if (text.compare(i, 2, "{{") == 0) {
      const auto end = text.find("}}", i + 2);
      if (end != std::string::npos) {
        i = end + 2;
        continue;
      }
    }
    rest += text[i++];
  }
  for (int32_t i = 0; i < static_cast<int32_t>(rest.size());) {
    UChar32 c;
    U8_NEXT(rest.data(), i, static_cast<int32_t>(rest.size()), c);
    if (c > 0 && u_isalnum(c)) return true;
  }
  return false;
}

namespace {

// The words of a block a reader sees: its text, leaving out code, and links
// whose text is their address (bare and <…> URLs).
std::string words_of(cmark_node* block) {
  std::string out;
  cmark_iter* it = cmark_iter_new(block);
  cmark_event_type ev;
  while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
    cmark_node* n = cmark_iter_get_node(it);
    if (ev != CMARK_EVENT_ENTER) continue;
    const auto type = cmark_node_get_type(n);
    if (type == CMARK_NODE_LINK) {
      const char* url = cmark_node_get_url(n);
      const std::string text = node_text(n);
      if (url && (text == url || "mailto:" + text == url)) {
        out += ' ';
        // Skip the link's own text.
        while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE)
          if (ev == CMARK_EVENT_EXIT && cmark_iter_get_node(it) == n) break;
        if (ev == CMARK_EVENT_DONE) break;
        continue;
      }
    }
    if (type == CMARK_NODE_TEXT) {
      if (const char* lit = cmark_node_get_literal(n)) out += lit;
    } else {
      out += ' ';
    }
  }
  cmark_iter_free(it);
  return out;
}

// The image a paragraph holds and nothing else (white space aside), or nullptr.
cmark_node* lone_image(cmark_node* para) {
  cmark_node* image = nullptr;
  for (cmark_node* c = cmark_node_first_child(para); c; c = cmark_node_next(c)) {
    const auto type = cmark_node_get_type(c);
    if (type == CMARK_NODE_IMAGE && !image) {
      image = c;
    } else if (type == CMARK_NODE_TEXT) {
      const char* lit = cmark_node_get_literal(c);
      if (lit && std::string(lit).find_first_not_of(" \t") != std::string::npos) return nullptr;
    } else if (type != CMARK_NODE_SOFTBREAK) {
      return nullptr;
    }
  }
  return image;
}

// The footnote definition a paragraph is in, or nullptr.
cmark_node* footnote_of(cmark_node* para) {
  for (cmark_node* p = cmark_node_parent(para); p; p = cmark_node_parent(p))
    if (cmark_node_get_type(p) == CMARK_NODE_FOOTNOTE_DEFINITION) return p;
  return nullptr;
}

SegmentKind paragraph_kind(cmark_node* para) {
  for (cmark_node* p = cmark_node_parent(para); p; p = cmark_node_parent(p)) {
    const auto type = cmark_node_get_type(p);
    if (type == CMARK_NODE_FOOTNOTE_DEFINITION) return SegmentKind::footnote;
    if (type == CMARK_NODE_ITEM) return SegmentKind::item;
    if (type == CMARK_NODE_BLOCK_QUOTE) return SegmentKind::quote;
  }
  return SegmentKind::paragraph;
}

void add_field(std::vector<Segment>& out, const char* key,
               const std::optional<Located<std::string>>& value) {
  if (value && !value->value.empty())
    out.push_back({SegmentKind::field, key, value->value, value->where.line, key});
}

}  // namespace

std::string footnote_definition_label(cmark_node* definition) {
  char* md = cmark_render_commonmark(definition, CMARK_OPT_DEFAULT, 0);
  const std::string text = md ? md : "";
  parse_allocator()->free(md);
  const auto end = text.find("]:");
  return text.starts_with("[^") && end != std::string::npos ? text.substr(2, end - 2) : "";
}

bool block_has_words(cmark_node* block) {
  return text_has_words(words_of(block));
}

void visit_body_segments(cmark_node* root, int first_line,
                         const std::function<void(Segment&, cmark_node*)>& visit) {
  std::string heading;  // the text of the heading above
  std::vector<std::pair<Segment, cmark_node*>> found;
  cmark_iter* it = cmark_iter_new(root);
  cmark_event_type ev;
  while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
    if (ev != CMARK_EVENT_ENTER) continue;
    cmark_node* n = cmark_iter_get_node(it);
    const auto type = cmark_node_get_type(n);
    const char* type_name = cmark_node_get_type_string(n);
    const int line = first_line + cmark_node_get_start_line(n) - 1;
    const std::string under = heading.empty() ? "" : "under \"" + heading + "\"";
    Segment s;
    cmark_node* container = nullptr;
    if (type == CMARK_NODE_HEADING) {
      heading = node_text(n);
      if (text_has_words(words_of(n))) {
        s = {SegmentKind::heading, "", "", line,
             "heading, level " + std::to_string(cmark_node_get_heading_level(n))};
        container = n;
      }
    } else if (type == CMARK_NODE_PARAGRAPH) {
      if (cmark_node* image = lone_image(n)) {
        const char* url = cmark_node_get_url(image);
        const std::string where =
            "image " + std::string(url ? url : "") + (under.empty() ? "" : ", " + under);
        if (text_has_words(node_text(image)))
          found.emplace_back(Segment{SegmentKind::alt, "", inline_markdown(image), line, where},
                             image);
        // Its title, which a reader sees on hovering (and a screen reader reads).
        const char* title = cmark_node_get_title(image);
        if (title && text_has_words(title))
          found.emplace_back(
              Segment{SegmentKind::image_title, "", title, line, "title of the " + where}, image);
        continue;
      }
      if (text_has_words(words_of(n))) {
        s = {paragraph_kind(n), "", "", line, under};
        if (cmark_node* note = s.kind == SegmentKind::footnote ? footnote_of(n) : nullptr) {
          s.label = footnote_definition_label(note);
          s.note = "footnote [^" + s.label + "]" + (under.empty() ? "" : ", " + under);
        }
        container = n;
      }
    } else if (type == CMARK_NODE_HTML_BLOCK) {
      std::string literal = cmark_node_get_literal(n) ? cmark_node_get_literal(n) : "";
      while (!literal.empty() && literal.back() == '\n') literal.pop_back();
      if (text_has_words(readable_text(SegmentKind::html, literal)))
        found.emplace_back(Segment{SegmentKind::html, "", literal, line,
                                   "raw HTML: keep its tags" + (under.empty() ? "" : ", " + under)},
                           n);
      continue;
    } else if (type_name && std::strcmp(type_name, "table_cell") == 0) {
      if (text_has_words(words_of(n))) {
        s = {SegmentKind::cell, "", "", line, under};
        container = n;
      }
    }
    if (!container) continue;
    s.text = inline_markdown(container);
    found.emplace_back(std::move(s), container);
  }
  cmark_iter_free(it);
  // Visited once the walk is over: an iterator holds on to the next node,
  // which a visit may replace.
  for (auto& [s, container] : found) visit(s, container);
}

std::vector<Segment> article_segments(const Article& a) {
  std::vector<Segment> out;
  add_field(out, "title", a.own.title);
  add_field(out, "summary", a.own.summary);
  add_field(out, "verdict", a.own.verdict);
  if (a.own.cover && !a.own.cover->alt.empty())
    out.push_back(
        {SegmentKind::field, "cover.alt", a.own.cover->alt, a.own.cover->where.line, "cover.alt"});

  cmark_node* root =
      parse_within(a.body, CMARK_OPT_DEFAULT | CMARK_OPT_FOOTNOTES, kMarkdownParseLimit);
  if (!root) return out;
  cmark_consolidate_text_nodes(root);
  frame_source_blocks(root, a.body);
  visit_body_segments(root, a.body_first_line,
                      [&](Segment& s, cmark_node*) { out.push_back(std::move(s)); });
  cmark_node_free(root);
  return out;
}

}  // namespace pp
