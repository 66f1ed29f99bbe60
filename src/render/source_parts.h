#pragma once
// The sources of an article as its locale lists them, for the page and the
// email's HTML part alike.

#include "render/view_data.h"

#include "content/content.h"
#include "l10n/l10n.h"

namespace pp {

/// The publishers as the locale lists them ("A, B and C", "A 및 B", "A و B"):
/// each item a source ({publisher, url, title}); the glue between them a
/// text part ({text}).
ViewList source_parts(const Locale& loc, const FrontMatter& fm);

}  // namespace pp
