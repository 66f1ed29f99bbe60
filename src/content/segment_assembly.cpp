// A translated body from the source's tree and translated segments
// (docs/translators.md, "Articles in catalogs").
#include <cmark-gfm.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <utility>

#include "content/bounded_parse.h"
#include "content/front_matter_fields.h"
#include "content/html_sanitizer.h"
#include "content/markdown.h"
#include "content/markdown_guard.h"
#include "content/segments.h"
#include "content/tree_shape.h"
#include "core/text.h"

namespace pp {

namespace {

// Why `text`, a translated entry, cannot be a body's text: the limits an
// article's body has, before parsing; nullopt when it is within them.
std::optional<std::pair<std::string, std::string>> over_body_limits(const std::string& text) {
  if (text.size() > kMaxFileBytes)
    return std::pair<std::string, std::string>{"bundle/too-large", "it is larger than 1 MiB"};
  if (const auto t = prescan_markdown(text))
    return std::pair<std::string, std::string>{"markdown/too-complex", t->message};
  return std::nullopt;
}

// The inline nodes `text` parses to when it is one paragraph and nothing
// else, under a parsed document the caller frees; nullptr otherwise, with
// `over` set when the parse went over its time or the tree over its size.
cmark_node* inline_content(const std::string& text, cmark_node*& doc,
                           std::optional<std::pair<std::string, std::string>>& over) {
  doc = parse_within(text, CMARK_OPT_DEFAULT | CMARK_OPT_FOOTNOTES, kMarkdownParseLimit);
  if (!doc) {
    over = {"markdown/too-complex",
            "the translation takes more than 10 seconds of processor "
            "time to parse"};
    return nullptr;
  }
  if (const auto t = check_expansion(doc, text.size())) {
    over = {"markdown/too-complex", t->message};
    return nullptr;
  }
  cmark_consolidate_text_nodes(doc);
  cmark_node* first = cmark_node_first_child(doc);
  if (!first || cmark_node_next(first) || cmark_node_get_type(first) != CMARK_NODE_PARAGRAPH)
    return nullptr;
  frame_source_blocks(doc, text);  // its emphasis beside CJK text paired
  return first;
}

// cmark's inline nodes keep their text, URL and title as views of their
// paragraph's buffer: nodes moved out of a tree about to be freed get copies.
void own_strings(cmark_node* node) {
  cmark_iter* it = cmark_iter_new(node);
  cmark_event_type ev;
  while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
    if (ev != CMARK_EVENT_ENTER) continue;
    cmark_node* n = cmark_iter_get_node(it);
    switch (cmark_node_get_type(n)) {
      case CMARK_NODE_TEXT:
      case CMARK_NODE_CODE:
      case CMARK_NODE_HTML_INLINE:
        if (const char* lit = cmark_node_get_literal(n)) {
          const std::string copy = lit;
          cmark_node_set_literal(n, copy.c_str());
        }
        break;
      case CMARK_NODE_LINK:
      case CMARK_NODE_IMAGE: {
        const std::string url = cmark_node_get_url(n) ? cmark_node_get_url(n) : "";
        const std::string title = cmark_node_get_title(n) ? cmark_node_get_title(n) : "";
        cmark_node_set_url(n, url.c_str());
        cmark_node_set_title(n, title.c_str());
        break;
      }
      default:
        break;
    }
  }
  cmark_iter_free(it);
}

// The labels of a parsed document's footnote definitions, in the order
// cmark-gfm numbers them: a reference's literal is its definition's number
// there.
std::vector<std::string> footnote_labels(cmark_node* root) {
  std::vector<std::string> out;
  for (cmark_node* n = cmark_node_first_child(root); n; n = cmark_node_next(n))
    if (cmark_node_get_type(n) == CMARK_NODE_FOOTNOTE_DEFINITION)
      out.push_back(footnote_definition_label(n));
  return out;
}

// The footnote references under `node`, each with its label.
std::vector<std::pair<std::string, cmark_node*>> footnote_references(
    cmark_node* node, const std::vector<std::string>& labels) {
  std::vector<std::pair<std::string, cmark_node*>> out;
  cmark_iter* it = cmark_iter_new(node);
  for (cmark_event_type ev; (ev = cmark_iter_next(it)) != CMARK_EVENT_DONE;) {
    cmark_node* n = cmark_iter_get_node(it);
    if (ev != CMARK_EVENT_ENTER || cmark_node_get_type(n) != CMARK_NODE_FOOTNOTE_REFERENCE)
      continue;
    const char* number = cmark_node_get_literal(n);
    const long k = number ? std::strtol(number, nullptr, 10) : 0;
    if (k >= 1 && static_cast<std::size_t>(k) <= labels.size()) out.emplace_back(labels[k - 1], n);
  }
  cmark_iter_free(it);
  return out;
}

// The translation `text` parsed again with the source's footnote labels
// defined, so that its `[^label]` are references; its paragraph, under
// `doc` (freed by the caller), or nullptr.
cmark_node* with_footnotes(const std::string& text, const std::vector<std::string>& labels,
                           cmark_node*& doc) {
  std::string md = text + "\n\n";
  for (const auto& label : labels) md += "[^" + label + "]: -\n\n";
  doc = parse_within(md, CMARK_OPT_DEFAULT | CMARK_OPT_FOOTNOTES, kMarkdownParseLimit);
  if (!doc) return nullptr;
  cmark_consolidate_text_nodes(doc);
  frame_source_blocks(doc, md);
  cmark_node* first = cmark_node_first_child(doc);
  return first && cmark_node_get_type(first) == CMARK_NODE_PARAGRAPH ? first : nullptr;
}

// `container`'s inline content replaced by `from`'s. A footnote reference in
// `from` (labels `from_labels`) takes the place of one of `container`'s with
// the same label (labels `labels`): a reference points at its definition in
// the tree it was parsed in, which only the source's references do. False,
// and nothing changed, when `from` has a reference `container` does not.
bool replace_children(cmark_node* container, cmark_node* from,
                      const std::vector<std::string>& labels = {},
                      const std::vector<std::string>& from_labels = {}) {
  auto theirs = footnote_references(container, labels);
  std::vector<std::pair<cmark_node*, cmark_node*>> swaps;  // (translated, source)
  for (const auto& [label, n] : footnote_references(from, from_labels)) {
    const auto it =
        std::find_if(theirs.begin(), theirs.end(), [&](const auto& r) { return r.first == label; });
    if (it == theirs.end()) return false;
    swaps.emplace_back(n, it->second);
    theirs.erase(it);
  }
  for (const auto& [t, source] : swaps) cmark_node_unlink(source);
  own_strings(from);
  // The heading's {#id} and the alert's marker stay (block_frame()).
  const BlockFrame frame = block_frame(container);
  frame.take_out();
  while (cmark_node* c = cmark_node_first_child(container)) {
    cmark_node_unlink(c);
    cmark_node_free(c);
  }
  while (cmark_node* c = cmark_node_first_child(from))
    if (!cmark_node_append_child(container, c)) break;
  frame.put_back(container);
  for (const auto& [t, source] : swaps) {
    cmark_node_replace(t, source);
    cmark_node_free(t);
  }
  return true;
}

// A raw HTML block's literal replaced by its translation `text`, when that
// is one HTML block alone with the source's tags as written (raw_html_tags():
// the same tags open and close, in the same order, so that the page parses
// what follows as it parses it after the source) and words a reader sees:
// the tags stay the author's (and are sanitized as theirs are); text and
// attributes are the translator's. False, and nothing
// changed, otherwise, with `over` set when the parse went over its time.
bool replace_html_block(cmark_node* block, const std::string& text,
                        std::optional<std::pair<std::string, std::string>>& over) {
  cmark_node* doc =
      parse_within(text, CMARK_OPT_DEFAULT | CMARK_OPT_FOOTNOTES, kMarkdownParseLimit);
  if (!doc) {
    over = {"markdown/too-complex",
            "the translation takes more than 10 seconds of processor time to parse"};
    return false;
  }
  if (const auto t = check_expansion(doc, text.size())) {
    over = {"markdown/too-complex", t->message};
    cmark_node_free(doc);
    return false;
  }
  cmark_node* first = cmark_node_first_child(doc);
  const bool one =
      first && !cmark_node_next(first) && cmark_node_get_type(first) == CMARK_NODE_HTML_BLOCK;
  cmark_node_free(doc);
  const char* source = cmark_node_get_literal(block);
  if (!one || raw_html_tags(text) != raw_html_tags(source ? source : "") ||
      !text_has_words(readable_text(SegmentKind::html, text)))
    return false;
  cmark_node_set_literal(block, (text + "\n").c_str());
  return true;
}

// An image's title replaced by its translation `text` (line breaks as
// spaces: a title is one line of a tooltip), when that has words.
bool replace_image_title(cmark_node* image, const std::string& text) {
  if (!text_has_words(text)) return false;
  std::string title = text;
  std::replace(title.begin(), title.end(), '\n', ' ');
  cmark_node_set_title(image, title.c_str());
  return true;
}

// What became of a block's translation.
enum class Outcome {
  used,
  refused,   ///< not a block of its kind: an i18n/segment warning says so
  not_used,  ///< none, or one another finding is about
};

// A translation `t` of `container`'s inline content put in its children's
// place. A footnote call in it is read with the source's notes (`labels`)
// defined; one the block does not make leaves it unused (an i18n/placeholder
// error of the catalog's check says so). `over` is set as inline_content()
// sets it.
Outcome replace_inline_content(cmark_node* container, const std::string& t,
                               const std::vector<std::string>& labels,
                               std::optional<std::pair<std::string, std::string>>& over) {
  cmark_node* doc = nullptr;
  cmark_node* para = inline_content(t, doc, over);
  // A translation of nothing but tokens or URLs would be no segment of the
  // assembled body: the blocks after it would be taken for others.
  if (para && (!block_has_words(para) || !fits_block(para, t, container))) para = nullptr;
  cmark_node* noted = nullptr;
  if (para && !labels.empty() && t.find("[^") != std::string::npos) {
    cmark_node_free(doc);
    para = with_footnotes(t, labels, doc);
    if (para) noted = doc;
  }
  // A heading's id is the source's (kept by its frame): one its translation
  // writes is left out of the final parse, so that it never shows as text.
  if (para && cmark_node_get_type(container) == CMARK_NODE_HEADING) take_own_heading_id(para);
  Outcome o = Outcome::refused;
  if (para)
    o = replace_children(container, para, labels,
                         noted ? footnote_labels(noted) : std::vector<std::string>{})
            ? Outcome::used
            : Outcome::not_used;
  if (doc) cmark_node_free(doc);
  return o;
}

// Calls `f` with each block node under `root` (not `root`), in document order.
void for_each_block(cmark_node* root, const std::function<void(cmark_node*)>& f) {
  cmark_iter* it = cmark_iter_new(root);
  for (cmark_event_type e; (e = cmark_iter_next(it)) != CMARK_EVENT_DONE;) {
    cmark_node* n = cmark_iter_get_node(it);
    if (e == CMARK_EVENT_ENTER && n != root &&
        (cmark_node_get_type(n) & CMARK_NODE_TYPE_MASK) == CMARK_NODE_TYPE_BLOCK)
      f(n);
  }
  cmark_iter_free(it);
}

// Moves what walk_markdown() found in an assembled body (lines of that body)
// to the catalog's lines: the entry of the segment it is in. What is in no
// segment (code, markup alone) is the source's, and found at its line there.
void locate_in_catalog(Article& t, const std::vector<Segment>& segments,
                       const std::vector<bool>& kept, const AssembledBody& body_info,
                       const std::string& source_path,
                       const std::function<int(const std::string&, bool)>& catalog_line) {
  struct Span {
    int first, last, line;
  };
  std::vector<Span> spans;
  std::vector<const Segment*> body;
  for (const auto& s : segments)
    if (s.kind != SegmentKind::field) body.push_back(&s);
  std::size_t i = 0;
  visit_body_segments(t.doc->root(), 1, [&](Segment&, cmark_node* container) {
    // An image's own lines are its paragraph's.
    cmark_node* block = cmark_node_get_type(container) == CMARK_NODE_IMAGE
                            ? cmark_node_parent(container)
                            : container;
    if (i < body.size() && i < kept.size())
      spans.push_back({cmark_node_get_start_line(block), cmark_node_get_end_line(block),
                       catalog_line(body[i]->id, !kept[i])});
    ++i;
  });
  // The assembled body has the source's blocks, in the same order.
  struct Block {
    int first, last, column;
  };
  std::vector<Block> blocks;
  for_each_block(t.doc->root(), [&](cmark_node* n) {
    // cmark-gfm ends an HTML block closed on its first line (`<script>…
    // </script>`) on the line before: it is at least its own line.
    const int first = cmark_node_get_start_line(n);
    blocks.push_back(
        {first, std::max(first, cmark_node_get_end_line(n)), cmark_node_get_start_column(n)});
  });
  if (blocks.size() != body_info.block_starts.size()) blocks.clear();
  auto move = [&](SourceLocation& where) {
    int line = 0;
    for (const auto& s : spans)
      if (where.line >= s.first && where.line <= s.last) line = s.line;
    // The innermost block around it: the last, in document order. Its lines
    // are as in the source, indented as the renderer indents.
    for (std::size_t k = blocks.size(); line == 0 && k-- > 0;)
      if (const Block& b = blocks[k]; where.line >= b.first && where.line <= b.last) {
        const auto [src_line, src_column] = body_info.block_starts[k];
        where = {source_path, src_line + (where.line - b.first),
                 where.column + (src_column - b.column)};
        return;
      }
    where.line = line;
    where.column = line ? 1 : 0;
  };
  for (auto& l : t.links) move(l.where);
  for (auto& f : t.figure_refs) move(f.where);
  for (auto& r : t.raw_html) move(r.where);
  for (auto& r : t.raw_html_dropped) move(r.where);
}

}  // namespace

std::optional<AssembledBody> assemble_body(
    const Article& source, const std::vector<Segment>& segments,
    const std::function<const std::string*(const Segment&)>& translation,
    std::vector<std::string>& refused, std::vector<OverLimit>* over_limits) {
  cmark_node* root =
      parse_within(source.body, CMARK_OPT_DEFAULT | CMARK_OPT_FOOTNOTES, kMarkdownParseLimit);
  if (!root) return std::nullopt;
  cmark_consolidate_text_nodes(root);
  frame_source_blocks(root, source.body);
  const std::vector<std::string> labels = footnote_labels(root);
  std::vector<const Segment*> body;
  for (const auto& s : segments)
    if (s.kind != SegmentKind::field) body.push_back(&s);
  AssembledBody out;
  for_each_block(root, [&](cmark_node* n) {
    out.block_starts.emplace_back(cmark_node_get_start_line(n) + source.body_first_line - 1,
                                  cmark_node_get_start_column(n));
  });
  std::size_t i = 0;
  visit_body_segments(root, source.body_first_line, [&](Segment& s, cmark_node* container) {
    const Segment* known = i < body.size() ? body[i] : nullptr;
    ++i;
    if (known) s.id = known->id;
    const std::string* t = known ? translation(s) : nullptr;
    auto over = t ? over_body_limits(*t) : std::nullopt;
    const std::size_t words = count_words(readable_text(s.kind, s.text));
    out.words += words;
    Outcome o = t ? Outcome::refused : Outcome::not_used;
    if (t && !over) {
      if (s.kind == SegmentKind::html)
        o = replace_html_block(container, *t, over) ? Outcome::used : Outcome::refused;
      else if (s.kind == SegmentKind::image_title)
        o = replace_image_title(container, *t) ? Outcome::used : Outcome::refused;
      else
        o = replace_inline_content(container, *t, labels, over);
    }
    if (over && over_limits)
      over_limits->push_back({s.id, over->first, over->second});
    else if (o == Outcome::refused)
      refused.push_back(s.id);
    if (o == Outcome::used) {
      ++out.translated;
      out.words_translated += words;
    }
    out.kept.push_back(o != Outcome::used);
  });
  // CommonMark back, soft breaks as written, no wrapping: it parses to the
  // same blocks (the renderer's round trip).
  write_task_markers_as_text(root);
  char* md = cmark_render_commonmark(root, CMARK_OPT_DEFAULT, 0);
  // Tokens as written ({{fig:a_b}}, not the renderer's {{fig:a\_b}}): where
  // findings are looked up, and what `i18n apply` writes.
  out.markdown = unescape_tokens(md ? md : "");
  parse_allocator()->free(md);
  cmark_node_free(root);
  return out;
}

std::optional<Article> assembled_translation(
    const Article& source, const std::vector<Segment>& segments,
    const std::function<const std::string*(const Segment&)>& translation, const std::string& lang,
    const std::string& path, const std::string& stamp, const std::string& source_dir,
    const std::function<int(const std::string&, bool)>& catalog_line,
    std::vector<std::string>& refused, std::vector<OverLimit>* over_limits) {
  auto body = assemble_body(source, segments, translation, refused, over_limits);
  if (!body) return std::nullopt;
  Article t;
  t.lang = lang;
  t.path = path;
  t.stamp = stamp;
  Article::Assembled info{source.path, source.lang,           source_dir,
                          body->kept,  body->translated,      static_cast<int>(body->kept.size()),
                          body->words, body->words_translated};
  // The fields a translation gives itself, where the catalog translates them.
  FrontMatter& own = t.own;
  auto field = [&](const char* key, std::optional<Located<std::string>>& value,
                   const std::optional<Located<std::string>>& from) {
    if (!from) return;
    ++info.segments;
    info.words += count_words(from->value);
    Segment s{SegmentKind::field, key, from->value, from->where.line, key};
    value = from;
    if (const std::string* text = translation(s)) {
      value->value = *text;
      ++info.translated;
      info.words_translated += count_words(from->value);
    }
  };
  field("title", own.title, source.own.title);
  field("summary", own.summary, source.own.summary);
  field("verdict", own.verdict, source.own.verdict);
  own.translation_of = Located<std::string>{source.lang, {path, 0, 0}};
  t.meta = own;
  inherit_front_matter(t.meta, source.meta);
  if (source.meta.cover) {
    t.meta.cover = source.meta.cover;
    if (!source.meta.cover->alt.empty()) {
      ++info.segments;
      info.words += count_words(source.meta.cover->alt);
      Segment s{SegmentKind::field, "cover.alt", source.meta.cover->alt, 0, "cover.alt"};
      if (const std::string* text = translation(s)) {
        t.meta.cover->alt = *text;
        t.own.cover = t.meta.cover;  // the translation's own, as `apply` writes it
        ++info.translated;
        info.words_translated += count_words(source.meta.cover->alt);
      }
    }
  }
  t.body = std::move(body->markdown);
  t.body_first_line = 1;
  t.doc = parse_markdown(t.body);
  if (!t.doc) return std::nullopt;
  walk_markdown(t);
  locate_in_catalog(t, segments, info.kept, *body, source.path, catalog_line);
  t.doc.reset();
  t.assembled = std::move(info);
  return t;
}

void mark_kept_segments(cmark_node* root, const std::vector<bool>& kept, const std::string& lang,
                        const std::string& dir) {
  const std::string open =
      "<span lang=\"" + html_escape(lang) + "\" dir=\"" + html_escape(dir) + "\">";
  std::size_t i = 0;
  visit_body_segments(root, 1, [&](Segment& s, cmark_node* container) {
    const bool mark = i < kept.size() && kept[i];
    ++i;
    if (!mark || s.kind == SegmentKind::alt || s.kind == SegmentKind::image_title) return;
    if (s.kind == SegmentKind::html) {
      // A raw block is marked by a <div> around it: nothing inline holds it.
      // Only one that closes what it opens: a <div> around an open-ended
      // block (a <details> whose body follows) would change the page.
      const char* literal = cmark_node_get_literal(container);
      if (!raw_html_self_contained(literal ? literal : "")) return;
      cmark_node* div = new_custom_block();
      cmark_node_set_on_enter(div, ("<div" + open.substr(5)).c_str());
      cmark_node_set_on_exit(div, "</div>");
      if (!cmark_node_insert_before(container, div) || !cmark_node_append_child(div, container)) {
        cmark_node_unlink(div);
        cmark_node_free(div);
      }
      return;
    }
    cmark_node* span = cmark_node_new_with_mem(CMARK_NODE_CUSTOM_INLINE, parse_allocator());
    cmark_node_set_on_enter(span, open.c_str());
    cmark_node_set_on_exit(span, "</span>");
    while (cmark_node* c = cmark_node_first_child(container))
      if (!cmark_node_append_child(span, c)) break;
    if (cmark_node_append_child(container, span)) return;
    // A table cell holds no custom node: its text goes back, unmarked,
    // rather than vanish with the span (found under ASan).
    while (cmark_node* c = cmark_node_first_child(span))
      if (!cmark_node_append_child(container, c)) break;
    cmark_node_free(span);
  });
}

}  // namespace pp
