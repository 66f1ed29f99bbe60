// GitHub alert markers as the tree holds them: found by the renderer
// (render/alerts.h) and kept as written by article catalogs.
#include <cmark-gfm.h>

#include "content/content.h"

#include <array>

namespace pp {

std::string alert_marker_kind(std::string_view marker) {
  static constexpr std::array<const char*, 5> kinds = {"note", "tip", "important", "warning",
                                                       "caution"};
  while (!marker.empty() && (marker.back() == ' ' || marker.back() == '\t'))
    marker.remove_suffix(1);
  if (marker.size() < 4 || marker.substr(0, 2) != "[!" || marker.back() != ']') return "";
  std::string name(marker.substr(2, marker.size() - 3));
  for (char& c : name)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  for (const char* kind : kinds)
    if (name == kind) return kind;
  return "";
}

cmark_node* alert_marker_node(cmark_node* q) {
  cmark_node* p = cmark_node_first_child(q);
  if (!p || cmark_node_get_type(p) != CMARK_NODE_PARAGRAPH) return nullptr;
  cmark_node* t = cmark_node_first_child(p);
  if (!t || cmark_node_get_type(t) != CMARK_NODE_TEXT) return nullptr;
  cmark_node* next = cmark_node_next(t);
  if (next && cmark_node_get_type(next) != CMARK_NODE_SOFTBREAK &&
      cmark_node_get_type(next) != CMARK_NODE_LINEBREAK)
    return nullptr;
  return t;
}

}  // namespace pp
