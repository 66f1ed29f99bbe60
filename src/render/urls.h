#pragma once
// Internal to render: where each page lives, as a path and as an absolute URL.

#include <cstddef>
#include <string>

#include "config/config.h"

namespace pp {

/// "/<base>/<lang>/<section>/<slug>/" — a root-relative link.
std::string article_path(const SiteConfig& c, const std::string& lang, const std::string& section,
                         const std::string& slug);
/// "/<base>/<lang>/"
std::string home_path(const SiteConfig& c, const std::string& lang);
/// "/<base>/<lang>/<section>/"
std::string section_path(const SiteConfig& c, const std::string& lang, const std::string& section);
/// "/<base>/<lang>/tags/<tag>/"
std::string tag_path(const SiteConfig& c, const std::string& lang, const std::string& tag);
/// "/<base>/<lang>/briefs/<week>/": the web copy of a weekly brief ("2026-W48").
std::string brief_path(const SiteConfig& c, const std::string& lang, const std::string& week);
/// Page `page` (from 1) of a paginated list whose first page is `first`:
/// `first` itself, then "<first>page/2/", "<first>page/3/", …
std::string list_page_path(const std::string& first, std::size_t page);
/// The image a page without a cover shares: site.image, else the built-in
/// theme's neutral card (assets/card.png), absolute.
std::string share_image(const SiteConfig& c);
/// base_url + a root-relative path made by the functions above.
std::string absolute_url(const SiteConfig& c, const std::string& path);

}  // namespace pp
