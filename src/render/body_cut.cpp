// Dropping a body's last blocks for a while and putting them back.
#include "render/body_cut.h"

namespace pp {

std::vector<cmark_node*> cuttable_blocks(cmark_node* root) {
  std::vector<cmark_node*> blocks;
  for (cmark_node* n = cmark_node_first_child(root); n; n = cmark_node_next(n))
    if (cmark_node_get_type(n) != CMARK_NODE_FOOTNOTE_DEFINITION) blocks.push_back(n);
  return blocks;
}

BodyCut::BodyCut(cmark_node* root, std::size_t keep) : root_(root) {
  const std::vector<cmark_node*> blocks = cuttable_blocks(root);
  for (std::size_t i = keep; i < blocks.size(); ++i)
    detached_.push_back({blocks[i], cmark_node_next(blocks[i])});
  for (const auto& d : detached_) cmark_node_unlink(d.node);
}

BodyCut::~BodyCut() {
  // In reverse: each block's old next sibling is a kept node or one already
  // back in place.
  for (auto it = detached_.rbegin(); it != detached_.rend(); ++it) {
    if (it->next)
      cmark_node_insert_before(it->next, it->node);
    else
      cmark_node_append_child(root_, it->node);
  }
}

}  // namespace pp
