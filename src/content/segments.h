#pragma once
// The translatable segments of an article (docs/translators.md, "Articles in
// catalogs"): its translatable front matter fields, then one segment per
// block of its cmark-gfm tree, with the block's inline Markdown as Markdown.

#include <string>
#include <vector>

#include "content/content.h"

namespace pp {

/// What a segment is; its name starts the segment's id ("paragraph-4").
enum class SegmentKind { field, heading, paragraph, item, quote, cell, footnote, alt };

/// The name of a kind in ids: "heading", "paragraph", "item", "quote", "cell",
/// "footnote", "alt" ("" for front matter fields, whose id is the key).
const char* segment_kind_name(SegmentKind kind);

/// One piece of an article a translator translates whole.
struct Segment {
  SegmentKind kind = SegmentKind::paragraph;
  /// The msgctxt: a front matter key ("title", "cover.alt"), or a body
  /// segment's kind and number ("paragraph-4"), kept across edits by
  /// assign_segment_ids().
  std::string id;
  std::string text;  ///< the msgid: plain text, or inline CommonMark for body segments
  int line = 0;      ///< file line of the field or block
  /// Where it sits, for the translator (`#.`): the field, or the text of the
  /// heading above the block.
  std::string note;
};

/// The segments of `a` (a source file, its body read): title, summary,
/// verdict and cover alt text, then the body's blocks in document order —
/// headings, paragraphs (by their container: list item, block quote, table
/// cell, footnote), and the alt text of an image that stands alone.
/// Code blocks, HTML blocks, and paragraphs of nothing but a URL, code or
/// `{{fig:…}}` tokens are not offered; body ids are left empty. Empty when
/// the body does not parse within its bounds.
std::vector<Segment> article_segments(const Article& a);

/// Gives each body segment of `segments` an id, keeping those of `previous`
/// (the segments of the last extraction, ids set) where the block is the
/// same or was edited in place: blocks whose text is unchanged keep their id
/// (longest common subsequence), and between two such, changed blocks of
/// the same kind take the ids of the vanished ones in order. Others get the
/// next free number.
void assign_segment_ids(std::vector<Segment>& segments, const std::vector<Segment>& previous);

}  // namespace pp
