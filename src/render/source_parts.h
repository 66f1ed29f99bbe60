#pragma once
// Who an article credits, its sources and its authors, as its locale lists
// them, for the page and the email's HTML part alike.

#include "render/view_data.h"

#include "content/content.h"
#include "l10n/l10n.h"

namespace pp {

/// The publishers as the locale lists them ("A, B and C", "A 및 B", "A و B"):
/// each item a source ({publisher, url, title}); the glue between them a
/// text part ({text}).
ViewList source_parts(const Locale& loc, const FrontMatter& fm);

/// "By {authors}" with each name a part of its own ({name}), the words
/// around them text parts ({text}); a template isolates names in <bdi> (a
/// Latin name inside Arabic text keeps its order, and vice versa).
ViewList byline_parts(const Locale& loc, const std::vector<std::string>& authors);

}  // namespace pp
