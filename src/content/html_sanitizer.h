#pragma once
// Raw HTML in Markdown, sanitized as GitHub does it: the rendered body is parsed
// as one HTML fragment (gumbo, the HTML5 parsing algorithm) and written out
// again with only the allowed elements and attributes of what the author wrote
// (docs/spec.md §4 "Raw HTML").

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "config/config.h"

namespace pp {

/// A byte range of sanitize_html()'s input that is the literal of one raw HTML
/// node of the Markdown (HTML_BLOCK or HTML_INLINE), numbered in document order.
/// Elements whose start tag begins outside every range were written by
/// cmark-gfm and pass as they are.
struct RawSpan {
  std::size_t begin = 0, end = 0;
  int node = 0;
};

/// What became of one element written in raw HTML.
enum class RawFate {
  kept,       ///< passed (perhaps without some attributes)
  unwrapped,  ///< the tag dropped, its content kept (`<span>`, `<div>`, `<font>`…)
  removed,    ///< dropped with its content (`<script>`, `<iframe>`, an `<img>` refused…)
};

/// One element (or an unclosed comment, tag "!--") written in raw HTML, in
/// document order of its start tag.
struct RawElement {
  std::size_t offset = 0;  ///< of its start tag in sanitize_html()'s input
  std::string tag;         ///< lower case, as written for unknown elements
  RawFate fate = RawFate::kept;
  /// kept: whether it holds visible text; unwrapped: whether it held text or
  /// elements (which stay); removed: whether visible text went with it (text
  /// in script, style, template and title is not visible).
  bool has_text = false;
  std::string lost_text;                        ///< removed: the visible text, whitespace collapsed
  std::string reason;                           ///< removed `<img>`: why ("its src … is not …")
  std::vector<std::string> dropped_attributes;  ///< kept: attributes left out, as written
  std::string anchor;     ///< kept `<a>` or raw heading: the id it gives the page, or ""
  std::string href;       ///< kept `<a>`: its href (an absolute URL or "#anchor"), or ""
  std::string local_src;  ///< kept `<img>` of a file of the bundle: its src as written, or ""
  friend bool operator==(const RawElement&, const RawElement&) = default;
};

/// The sanitized HTML and the fate of every raw element in it.
struct SanitizedHtml {
  std::string html;
  std::vector<RawElement> elements;
};

/// Parses `html` (a body rendered by cmark-gfm with raw HTML as written) as
/// the content of a `<div>` and serializes it again: elements outside `raw`
/// as they are, elements inside by the allow-list of `mode` (none for drop and
/// error). Comments are always dropped; text is escaped. Never fails. An
/// `<img>` whose src is a relative path (a file of the bundle, checked as a
/// Markdown image's is) keeps it, after `base` (the page's URL in an email;
/// "" on the page, beside which bundle files are).
SanitizedHtml sanitize_html(std::string_view html, const std::vector<RawSpan>& raw,
                            RawHtmlMode mode, const std::string& base = "");

/// The text a reader sees of one raw HTML node's literal sanitized alone, for
/// the email's text part: whitespace collapsed, a line end for `<br>` and
/// between blocks (`<p>`, `<tr>`, `<li>`, `<summary>`…), cells separated by a space.
std::string raw_html_visible_text(std::string_view literal, RawHtmlMode mode);

/// The tags of a raw HTML literal as written, in order, names lower-cased
/// and attributes left out: "<p> <a> </a> <img> </p>" for
/// `<p><a href="x">x</a><img src=y></p>`; a comment is "<!--" and "-->", a
/// declaration "<!", a processing instruction "<?", and a tag or comment left
/// open at the end "<…". A translation of a raw HTML block keeps its source's
/// tags: what a page parses after it is then what it parses after the source.
std::string raw_html_tags(std::string_view literal);

/// The elements open after `literal` (raw_html_tags()), from `depth` open
/// before it: a start tag opens one, an end tag closes one; void elements
/// and those whose end tag HTML lets a page leave out (p, li, td, tr, …) are
/// not counted. `deepest` is raised to the most open at any point.
std::size_t raw_html_depth(std::string_view literal, std::size_t depth, std::size_t& deepest);

/// Whether a raw HTML literal closes every element it opens (void elements
/// aside) and nothing else, with no comment left open: a block that can be
/// put inside another element and leave the page's structure as it was.
bool raw_html_self_contained(std::string_view literal);

/// The finding for `e` under `mode`, or "" when there is nothing to report:
/// "raw HTML <iframe> dropped; its text \"…\" is lost" (docs/spec.md §4).
std::string raw_html_message(const RawElement& e, RawHtmlMode mode);

}  // namespace pp
