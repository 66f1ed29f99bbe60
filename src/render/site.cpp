#include <algorithm>

#include "incremental/incremental.h"
#include "render/brief_items.h"
#include "render/site_model.h"

namespace pp {

std::vector<Listed> list_for(const SiteModel& m, const std::string& lang);

const std::vector<Listed>& SiteModel::listed(const std::string& lang) const {
  static const std::vector<Listed> none;
  record_dependency(DependencyKey::whole_list(lang));
  auto it = lists.find(lang);
  return it == lists.end() ? none : it->second;
}

std::vector<Listed> SiteModel::latest(const std::string& lang, std::size_t n,
                                      const Bundle* except) const {
  std::vector<Listed> out;
  std::size_t seen = 0;
  auto it = lists.find(lang);
  if (it != lists.end())
    for (const auto& l : it->second) {
      if (out.size() == n) break;
      ++seen;
      if (l.bundle != except) out.push_back(l);
    }
  // A list that ran out is a dependency as a whole: an entry added at its end
  // would be shown.
  record_dependency(out.size() < n ? DependencyKey::whole_list(lang)
                                   : DependencyKey::list_head(lang, seen));
  return out;
}

std::vector<Listed> SiteModel::listed_in(const std::string& lang,
                                         const std::string& section) const {
  std::vector<Listed> out;
  if (auto it = lists.find(lang); it != lists.end())
    for (const auto& l : it->second)
      if (l.bundle->section == section) out.push_back(l);
  record_dependency(DependencyKey::section_list(lang, section));
  return out;
}

std::vector<Listed> SiteModel::listed_with_tag(const std::string& lang,
                                               const std::string& tag) const {
  std::vector<Listed> out;
  for (const auto& l : listed(lang))
    if (std::count(l.article->meta.tags.begin(), l.article->meta.tags.end(), tag)) out.push_back(l);
  return out;
}

std::size_t SiteModel::section_size(const std::string& lang, const std::string& section) const {
  record_dependency(DependencyKey::section_list(lang, section));
  const auto it = section_sizes.find(lang);
  if (it == section_sizes.end()) return 0;
  const auto n = it->second.find(section);
  return n == it->second.end() ? 0 : n->second;
}

std::size_t SiteModel::tag_size(const std::string& lang, const std::string& tag) const {
  record_dependency(DependencyKey::whole_list(lang));
  const auto it = tag_sizes.find(lang);
  if (it == tag_sizes.end()) return 0;
  const auto n = it->second.find(tag);
  return n == it->second.end() ? 0 : n->second;
}

const std::vector<std::string>& SiteModel::tags_of(const std::string& lang) const {
  static const std::vector<std::string> none;
  auto it = tags.find(lang);
  return it == tags.end() ? none : it->second;
}

void SiteModel::build_lists() {
  for (const auto& lang : config.languages) {
    lists[lang.code] = list_for(*this, lang.code);
    std::vector<std::string>& all = tags[lang.code];
    auto& in_section = section_sizes[lang.code];
    auto& with_tag = tag_sizes[lang.code];
    for (const auto& l : lists[lang.code]) {
      all.insert(all.end(), l.article->meta.tags.begin(), l.article->meta.tags.end());
      ++in_section[l.bundle->section];
      // A tag written twice on one article counts it once, as listed_with_tag() does.
      const auto& t = l.article->meta.tags;
      for (auto i = t.begin(); i != t.end(); ++i)
        if (std::find(t.begin(), i, *i) == i) ++with_tag[*i];
    }
    std::sort(all.begin(), all.end());
    all.erase(std::unique(all.begin(), all.end()), all.end());
    // Once here: every brief page reads every language's weeks (its alternates).
    weeks[lang.code] = iso_weeks_of(lists[lang.code], config.time_zone);
  }
}

std::vector<Listed> list_for(const SiteModel& m, const std::string& lang) {
  const SiteConfig& config = m.config;
  std::vector<Listed> out;
  for (const auto& b : m.corpus.bundles) {
    Listed l;
    l.bundle = &b;
    auto it = b.articles.find(lang);
    if (it != b.articles.end() && m.visible(it->second)) {
      l.article = &it->second;
      l.page_lang = lang;
    } else if (config.fallback == "source" && b.source() && m.visible(*b.source())) {
      l.article = b.source();
      l.page_lang = b.source_lang;
    } else {
      continue;
    }
    if (!l.article->meta.date) continue;
    l.published_ms = date_epoch_ms(l.article->meta.date->value, config.time_zone);
    l.modified_ms = l.article->meta.updated
                        ? date_epoch_ms(l.article->meta.updated->value, config.time_zone)
                        : l.published_ms;
    out.push_back(l);
  }
  std::stable_sort(out.begin(), out.end(), [](const Listed& a, const Listed& b) {
    if (a.published_ms != b.published_ms) return a.published_ms > b.published_ms;
    return a.bundle->id() < b.bundle->id();
  });
  return out;
}

std::vector<std::string> SiteModel::page_languages(const Bundle& b) const {
  std::vector<std::string> out;
  for (const auto& l : config.languages) {
    auto it = b.articles.find(l.code);
    if (it != b.articles.end() && visible(it->second) && locales.count(l.code))
      out.push_back(l.code);
  }
  return out;
}

std::string SiteModel::default_page_language(const Bundle& b) const {
  const auto langs = page_languages(b);
  if (std::count(langs.begin(), langs.end(), config.default_language))
    return config.default_language;
  if (std::count(langs.begin(), langs.end(), b.source_lang)) return b.source_lang;
  return langs.empty() ? "" : langs.front();
}

std::string SiteModel::kept_piece(const Bundle& b, const std::string& key, const std::string& salt,
                                  const std::function<std::string()>& make) const {
  KeptEntries* kept = options.kept_entries;
  if (!kept || !listing_digests) return make();
  const auto digest = listing_digests->find(b.id());
  if (digest == listing_digests->end()) return make();
  const std::string from = digest->second + "\n" + salt;
  if (const std::string* xml = kept->find(key, from)) return *xml;
  std::string xml = make();
  kept->add(key, b.id(), from, xml);
  return xml;
}

}  // namespace pp
