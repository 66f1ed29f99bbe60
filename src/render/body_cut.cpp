// Dropping a body's last blocks for a while and putting them back.
#include "render/body_cut.h"

#include <algorithm>

namespace pp {

std::vector<cmark_node*> cuttable_blocks(cmark_node* root) {
  std::vector<cmark_node*> blocks;
  for (cmark_node* n = cmark_node_first_child(root); n; n = cmark_node_next(n))
    if (cmark_node_get_type(n) != CMARK_NODE_FOOTNOTE_DEFINITION) blocks.push_back(n);
  return blocks;
}

std::vector<cmark_node*> BodyCut::after(cmark_node* root, std::size_t keep) {
  std::vector<cmark_node*> blocks = cuttable_blocks(root);
  blocks.erase(blocks.begin(), blocks.begin() + static_cast<long>(std::min(keep, blocks.size())));
  return blocks;
}

BodyCut::BodyCut(cmark_node* root, std::size_t keep) : detached_(after(root, keep)) {}

}  // namespace pp
