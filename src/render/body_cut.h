#pragma once
// The first blocks of a parsed body, for an email cut to its size limit.

#include <cmark-gfm.h>

#include <cstddef>
#include <vector>

#include "render/detached_nodes.h"

namespace pp {

/// The top-level blocks of a body that a cut may drop, in order: every child
/// of the document but footnote definitions (a note goes with the last block
/// that calls it).
std::vector<cmark_node*> cuttable_blocks(cmark_node* root);

/// While it lives, the document `root` holds only the first `keep` of its
/// cuttable_blocks() and the footnote definitions those call; the rest come
/// back, in place, when it goes. Holding more than the body has cuts nothing.
class BodyCut {
 public:
  BodyCut(cmark_node* root, std::size_t keep);

 private:
  static std::vector<cmark_node*> after(cmark_node* root, std::size_t keep);
  DetachedNodes detached_;
};

}  // namespace pp
