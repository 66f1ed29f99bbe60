#pragma once
// File positions of Markdown nodes, for diagnostics.

#include <cmark-gfm.h>

#include <cstddef>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "content/content.h"

namespace pp {

/// Maps cmark nodes of one article's body to file positions (line, column in code
/// points). Block positions come from cmark; inline ones are found in the source
/// text, because cmark-gfm's inline columns are wrong on continuation lines and
/// after container prefixes ("> ", list markers, indentation).
class BodyPositions {
 public:
  /// Indexes the line starts of `a.body`; `a` must outlive this object.
  explicit BodyPositions(const Article& a);

  /// Where cmark says `n` (or its nearest positioned ancestor) starts.
  SourceLocation of(cmark_node* n);

  /// Where a link or image `n` with destination `url` starts in the source: its
  /// `[` (`![` for images), the `<` of an autolink or the start of a bare URL; for
  /// a reference link, its definition's destination, where the URL is written.
  /// Falls back to of(n).
  SourceLocation of_link(cmark_node* n, std::string_view url);

  /// Where `needle`, written inside the text of inline node `n`, starts; of(n)
  /// when it cannot be found verbatim.
  SourceLocation of_text(cmark_node* n, std::string_view needle);

  /// File position of a 1-based body line and 1-based byte column.
  SourceLocation at(int line, int byte_col);

 private:
  /// Byte offset of `needle` at or after the start of `n`'s line, within its
  /// enclosing block, and not before the previous match; npos when absent.
  std::size_t find_in_block(cmark_node* n, std::string_view needle);
  SourceLocation at_byte(std::size_t offset);
  /// Byte offset of the destination of a link reference definition
  /// (`[label]: url`) whose destination is written `url`; npos when none.
  std::size_t definition_of(std::string_view url);

  const Article& a_;
  std::vector<std::size_t> starts_;
  std::size_t cursor_ = 0;  // end of the last match: the source is read in order
  std::unordered_map<std::string_view, std::size_t> definitions_;  // url → offset
  bool definitions_read_ = false;
  int last_line_ = 0;
  std::size_t last_byte_ = 0;
  int last_cp_ = 0;
};

}  // namespace pp
