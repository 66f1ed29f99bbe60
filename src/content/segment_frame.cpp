// What a translated block keeps of its source that is not its text: a
// heading's own `{#id}` and an alert's `[!NOTE]` marker (docs/translators.md,
// "Articles in catalogs").
#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm-extension_api.h>
#include <cmark-gfm.h>

#include <vector>

#include "content/bounded_parse.h"
#include "content/content.h"
#include "content/markdown.h"
#include "content/segments.h"
#include "content/tree_shape.h"

namespace pp {

namespace {

// A custom inline node the CommonMark renderer writes as `written`, unescaped.
cmark_node* literal_node(const std::string& written) {
  cmark_node* n = cmark_node_new_with_mem(CMARK_NODE_CUSTOM_INLINE, parse_allocator());
  cmark_node_set_on_enter(n, written.c_str());
  cmark_node_set_on_exit(n, "");
  return n;
}

bool is_break(cmark_node* n) {
  const auto type = n ? cmark_node_get_type(n) : CMARK_NODE_NONE;
  return type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK;
}

}  // namespace

void frame_source_blocks(cmark_node* root, std::string_view body) {
  // Emphasis beside CJK text paired as pages pair it (the renderer then
  // writes `**「強調」**`, not `\*\*「強調」\*\*`), and heading ids taken
  // out of their headings' text.
  const TreeShape shape = shape_tree(root, body);
  for (const auto& [heading, id] : shape.own_ids)
    cmark_node_append_child(heading, literal_node(" {#" + id + "}"));
  std::vector<cmark_node*> markers;
  cmark_iter* it = cmark_iter_new(root);
  for (cmark_event_type ev; (ev = cmark_iter_next(it)) != CMARK_EVENT_DONE;) {
    cmark_node* q = cmark_iter_get_node(it);
    if (ev != CMARK_EVENT_ENTER || cmark_node_get_type(q) != CMARK_NODE_BLOCK_QUOTE ||
        escaped_alert_marker(q))
      continue;
    cmark_node* t = alert_marker_node(q);
    if (t && cmark_node_get_literal(t) && !alert_marker_kind(cmark_node_get_literal(t)).empty())
      markers.push_back(t);
  }
  cmark_iter_free(it);
  for (cmark_node* t : markers) {
    cmark_node_replace(t, literal_node(cmark_node_get_literal(t)));
    cmark_node_free(t);
  }
}

BlockFrame block_frame(cmark_node* container) {
  BlockFrame f;
  cmark_node* first = cmark_node_first_child(container);
  if (first && cmark_node_get_type(first) == CMARK_NODE_CUSTOM_INLINE) {
    f.lead.push_back(first);
    if (is_break(cmark_node_next(first))) f.lead.push_back(cmark_node_next(first));
  }
  cmark_node* last = cmark_node_last_child(container);
  if (last && cmark_node_get_type(last) == CMARK_NODE_CUSTOM_INLINE &&
      (f.lead.empty() || f.lead.front() != last))
    f.tail.push_back(last);
  return f;
}

void BlockFrame::take_out() const {
  for (cmark_node* n : lead) cmark_node_unlink(n);
  for (cmark_node* n : tail) cmark_node_unlink(n);
}

void BlockFrame::put_back(cmark_node* container) const {
  for (auto n = lead.rbegin(); n != lead.rend(); ++n) cmark_node_prepend_child(container, *n);
  for (cmark_node* n : tail) cmark_node_append_child(container, n);
}

bool fits_block(cmark_node* para, std::string_view text, cmark_node* container) {
  // The paragraph is the whole text: a link reference definition, or
  // anything before a blank line, would be another block the source does
  // not have (a definition would even make a link live on the page).
  int lines = 1, last = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n')
      ++lines;
    else if (text[i] != ' ' && text[i] != '\t' && text[i] != '\r')
      last = lines;
  }
  if (cmark_node_get_start_line(para) != 1 || cmark_node_get_end_line(para) != last) return false;
  // A table cell is one line of its row: a break would end the row there.
  if (std::string_view(cmark_node_get_type_string(container)) == "table_cell")
    for (cmark_node* c = cmark_node_first_child(para); c; c = cmark_node_next(c))
      if (is_break(c)) return false;
  return true;
}

void write_task_markers_as_text(cmark_node* root) {
  // cmark-gfm's CommonMark renderer indents the items after a task item as
  // if they were inside it; an ordinary item led by its "[ ] " written as it
  // is parses back to the same task item.
  std::vector<cmark_node*> items;
  cmark_iter* it = cmark_iter_new(root);
  for (cmark_event_type ev; (ev = cmark_iter_next(it)) != CMARK_EVENT_DONE;) {
    cmark_node* n = cmark_iter_get_node(it);
    if (ev == CMARK_EVENT_ENTER && cmark_node_get_type(n) == CMARK_NODE_ITEM &&
        cmark_node_get_syntax_extension(n) && cmark_node_first_child(n) &&
        cmark_node_get_type(cmark_node_first_child(n)) == CMARK_NODE_PARAGRAPH)
      items.push_back(n);
  }
  cmark_iter_free(it);
  for (cmark_node* item : items) {
    const bool checked = cmark_gfm_extensions_get_tasklist_item_checked(item);
    cmark_node_set_syntax_extension(item, nullptr);
    cmark_node_prepend_child(cmark_node_first_child(item), literal_node(checked ? "[x] " : "[ ] "));
  }
}

}  // namespace pp
