#include "render/related_links.h"

#include <utility>

#include "render/urls.h"

namespace pp {

std::string related_label(const Locale& loc, ArticleType type, long n) {
  switch (type) {
    case ArticleType::news:
      return loc.tr_n("Related news article:", "Related news articles:", n);
    case ArticleType::review:
      return loc.tr_n("Related review:", "Related reviews:", n);
    case ArticleType::analysis:
      break;
  }
  return loc.tr_n("Related analysis:", "Related analyses:", n);
}

ViewList related_groups(const SiteModel& m, const Article& a, const Locale& loc) {
  std::map<ArticleType, ViewList> items;
  for (const auto& r : a.meta.related) {
    const Bundle* rb = m.bundle(r.value);
    if (!rb) continue;
    auto it = rb->articles.find(a.lang);
    const bool here = it != rb->articles.end() && m.visible(it->second);
    const Article* ra = here ? &it->second : rb->source();
    if (!ra || !m.visible(*ra)) continue;
    const std::string lang = here ? a.lang : rb->source_lang;
    ViewData item;
    item.set("href", article_path(m.config, lang, rb->section, rb->slug));
    item.set("title", ra->meta.title ? ra->meta.title->value : rb->slug);
    if (!here) {
      item.set("other_lang", lang);
      item.set("other_dir", m.has_locale(lang) ? m.dir_of(lang) : "auto");
    }
    // A translation inherits its type from the source (corpus loading).
    const ArticleType type = ra->meta.type ? ra->meta.type->value : ArticleType::news;
    auto [at, fresh] = items.try_emplace(type);
    at->second.push_back(std::move(item));
  }
  ViewList groups;
  for (const ArticleType type : article_types()) {
    auto it = items.find(type);
    if (it == items.end()) continue;
    const long n = static_cast<long>(it->second.size());
    ViewData group;
    group.set("kind", to_string(type));
    group.set("label", related_label(loc, type, n));
    group.set("items", std::move(it->second));
    groups.push_back(std::move(group));
  }
  return groups;
}

}  // namespace pp
