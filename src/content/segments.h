#pragma once
// The translatable segments of an article (docs/translators.md, "Articles in
// catalogs"): its translatable front matter fields, then one segment per
// block of its cmark-gfm tree, with the block's inline Markdown as Markdown.

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "content/content.h"
#include "content/text_words.h"

struct cmark_node;

namespace pp {

/// What a segment is; its name starts the segment's id ("paragraph-4").
enum class SegmentKind {
  field,
  heading,
  paragraph,
  item,
  quote,
  cell,
  footnote,
  alt,
  image_title,
  html
};

/// The name of a kind in ids: "heading", "paragraph", "item", "quote", "cell",
/// "footnote", "alt", "image-title", "html" ("" for front matter fields,
/// whose id is the key).
const char* segment_kind_name(SegmentKind kind);

/// The kind of a segment by its id: "paragraph-4" is a paragraph; an id
/// without a kind's name and number is a front matter field's.
SegmentKind segment_kind_of_id(const std::string& id);

/// What a reader sees of a segment's text `text` of kind `kind`, to count
/// and compare its words: a raw HTML block's visible text (its tags and
/// attributes are no words), any other's text as it is.
std::string readable_text(SegmentKind kind, const std::string& text);

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
  /// A footnote paragraph's note, by its label ("src" for `[^src]:`).
  std::string label = {};
};

/// The label of a parsed footnote definition ("src" for `[^src]:`): kept
/// only in what cmark-gfm's renderer writes.
std::string footnote_definition_label(cmark_node* definition);

/// The segments of `a` (a source file, its body read): title, summary,
/// verdict and cover alt text, then the body's blocks in document order —
/// headings, paragraphs (by their container: list item, block quote, table
/// cell, footnote), the alt text and title of an image that stands alone,
/// and raw HTML blocks with text a reader sees (the whole literal: tags are
/// kept, text and attributes translated). Code blocks, and blocks of nothing
/// but a URL, code, markup or `{{fig:…}}` tokens are not offered; body ids
/// are left empty. Empty when the body does not parse within its bounds.
std::vector<Segment> article_segments(const Article& a);

/// Walks the body segments of a parsed tree in document order, as
/// article_segments() finds them: `visit(segment, container)` gets the
/// segment (its kind, text, file line counted from `first_line`, note; no id)
/// and the node whose children are its inline content (a heading, paragraph,
/// table cell or image), or whose literal or title it is (a raw HTML block,
/// an image for its title). `visit` may replace those.
void visit_body_segments(cmark_node* root, int first_line,
                         const std::function<void(Segment&, cmark_node*)>& visit);

/// Makes what a translation keeps of a parsed source body's blocks, that
/// is not their text, into custom inline nodes the CommonMark renderer
/// writes as they were: a heading's own `{#id}` (taken out of its text) and
/// an alert's `[!NOTE]` marker. Pairs emphasis beside CJK text as pages do
/// (shape_tree()), so that it is written `**「強調」**`. `body` is the text
/// `root` was parsed from.
void frame_source_blocks(cmark_node* root, std::string_view body);

/// The nodes frame_source_blocks() made at the ends of a block's inline
/// content, with the break after a leading marker.
struct BlockFrame {
  std::vector<cmark_node*> lead, tail;
  /// Unlinks them from their block.
  void take_out() const;
  /// Puts them back, first and last, under `container`.
  void put_back(cmark_node* container) const;
};

/// The frame of `container` (a heading, paragraph or table cell).
BlockFrame block_frame(cmark_node* container);

/// Whether `para`, parsed from a translation `text` of `container`'s
/// segment, can take its place: it is the whole text (no link reference
/// definition, nothing after a blank line) and, in a table cell, one line.
bool fits_block(cmark_node* para, std::string_view text, cmark_node* container);

/// Task list items of `root` made ordinary items led by their "[ ] " or
/// "[x] " as text, which parses back the same: cmark-gfm's CommonMark
/// renderer nests the items after a task item inside it.
void write_task_markers_as_text(cmark_node* root);

/// True when `text` holds a letter or a digit once {{…}} tokens are taken out.
bool text_has_words(const std::string& text);

/// True when a block's inline content has words (letters or digits outside
/// code, bare URLs and {{…}} tokens): only such blocks are segments.
bool block_has_words(cmark_node* block);

/// A body assembled from translated segments.
struct AssembledBody {
  std::string markdown;    ///< the body, as CommonMark
  std::vector<bool> kept;  ///< per body segment, in order: true where the source text stayed
  int translated = 0;      ///< body segments translated
  std::size_t words = 0, words_translated = 0;  ///< the source's words in them, and translated
  /// Per block, in document order: its start in the source file (line, column).
  std::vector<std::pair<int, int>> block_starts;
};

/// A translated entry not used because it is over a limit a body has.
struct OverLimit {
  std::string id;       ///< the segment's
  std::string rule;     ///< bundle/too-large or markdown/too-complex, as for a body
  std::string message;  ///< what a body over that limit is told
};

/// `source`'s body (read) with each body segment replaced by
/// `translation(segment)` — the segment's id set from `segments`, which are
/// article_segments() of `source` with ids — when that gives one. A
/// translation that is not one paragraph's inline content (a blank line, a
/// list marker) is not used: its id is added to `refused`. One over the
/// limits a body has (size, the pre-scan of quadratic shapes, nesting, the
/// parse's time, expansion) is not parsed further, nor used: it goes to
/// `over_limits` when given. Nullopt when the body does not parse within its
/// bounds.
std::optional<AssembledBody> assemble_body(
    const Article& source, const std::vector<Segment>& segments,
    const std::function<const std::string*(const Segment&)>& translation,
    std::vector<std::string>& refused, std::vector<OverLimit>* over_limits = nullptr);

/// The translation of `source` (its body read) into `lang`, assembled from
/// the translations `translation(segment)` gives (`segments`: article_segments()
/// of `source` with ids): title, summary, verdict and cover alt text where
/// translated, every other field inherited, the body from assemble_body().
/// It names `path` (the catalog) with `stamp`, and says what it kept of the
/// source (Article::assembled, `source_dir` its direction). Nullopt when the
/// body does not parse. What is found in its body (links, figure tokens,
/// raw HTML) is located in the catalog: at `catalog_line(id, translated)` of
/// the segment it is in (0: not in the catalog), column 1.
std::optional<Article> assembled_translation(
    const Article& source, const std::vector<Segment>& segments,
    const std::function<const std::string*(const Segment&)>& translation, const std::string& lang,
    const std::string& path, const std::string& stamp, const std::string& source_dir,
    const std::function<int(const std::string&, bool)>& catalog_line,
    std::vector<std::string>& refused, std::vector<OverLimit>* over_limits = nullptr);

/// In a tree parsed from an assembled body, wraps the inline content of each
/// segment `kept` marks (but image alt texts) in a custom inline node that
/// renders as `<span lang="…" dir="…">`…`</span>`: the source language's
/// text, marked so on the translated page.
void mark_kept_segments(cmark_node* root, const std::vector<bool>& kept, const std::string& lang,
                        const std::string& dir);

/// A source segment's counterpart in a Markdown translation.
struct AlignedSegment {
  const Segment* translation = nullptr;  ///< nullptr: none found
  bool sure = false;  ///< false: the alignment is a guess (to be reviewed: fuzzy)
};

/// For each segment of `source`, the segment of `translation` (both from
/// article_segments()) that translates it: fields by key, footnote
/// paragraphs by their note's label, other body blocks by kind in order (the
/// longest common subsequence of the kinds). An alignment is sure when both
/// blocks are the same-numbered block of their kind (or note) and keep the
/// same {{…}} tokens and number of links.
std::vector<AlignedSegment> align_translation(const std::vector<Segment>& source,
                                              const std::vector<Segment>& translation);

/// `md` with the backslash escapes cmark-gfm's CommonMark renderer puts
/// inside {{fig:…}} tokens ("models\\_tested") taken out: a token is ours,
/// kept as written. Only a token on one line whose name is a figure name is
/// touched; every other backslash stays.
std::string unescape_tokens(const std::string& md);

/// Gives each body segment of `segments` an id, keeping those of `previous`
/// (the segments of the last extraction, ids set) by what the blocks say,
/// wherever they moved: a block whose text is unchanged keeps its id; a
/// changed one takes the id of the vanished block of its kind most like it,
/// when they are at least kSimilarBlock alike (each old id goes to one new
/// block at most, the most similar pairs first). Others get new numbers from
/// `first_free` on (and above every number in `previous`), so that an id a
/// catalog may still hold as obsolete is never given to another block.
/// Returns the next free number.
int assign_segment_ids(std::vector<Segment>& segments, const std::vector<Segment>& previous,
                       int first_free = 1);

}  // namespace pp
