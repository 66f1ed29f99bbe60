#pragma once
// Internal to render: an article's related links, one labelled list per kind.

#include "render/view_data.h"

#include "render/site_model.h"

namespace pp {

/// The label of a list of `n` related articles of one type, from the
/// catalog with its plural forms ("Related review:", "Related reviews:").
std::string related_label(const Locale& loc, ArticleType type, long n);

/// The related articles of `a`, grouped by type in article_types() order
/// (editor's order inside a group), empty groups left out: each group
/// {kind, label, items: [{href, title, other_lang?, other_dir?}]}. Each link
/// is the related bundle's page in `a`'s language, else its source-language
/// page (marked with that language); hidden articles are left out.
ViewList related_groups(const SiteModel& m, const Article& a, const Locale& loc);

}  // namespace pp
