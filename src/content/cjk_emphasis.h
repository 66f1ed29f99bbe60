#pragma once
// Internal to content: emphasis and strikethrough paired as the CommonMark
// CJK-friendly amendment pairs them (markdown-it-cjk-friendly).

#include <cmark-gfm.h>

#include "content/body_lines.h"
#include "content/tree_shape.h"

namespace pp {

/// Pairs the `*` and `~` runs of inline container `parent` (a paragraph,
/// heading, table cell or link text) as the CJK-friendly amendment does, in
/// CommonMark's own pairing algorithm, when a run CommonMark left as text
/// could change its outcome: the spans CommonMark made of `*` and `~` are
/// taken apart and made again only when the outcome differs. A single `~`
/// keeps CommonMark's rules. Notes in `shape` each text still holding a
/// "**" or "~~" beside CJK text. `lines` are the body's that `parent` was
/// parsed from (the delimiters of CommonMark's spans are read there).
void pair_cjk_runs(cmark_node* parent, const BodyLines& lines, TreeShape& shape);

}  // namespace pp
