#pragma once
// Internal to render: links of an article body into another language.

#include <string>

#include "config/config.h"

namespace pp {

/// `html` (an article body rendered for language `lang`) with hreflang="xx"
/// added to each <a href="…"> that points at this site's pages in another
/// configured language xx, site-relative ("/<base>/xx/…") or absolute
/// (base_url + "xx/…", as in email). No `lang`: the link's text is the
/// editor's, in the page's language (docs/spec.md §7).
std::string mark_language_links(const std::string& html, const SiteConfig& config,
                                const std::string& lang);

}  // namespace pp
