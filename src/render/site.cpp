#include <algorithm>

#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <functional>

#include "render/site_model.h"

namespace pp {

std::vector<Listed> list_for(const SiteModel& m, const std::string& lang);

const std::vector<Listed>& SiteModel::listed(const std::string& lang) const {
  static const std::vector<Listed> none;
  auto it = lists.find(lang);
  return it == lists.end() ? none : it->second;
}

void SiteModel::build_lists() {
  for (const auto& l : config.languages) lists[l.code] = list_for(*this, l.code);
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

std::vector<OutputFile> render_site(const std::filesystem::path& root, const SiteConfig& config,
                                    const Corpus& corpus, const LocaleMap& locales,
                                    const TemplateSet& templates, const RenderOptions& options,
                                    DiagnosticSink& sink) {
  SiteModel m{root, config, corpus, locales, templates, options, {}};
  m.build_lists();
  auto wanted = [&](const std::string& lang) {
    return options.languages.empty() ||
           std::count(options.languages.begin(), options.languages.end(), lang) > 0;
  };
  // Every page is an independent task over read-only inputs; results are put
  // back in task order, so the output does not depend on scheduling.
  struct Task {
    std::string path;
    std::function<std::string(DiagnosticSink&)> make;
  };
  std::vector<Task> tasks;
  std::vector<OutputFile> copies;
  tasks.push_back({"index.html", [&](DiagnosticSink& s) { return render_chooser_page(m, s); }});
  tasks.push_back({"sitemap.xml", [&](DiagnosticSink&) { return render_sitemap(m); }});
  for (const auto& lang : config.languages) {
    if (!wanted(lang.code) || !locales.count(lang.code)) continue;
    const Locale& loc = *locales.at(lang.code);
    tasks.push_back({lang.code + "/index.html",
                     [&m, &loc](DiagnosticSink& s) { return render_home_page(m, loc, s); }});
    tasks.push_back(
        {lang.code + "/feed.xml", [&m, &loc](DiagnosticSink&) { return render_feed(m, loc); }});
    for (const auto& sec : config.sections)
      tasks.push_back(
          {lang.code + "/" + sec.id + "/index.html",
           [&m, &loc, &sec](DiagnosticSink& s) { return render_section_page(m, sec, loc, s); }});
    for (const auto& b : corpus.bundles) {
      auto it = b.articles.find(lang.code);
      if (it == b.articles.end() || !m.visible(it->second)) continue;
      const std::string dir = lang.code + "/" + b.section + "/" + b.slug + "/";
      const Article& a = it->second;
      tasks.push_back({dir + "index.html", [&m, &b, &a, &loc](DiagnosticSink& s) {
                         return render_article_page(m, b, a, loc, s);
                       }});
      for (const auto& asset : b.assets)
        copies.push_back({dir + asset, "", (root / b.dir / asset).string()});
    }
  }
  std::vector<OutputFile> files(tasks.size());
  std::vector<DiagnosticSink> sinks(tasks.size());
  tbb::task_arena arena(options.jobs > 0 ? options.jobs : tbb::task_arena::automatic);
  arena.execute([&] {
    tbb::parallel_for(std::size_t{0}, tasks.size(), [&](std::size_t i) {
      files[i] = {tasks[i].path, tasks[i].make(sinks[i]), ""};
    });
  });
  for (const auto& s : sinks) sink.merge(s);
  for (auto& c : copies) files.push_back(std::move(c));
  return files;
}

}  // namespace pp
