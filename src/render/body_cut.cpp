// Dropping a body's last blocks for a while and putting them back.
#include "render/body_cut.h"

#include <set>
#include <string>

namespace pp {

std::vector<cmark_node*> cuttable_blocks(cmark_node* root) {
  std::vector<cmark_node*> blocks;
  for (cmark_node* n = cmark_node_first_child(root); n; n = cmark_node_next(n))
    if (cmark_node_get_type(n) != CMARK_NODE_FOOTNOTE_DEFINITION) blocks.push_back(n);
  return blocks;
}

std::vector<cmark_node*> BodyCut::after(cmark_node* root, std::size_t keep) {
  // The notes the kept blocks call: footnote references hold their note's
  // number, and the definitions stand in that order at the end.
  std::set<std::string> called;
  std::size_t block = 0;
  for (cmark_node* n = cmark_node_first_child(root); n; n = cmark_node_next(n)) {
    if (cmark_node_get_type(n) == CMARK_NODE_FOOTNOTE_DEFINITION || block++ >= keep) continue;
    cmark_iter* it = cmark_iter_new(n);
    for (cmark_event_type ev; (ev = cmark_iter_next(it)) != CMARK_EVENT_DONE;) {
      cmark_node* r = cmark_iter_get_node(it);
      if (ev == CMARK_EVENT_ENTER && cmark_node_get_type(r) == CMARK_NODE_FOOTNOTE_REFERENCE &&
          cmark_node_get_literal(r))
        called.insert(cmark_node_get_literal(r));
    }
    cmark_iter_free(it);
  }
  // What goes, in document order: the blocks after the first `keep`, and the
  // notes none of those calls.
  const bool cut = keep < block;  // `block` counted every block
  std::vector<cmark_node*> out;
  std::size_t index = 0, note = 0;
  for (cmark_node* n = cmark_node_first_child(root); n; n = cmark_node_next(n)) {
    if (cmark_node_get_type(n) == CMARK_NODE_FOOTNOTE_DEFINITION) {
      if (!called.count(std::to_string(++note)) && cut) out.push_back(n);
      continue;
    }
    if (index++ >= keep) out.push_back(n);
  }
  return out;
}

BodyCut::BodyCut(cmark_node* root, std::size_t keep) : detached_(after(root, keep)) {}

}  // namespace pp
