// Taking nodes out of a tree for a while.
#include "render/detached_nodes.h"

namespace pp {

DetachedNodes::DetachedNodes(const std::vector<cmark_node*>& nodes) {
  for (cmark_node* n : nodes) out_.push_back({n, cmark_node_next(n), cmark_node_parent(n)});
  for (const auto& o : out_) cmark_node_unlink(o.node);
}

DetachedNodes::~DetachedNodes() {
  // In reverse: each node's old next sibling is one still in the tree or one
  // already back.
  for (auto it = out_.rbegin(); it != out_.rend(); ++it) {
    if (it->next)
      cmark_node_insert_before(it->next, it->node);
    else
      cmark_node_append_child(it->parent, it->node);
  }
}

}  // namespace pp
