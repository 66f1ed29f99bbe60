#pragma once
// Soft line breaks inside Japanese and Chinese text: a source line broken
// between two characters of a script written without spaces reads as
// nothing, not as a space (markdown-it-cjk-breaks' rule). Korean spaces its
// words: a break there stays a space.

#include <cmark-gfm.h>

#include <string>
#include <string_view>
#include <vector>

#include "render/detached_nodes.h"

namespace pp {

/// Whether a soft break between text ending in `before` and text starting
/// with `after` vanishes: both sides are unspaced_script().
bool break_vanishes(std::string_view before, std::string_view after);

/// `text` with each `marker` byte (a soft break) written as nothing or as a
/// space, by break_vanishes() of what is on either side.
std::string resolve_soft_breaks(const std::string& text, char marker);

/// While it lives, the soft breaks of the tree that vanish are out of it (so
/// cmark-gfm's HTML writes nothing for them); they come back when it goes.
class VanishingBreaks {
 public:
  explicit VanishingBreaks(cmark_node* root);

 private:
  static std::vector<cmark_node*> found(cmark_node* root);
  DetachedNodes detached_;
};

}  // namespace pp
