#pragma once
// Internal to render: nodes taken out of a parsed tree for one render and put
// back, in place, after it.

#include <cmark-gfm.h>

#include <vector>

namespace pp {

/// While it lives, `nodes` (of one tree, in document order) are out of it;
/// each comes back where it was when it goes.
class DetachedNodes {
 public:
  explicit DetachedNodes(const std::vector<cmark_node*>& nodes);
  ~DetachedNodes();
  DetachedNodes(const DetachedNodes&) = delete;
  DetachedNodes& operator=(const DetachedNodes&) = delete;

 private:
  struct Out {
    cmark_node* node;
    cmark_node* next;    ///< its next sibling before, or nullptr
    cmark_node* parent;  ///< where it goes back when it was last
  };
  std::vector<Out> out_;
};

}  // namespace pp
