#pragma once
// A body rendered with its raw HTML and sanitized (content/html_sanitizer.h):
// what the page and the email show, and where each raw node's HTML came from.

#include <cmark-gfm.h>

#include <string>
#include <vector>

#include "content/html_sanitizer.h"

namespace pp {

/// Whether the tree has a raw HTML node (block or inline).
bool has_raw_html(cmark_node* root);

/// A body sanitized, with the raw HTML nodes in the order of RawSpan::node.
struct SanitizedBody {
  std::string input;  ///< the body as rendered, raw HTML as written (the markers out)
  SanitizedHtml sanitized;
  std::vector<RawSpan> raw;        ///< in the rendered HTML, sorted by begin
  std::vector<cmark_node*> nodes;  ///< the raw HTML nodes, in document order
};

/// Renders `root` with cmark-gfm (`options` plus raw HTML as written, the GFM
/// extensions but tagfilter, which the sanitizer's allow-list supersedes) and
/// sanitizes the whole body as one fragment, as GitHub does. The tree's raw
/// HTML literals are marked for the render and restored before it returns, so
/// the caller must be its only user meanwhile.
SanitizedBody render_sanitized(cmark_node* root, int options, RawHtmlMode mode,
                               const std::string& base = "");

}  // namespace pp
