#pragma once
// Internal to content: the rewrites every parse of a body gets before it is
// read or rendered, so that checks, pages, emails and text parts see one tree.

#include <cmark-gfm.h>

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace pp {

/// What shape_tree() did that the checks report.
struct TreeShape {
  std::unordered_map<cmark_node*, std::string> own_ids;  ///< heading → its `{#id}`
  std::unordered_map<cmark_node*, std::string> bad_ids;  ///< heading → a malformed `{#…}` left
  /// "**" runs beside CJK text still shown as written (none could be paired).
  std::vector<cmark_node*> literal_runs;
};

/// Takes each heading's own id (`## Title {#id}`, Hugo's and Zola's syntax)
/// out of its text, and pairs the `*` and `**` runs CommonMark leaves as
/// text beside CJK punctuation (`**“강조”**는`, `**テスト。**です`) as
/// markdown-it-cjk-friendly does: a run beside a CJK character counts as
/// flanking on that side. A paragraph whose source (`body`) escapes an
/// asterisk is left as it is (an escaped `\*` is text like a lone run).
TreeShape shape_tree(cmark_node* root, std::string_view body);

}  // namespace pp
