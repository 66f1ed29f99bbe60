// Soft line breaks between characters of scripts without spaces.
#include "render/cjk_breaks.h"

#include "core/code_points.h"

namespace pp {

namespace {

// The text at the start (first) or the end of inline node `n`: its literal,
// or that of its first or last descendant that has one.
std::string_view edge_text(cmark_node* n, bool first) {
  while (n) {
    const auto type = cmark_node_get_type(n);
    if (type == CMARK_NODE_TEXT || type == CMARK_NODE_CODE) {
      const char* l = cmark_node_get_literal(n);
      return l ? l : "";
    }
    n = first ? cmark_node_first_child(n) : cmark_node_last_child(n);
  }
  return "";
}

}  // namespace

bool break_vanishes(std::string_view before, std::string_view after) {
  if (before.empty() || after.empty()) return false;
  return unspaced_script(code_point_before(before, before.size())) &&
         unspaced_script(decode_utf8_at(after, 0).value);
}

std::string resolve_soft_breaks(const std::string& text, char marker) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != marker) {
      out += text[i];
      continue;
    }
    const std::size_t next = text.find_first_not_of(marker, i + 1);
    const std::string_view after =
        next == std::string::npos ? std::string_view() : std::string_view(text).substr(next);
    if (!break_vanishes(out, after)) out += ' ';
  }
  return out;
}

std::vector<cmark_node*> VanishingBreaks::found(cmark_node* root) {
  std::vector<cmark_node*> breaks;
  cmark_iter* it = cmark_iter_new(root);
  for (cmark_event_type ev; (ev = cmark_iter_next(it)) != CMARK_EVENT_DONE;) {
    cmark_node* n = cmark_iter_get_node(it);
    if (ev == CMARK_EVENT_ENTER && cmark_node_get_type(n) == CMARK_NODE_SOFTBREAK &&
        break_vanishes(edge_text(cmark_node_previous(n), false),
                       edge_text(cmark_node_next(n), true)))
      breaks.push_back(n);
  }
  cmark_iter_free(it);
  return breaks;
}

VanishingBreaks::VanishingBreaks(cmark_node* root) : detached_(found(root)) {}

}  // namespace pp
