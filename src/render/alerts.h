#pragma once
// GitHub alerts (`> [!NOTE]`, `[!TIP]`, `[!IMPORTANT]`, `[!WARNING]`,
// `[!CAUTION]`): a block quote whose first line is the marker alone is a
// labelled note, in pages, emails and text parts (docs/spec.md §4).

#include <cmark-gfm.h>

#include <string>
#include <vector>

#include "l10n/l10n.h"

namespace pp {

/// The kind of alert `block_quote` is ("note", "tip", "important", "warning",
/// "caution"), or "" when it is an ordinary quote (an escaped marker too).
std::string alert_kind(cmark_node* block_quote);

/// The label of `kind` in `loc`'s language ("Note", "참고", …).
std::string alert_label(const std::string& kind, const Locale& loc);

/// While it lives, each alert of the tree is a custom block that cmark-gfm's
/// HTML renderer writes as `<div class="alert alert-KIND" role="note">` led
/// by its label, without its marker; the quotes come back when it goes.
class AlertBlocks {
 public:
  AlertBlocks(cmark_node* root, const Locale& loc);
  ~AlertBlocks();
  AlertBlocks(const AlertBlocks&) = delete;
  AlertBlocks& operator=(const AlertBlocks&) = delete;

 private:
  struct Swap {
    cmark_node* quote;   ///< out of the tree meanwhile
    cmark_node* block;   ///< in its place
    cmark_node* marker;  ///< the marker's text node, emptied (its literal kept)
    std::string literal;
    cmark_node* line_end = nullptr;  ///< the break after the marker, out meanwhile
    bool paragraph_out = false;      ///< the marker was its paragraph's only line
  };
  std::vector<Swap> swaps_;
};

}  // namespace pp
