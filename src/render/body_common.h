#pragma once
// Internal to render: what the HTML and text renderers of a body share.

#include <optional>
#include <string>

#include "render/render.h"

namespace pp {

/// `text` with each {{fig:NAME}} replaced by the figure formatted for `locale`
/// (an unknown name is left as written; validate reports it).
std::string expand_figures(const std::string& text, const Article& a, const Locale& locale);

/// Where a link of article `a` points when rendered: internal bundle paths
/// resolved to the page in its language (site-relative, or absolute when
/// `page_url` is given, as in email), bundle files and anchors resolved against
/// `page_url` when given, other http(s) and mailto links as written. nullopt for
/// a target that is never emitted (forbidden scheme, other scheme, unknown bundle).
std::optional<std::string> link_destination(const std::string& url, const Article& a,
                                            const Corpus& corpus, const SiteConfig& config,
                                            const std::string& page_url);

}  // namespace pp
