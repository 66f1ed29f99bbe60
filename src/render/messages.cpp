// The interface strings the code translates, and `i18n extract`.
#include "core/file_io.h"
#include "render/render.h"
#include "render/template_tags.h"

namespace pp {

const std::vector<CodeMessage>& code_messages() {
  // Every literal passed to tr(), tr_fill() or tr_n() in src/ (a unit test keeps
  // this list complete).
  static const std::vector<CodeMessage> messages = {
      {"News", "", "src/render/pages.cpp"},
      {"Review", "", "src/render/pages.cpp"},
      {"Analysis", "", "src/render/pages.cpp"},
      {"Updated {date}", "", "src/render/pages.cpp"},
      {"By {authors}", "", "src/render/pages.cpp"},
      {"Source:", "Sources:", "src/render/pages.cpp"},
      {"{rating} out of {max}", "", "src/render/pages.cpp"},
      {"Free", "", "src/render/pages.cpp"},
      {"{price} per month", "", "src/render/pages.cpp"},
      {"{price} per year", "", "src/render/pages.cpp"},
      {"{price} per use", "", "src/render/pages.cpp"},
      {"{price}, one-time", "", "src/render/pages.cpp"},
      {"Checked {date}", "", "src/render/pages.cpp"},
      {"{count} article", "{count} articles", "src/render/list_pages.cpp"},
      {"Choose your language", "", "src/render/pages.cpp"},
      {"Page not found", "", "src/render/pages.cpp"},
      {"Articles tagged {tag}", "", "src/render/list_pages.cpp"},
      {"{title}, page {page}", "", "src/render/list_pages.cpp"},
      {"Page {page} of {pages}", "", "src/render/list_pages.cpp"},
      {"Related news article:", "Related news articles:", "src/render/related_links.cpp"},
      {"Related review:", "Related reviews:", "src/render/related_links.cpp"},
      {"Related analysis:", "Related analyses:", "src/render/related_links.cpp"},
      {"Latest articles", "", "src/render/feeds.cpp"},
      {"Verdict:", "", "src/render/emails.cpp"},
      {"{site} weekly brief, {week}", "", "src/render/edition.cpp"},
      {"Product:", "", "src/render/emails.cpp"},
      {"Rating:", "", "src/render/emails.cpp"},
      {"Price:", "", "src/render/emails.cpp"},
      {"Continue reading on the web", "", "src/render/emails.cpp"},
      {"Note", "", "src/render/alerts.cpp"},
      {"Tip", "", "src/render/alerts.cpp"},
      {"Important", "", "src/render/alerts.cpp"},
      {"Warning", "", "src/render/alerts.cpp"},
      {"Caution", "", "src/render/alerts.cpp"},
  };
  return messages;
}

std::vector<CatalogMessage> extract_messages(const SiteConfig& config,
                                             const TemplateSet& templates) {
  std::vector<CatalogMessage> out;
  std::map<std::string, std::size_t> index;
  auto add = [&](const std::string& msgid, const std::string& plural, const std::string& ref) {
    auto [it, fresh] = index.emplace(msgid, out.size());
    if (fresh) out.push_back({msgid, plural, {}});
    auto& refs = out[it->second].references;
    if (std::find(refs.begin(), refs.end(), ref) == refs.end()) refs.push_back(ref);
  };
  // Templates first, in file order: {{#t}}msgid{{/t}}.
  for (const auto& [name, text] : templates.all()) {
    int line = 1;
    std::size_t counted = 0;
    for (const auto& t : find_translations(text)) {
      line += static_cast<int>(std::count(text.begin() + static_cast<long>(counted),
                                          text.begin() + static_cast<long>(t.position), '\n'));
      counted = t.position;
      add(t.text, "", templates.path(name) + ":" + std::to_string(line));
    }
  }
  if (!config.description.empty()) add(config.description, "", std::string(kSiteConfigPath));
  for (const auto& s : config.sections) add(s.title, "", std::string(kSiteConfigPath));
  for (const auto& m : code_messages()) add(m.msgid, m.plural, m.where);
  return out;
}

}  // namespace pp
