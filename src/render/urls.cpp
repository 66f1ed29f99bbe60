#include "render/urls.h"

namespace pp {

std::string article_path(const SiteConfig& c, const std::string& lang, const std::string& section,
                         const std::string& slug) {
  return c.base_path + lang + "/" + section + "/" + slug + "/";
}

std::string home_path(const SiteConfig& c, const std::string& lang) {
  return c.base_path + lang + "/";
}

std::string section_path(const SiteConfig& c, const std::string& lang, const std::string& section) {
  return c.base_path + lang + "/" + section + "/";
}

std::string absolute_url(const SiteConfig& c, const std::string& path) {
  // base_url ends with base_path; paths start with it.
  return c.base_url.substr(0, c.base_url.size() - c.base_path.size()) + path;
}

std::string share_image(const SiteConfig& c) {
  return c.image.empty() ? absolute_url(c, c.base_path + "assets/card.png") : c.image;
}

std::string tag_path(const SiteConfig& c, const std::string& lang, const std::string& tag) {
  return home_path(c, lang) + "tags/" + tag + "/";
}

std::string brief_path(const SiteConfig& c, const std::string& lang, const std::string& week) {
  return home_path(c, lang) + "briefs/" + week + "/";
}

std::string list_page_path(const std::string& first, std::size_t page) {
  return page <= 1 ? first : first + "page/" + std::to_string(page) + "/";
}

}  // namespace pp
