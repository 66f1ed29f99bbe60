#include <algorithm>

#include "render/site_model.h"

namespace pp {

std::vector<Listed> SiteModel::listed(const std::string& lang) const {
  std::vector<Listed> out;
  for (const auto& b : corpus.bundles) {
    Listed l;
    l.bundle = &b;
    auto it = b.articles.find(lang);
    if (it != b.articles.end() && visible(it->second)) {
      l.article = &it->second;
      l.page_lang = lang;
    } else if (config.fallback == "source" && b.source() && visible(*b.source())) {
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
    if (it != b.articles.end() && visible(it->second) && locales.count(l.code)) out.push_back(l.code);
  }
  return out;
}

std::string SiteModel::default_page_language(const Bundle& b) const {
  const auto langs = page_languages(b);
  if (std::count(langs.begin(), langs.end(), config.default_language)) return config.default_language;
  if (std::count(langs.begin(), langs.end(), b.source_lang)) return b.source_lang;
  return langs.empty() ? "" : langs.front();
}

std::vector<OutputFile> render_site(const std::filesystem::path& root, const SiteConfig& config,
                                    const Corpus& corpus, const LocaleMap& locales,
                                    const TemplateSet& templates, const RenderOptions& options,
                                    DiagnosticSink& sink) {
  const SiteModel m{root, config, corpus, locales, templates, options};
  std::vector<OutputFile> files;
  auto wanted = [&](const std::string& lang) {
    return options.languages.empty() ||
           std::count(options.languages.begin(), options.languages.end(), lang) > 0;
  };
  files.push_back({"index.html", render_chooser_page(m, sink), ""});
  files.push_back({"sitemap.xml", render_sitemap(m), ""});
  for (const auto& lang : config.languages) {
    if (!wanted(lang.code) || !locales.count(lang.code)) continue;
    const Locale& loc = *locales.at(lang.code);
    files.push_back({lang.code + "/index.html", render_home_page(m, loc, sink), ""});
    files.push_back({lang.code + "/feed.xml", render_feed(m, loc), ""});
    for (const auto& s : config.sections)
      files.push_back({lang.code + "/" + s.id + "/index.html", render_section_page(m, s, loc, sink), ""});
    for (const auto& b : corpus.bundles) {
      auto it = b.articles.find(lang.code);
      if (it == b.articles.end() || !m.visible(it->second)) continue;
      const std::string dir = lang.code + "/" + b.section + "/" + b.slug + "/";
      files.push_back({dir + "index.html", render_article_page(m, b, it->second, loc, sink), ""});
      for (const auto& asset : b.assets)
        files.push_back({dir + asset, "", (root / b.dir / asset).string()});
    }
  }
  return files;
}

}  // namespace pp
