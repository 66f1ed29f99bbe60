#include <algorithm>

#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include "incremental/incremental.h"
#include "render/brief_items.h"
#include "render/site_model.h"
#include "render/templates.h"

namespace pp {

SiteModel::SiteModel(const std::filesystem::path& root, const SiteConfig& config,
                     const Corpus& corpus, const LocaleMap& locales, const TemplateSet& templates,
                     const RenderOptions& options)
    : root(root),
      config(config),
      options(options),
      corpus_(corpus),
      locales_(locales),
      templates_(templates) {}

const Bundle* SiteModel::bundle(std::string_view id) const {
  record_dependency(DependencyKey::bundle(std::string(id)));
  return corpus_.find(std::string(id));
}

const std::vector<Bundle>& SiteModel::every_bundle() const {
  record_dependency(DependencyKey::every_bundle());
  return corpus_.bundles;
}

std::optional<Article> SiteModel::article_body(const Bundle& b, const Article& a,
                                               DiagnosticSink& sink) const {
  record_dependency(DependencyKey::bundle(b.id()));
  return read_article_body(root, a, sink);
}

std::optional<Article> SiteModel::article_body(const Listed& l, DiagnosticSink& sink) const {
  return article_body(*l.bundle_, *l.article_, sink);
}

const Locale& SiteModel::locale(const std::string& lang) const {
  record_dependency(DependencyKey::catalog(lang));
  return *locales_.at(lang);
}

const std::string& SiteModel::dir_of(const std::string& lang) const {
  return locales_.at(lang)->dir();
}

const std::string& SiteModel::og_locale_of(const std::string& lang) const {
  return locales_.at(lang)->og_locale();
}

std::string SiteModel::render_template(const std::string& name, const ViewData& data,
                                       const Locale& loc, DiagnosticSink& sink) const {
  return pp::render_template(templates_, name, data, loc, sink);
}

std::string SiteModel::render_text_template(const std::string& name, const ViewData& data,
                                            const Locale& loc, DiagnosticSink& sink) const {
  return pp::render_text_template(templates_, name, data, loc, sink);
}

std::string SiteModel::body_html(const Article& a, const Locale& loc,
                                 const std::string& page_url) const {
  return render_body_html(a, corpus_, config, loc, page_url);
}

std::string SiteModel::body_text(const Article& a, const Locale& loc, const std::string& page_url,
                                 LinkRefs& refs, std::size_t width) const {
  return render_body_text(a, corpus_, config, loc, page_url, refs, width);
}

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
      if (!l.of(except)) out.push_back(l);
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
      if (l.section() == section) out.push_back(l);
  record_dependency(DependencyKey::section_list(lang, section));
  return out;
}

std::span<const Listed> Listed::of_week(const std::vector<Listed>& list, const IsoWeek& week) {
  // Newest first: those after the week's end, the week's, those before it.
  const auto first = std::partition_point(
      list.begin(), list.end(), [&](const Listed& l) { return l.published_ms >= week.end_ms; });
  const auto last = std::partition_point(
      first, list.end(), [&](const Listed& l) { return l.published_ms >= week.start_ms; });
  return {first, last};
}

std::vector<Listed> SiteModel::listed_in_week(const std::string& lang, const IsoWeek& week) const {
  std::vector<Listed> out;
  if (auto it = lists.find(lang); it != lists.end())
    for (const auto& l : Listed::of_week(it->second, week)) out.push_back(l);
  record_dependency(DependencyKey::week_list(lang, week.label));
  return out;
}

const std::vector<std::string>& SiteModel::weeks_of(const std::string& lang) const {
  static const std::vector<std::string> none;
  record_dependency(DependencyKey::weeks(lang));
  const auto it = weeks.find(lang);
  return it == weeks.end() ? none : it->second;
}

std::vector<Listed> SiteModel::listed_with_tag(const std::string& lang,
                                               const std::string& tag) const {
  std::vector<Listed> out;
  for (const auto& l : listed(lang))
    if (std::count(l.meta().tags.begin(), l.meta().tags.end(), tag)) out.push_back(l);
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
  // Each language's list is made on its own core (the maps get their keys
  // first, so that no thread changes a map's shape).
  for (const auto& lang : config.languages) {
    lists[lang.code];
    tags[lang.code];
    section_sizes[lang.code];
    tag_sizes[lang.code];
    weeks[lang.code];
  }
  tbb::task_arena arena(options.jobs > 0 ? options.jobs : tbb::task_arena::automatic);
  arena.execute([&] {
    tbb::parallel_for(std::size_t{0}, config.languages.size(),
                      [&](std::size_t i) { build_list(config.languages[i].code); });
  });
}

void SiteModel::build_list(const std::string& lang) {
  // at(): the keys are there, and a lookup is what threads may do at once.
  std::vector<Listed>& list = lists.at(lang);
  list = list_of(lang);
  std::vector<std::string>& all = tags.at(lang);
  auto& in_section = section_sizes.at(lang);
  auto& with_tag = tag_sizes.at(lang);
  for (const auto& l : list) {
    all.insert(all.end(), l.meta().tags.begin(), l.meta().tags.end());
    ++in_section[l.section()];
    // A tag written twice on one article counts it once, as listed_with_tag() does.
    const auto& t = l.meta().tags;
    for (auto i = t.begin(); i != t.end(); ++i)
      if (std::find(t.begin(), i, *i) == i) ++with_tag[*i];
  }
  std::sort(all.begin(), all.end());
  all.erase(std::unique(all.begin(), all.end()), all.end());
  // Once here: every brief page reads every language's weeks (its alternates).
  weeks.at(lang) = iso_weeks_of(list, config.time_zone);
}

std::vector<Listed> SiteModel::list_of(const std::string& lang) const {
  std::vector<Listed> out;
  for (const auto& b : corpus_.bundles) {
    auto it = b.articles.find(lang);
    const bool own = it != b.articles.end() && visible(it->second);
    if (!own && !(config.fallback == "source" && b.source() && visible(*b.source()))) continue;
    Listed l(b, own ? it->second : *b.source(), own ? lang : b.source_lang);
    if (!l.meta().date) continue;
    l.published_ms = date_epoch_ms(l.meta().date->value, config.time_zone);
    l.modified_ms = l.meta().updated ? date_epoch_ms(l.meta().updated->value, config.time_zone)
                                     : l.published_ms;
    out.push_back(l);
  }
  std::stable_sort(out.begin(), out.end(), [](const Listed& a, const Listed& b) {
    if (a.published_ms != b.published_ms) return a.published_ms > b.published_ms;
    return bundle_id_less(*a.bundle_, *b.bundle_);
  });
  return out;
}

std::vector<std::string> SiteModel::page_languages(const Bundle& b) const {
  std::vector<std::string> out;
  for (const auto& l : config.languages) {
    auto it = b.articles.find(l.code);
    if (it != b.articles.end() && visible(it->second) && has_locale(l.code)) out.push_back(l.code);
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

std::string SiteModel::kept_piece(const std::string& bundle, const std::string& key,
                                  const std::string& salt,
                                  const std::function<std::string()>& make) const {
  KeptEntries* kept = options.kept_entries;
  if (!kept || !listing_digests) return make();
  const auto digest = listing_digests->find(bundle);
  if (digest == listing_digests->end()) return make();
  const std::string from = digest->second + "\n" + salt;
  if (const std::string* xml = kept->find(key, from)) return *xml;
  std::string xml;
  {
    // Kept on the promise that it reads nothing a record holds: when it is
    // reused, nothing it read would be recorded.
    DependencyLog reads;
    DependencyScope scope(reads);
    xml = make();
    expect_no_reads(reads, "a kept piece of a feed or of the sitemap");
  }
  kept->add(key, bundle, from, xml);
  return xml;
}

}  // namespace pp
