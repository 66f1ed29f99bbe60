#pragma once
// Internal to render: the parts of the HTML page views that more than one
// kind of page fills in (pages.cpp, list_pages.cpp).

#include <functional>
#include <string>
#include <vector>

#include "render/site_model.h"
#include "render/templates.h"

namespace pp {

/// The parts every page shares: head, header, newsletter, footer; the page's
/// own address is `canonical_path`.
ViewData common_data(const SiteModel& m, const Locale& loc, const std::string& canonical_path);

/// The entries of an article list (`items`), in the page's language `loc`.
ViewList list_items(const SiteModel& m, const Locale& loc, const std::vector<Listed>& items);

/// The language switcher, hreflang alternates (with x-default) and Open Graph
/// locales of a page that exists in every language at `path_of(lang)`.
void set_language_links(ViewData& d, const SiteModel& m, const Locale& loc,
                        const std::function<std::string(const std::string&)>& path_of,
                        const std::string& x_default);

/// One language's counterpart of a page that not every language has.
struct LanguagePage {
  std::string code;
  std::string path;  ///< where the switcher leads in that language
  bool same = true;  ///< `path` is this very page in that language (an hreflang alternate)
};

/// The language links of a page from its counterparts (configuration order,
/// the page's own among them): the switcher names each; the alternates only
/// those that are the same page, x-default the default language's, else the
/// first one's.
void set_partial_language_links(ViewData& d, const SiteModel& m, const Locale& loc,
                                const std::vector<LanguagePage>& pages);

}  // namespace pp
