#pragma once
// Internal to content: the rewrites every parse of a body gets before it is
// read or rendered, so that checks, pages, emails and text parts see one tree.

#include <cmark-gfm.h>

#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace pp {

/// What shape_tree() did that the checks report.
struct TreeShape {
  std::unordered_map<cmark_node*, std::string> own_ids;  ///< heading → its `{#id}`
  std::unordered_map<cmark_node*, std::string> bad_ids;  ///< heading → a malformed `{#…}` left
  /// A "**" or "~~" run beside CJK text still shown as written.
  struct LiteralRun {
    cmark_node* text;  ///< the text node holding it
    std::string run;   ///< "**" or "~~"
  };
  /// The runs beside CJK text that no rule could pair, one per text node.
  std::vector<LiteralRun> literal_runs;
};

/// Takes each heading's own id (`## Title {#id}`, Hugo's and Zola's syntax)
/// out of its text, and pairs the `*` and `~` runs of each inline container
/// as the CommonMark CJK-friendly amendment does (markdown-it-cjk-friendly:
/// `**“강조”**는`, `**テスト。**です`, `~~旧价格（999元）~~现在`, and
/// `**（a）**b**（c）**` as two spans, not one inside another), taking apart
/// the spans CommonMark made when the outcome differs. A container whose
/// source (`body`) escapes an asterisk or a tilde is left as it is; a single
/// `~` keeps CommonMark's rules (CJK text writes ranges with it: 3~5日).
TreeShape shape_tree(cmark_node* root, std::string_view body);

/// The `{#id}` that ends the inline content of `h` (a heading, or a
/// paragraph parsed from a heading's translation), taken out of its text;
/// nullopt, and nothing changed, when it has no well-formed one.
std::optional<std::string> take_own_heading_id(cmark_node* h);

}  // namespace pp
