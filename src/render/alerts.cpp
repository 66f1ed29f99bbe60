// GitHub alerts, found in the tree: a custom block in their place for the
// HTML render, their label in the text part.
#include "render/alerts.h"

#include <array>
#include <string_view>
#include <utility>

#include "content/content.h"
#include "core/text.h"

namespace pp {

namespace {

// The kinds, as GitHub names them, with their labels' msgids.
constexpr std::array<std::pair<const char*, const char*>, 5> kKinds = {{{"note", "Note"},
                                                                        {"tip", "Tip"},
                                                                        {"important", "Important"},
                                                                        {"warning", "Warning"},
                                                                        {"caution", "Caution"}}};

}  // namespace

std::string alert_kind(cmark_node* q) {
  if (escaped_alert_marker(q)) return "";
  cmark_node* t = alert_marker_node(q);
  return t && cmark_node_get_literal(t) ? alert_marker_kind(cmark_node_get_literal(t)) : "";
}

std::string alert_label(const std::string& kind, const Locale& loc) {
  for (const auto& [k, label] : kKinds)
    if (kind == k) return loc.tr(label);
  return "";
}

AlertBlocks::AlertBlocks(cmark_node* root, const Locale& loc) {
  std::vector<std::pair<cmark_node*, std::string>> alerts;
  cmark_iter* it = cmark_iter_new(root);
  for (cmark_event_type ev; (ev = cmark_iter_next(it)) != CMARK_EVENT_DONE;) {
    cmark_node* n = cmark_iter_get_node(it);
    if (ev == CMARK_EVENT_ENTER && cmark_node_get_type(n) == CMARK_NODE_BLOCK_QUOTE)
      if (std::string kind = alert_kind(n); !kind.empty()) alerts.emplace_back(n, std::move(kind));
  }
  cmark_iter_free(it);
  // Innermost last, so that an alert in an alert is moved with its parent's
  // children after it has been swapped itself.
  for (auto a = alerts.rbegin(); a != alerts.rend(); ++a) {
    cmark_node* q = a->first;
    Swap s{q, new_custom_block(), alert_marker_node(q),
           cmark_node_get_literal(alert_marker_node(q))};
    const std::string enter = "<div class=\"alert alert-" + a->second +
                              "\" role=\"note\">\n<p class=\"alert-title\"><strong>" +
                              html_escape(alert_label(a->second, loc)) + "</strong></p>\n";
    cmark_node_set_on_enter(s.block, enter.c_str());
    cmark_node_set_on_exit(s.block, "</div>\n");
    cmark_node* p = cmark_node_parent(s.marker);
    s.line_end = cmark_node_next(s.marker);
    if (s.line_end) {
      cmark_node_unlink(s.line_end);
      cmark_node_set_literal(s.marker, "");
    } else {
      s.paragraph_out = true;
    }
    cmark_node_insert_before(q, s.block);
    cmark_node_unlink(q);
    if (s.paragraph_out) cmark_node_unlink(p);
    while (cmark_node* c = cmark_node_first_child(q)) cmark_node_append_child(s.block, c);
    if (s.paragraph_out) cmark_node_append_child(q, p);  // kept in the quote meanwhile
    swaps_.push_back(std::move(s));
  }
}

AlertBlocks::~AlertBlocks() {
  for (auto s = swaps_.rbegin(); s != swaps_.rend(); ++s) {
    while (cmark_node* c = cmark_node_first_child(s->block)) cmark_node_append_child(s->quote, c);
    // (The marker's paragraph, when it was out, stayed the quote's first child.)
    if (s->line_end) {
      cmark_node_insert_after(s->marker, s->line_end);
      cmark_node_set_literal(s->marker, s->literal.c_str());
    }
    cmark_node_insert_before(s->block, s->quote);
    cmark_node_unlink(s->block);
    cmark_node_free(s->block);
  }
}

}  // namespace pp
