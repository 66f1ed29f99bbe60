// The interface strings the code translates, and `i18n extract`.
#include "core/file_io.h"
#include "render/render.h"
#include "render/template_tags.h"

namespace pp {

const std::vector<CodeMessage>& code_messages() {
  // Every literal passed to tr(), tr_fill() or tr_n() in src/ (a unit test keeps
  // this list complete).
  static const std::vector<CodeMessage> messages = {
      {"News", "", "src/render/pages.cpp",
       "The type of a news article, above its title and in lists", kArticleTypeContext},
      {"Review", "", "src/render/pages.cpp", "The type of a review, above its title and in lists",
       kArticleTypeContext},
      {"Analysis", "", "src/render/pages.cpp",
       "The type of an analysis, above its title and in lists (a section may have this name "
       "too, translated on its own)",
       kArticleTypeContext},
      {"Updated {date}", "", "src/render/pages.cpp",
       "Below an article's title when it was updated; {date} is formatted for the language"},
      {"By {authors}", "", "src/render/pages.cpp",
       "An article's byline; {authors} is the list of names"},
      {"Source:", "Sources:", "src/render/pages.cpp",
       "Before the list of an article's sources, at its end"},
      {"{rating} out of {max}", "", "src/render/pages.cpp", "A review's rating, e.g. 4.5 out of 5"},
      {"Free", "", "src/render/pages.cpp", "A review's price when the product costs nothing"},
      {"{price} per month", "", "src/render/pages.cpp",
       "A review's price; {price} is formatted with its currency"},
      {"{price} per year", "", "src/render/pages.cpp",
       "A review's price; {price} is formatted with its currency"},
      {"{price} per use", "", "src/render/pages.cpp",
       "A review's price; {price} is formatted with its currency"},
      {"{price}, one-time", "", "src/render/pages.cpp",
       "A review's price paid once; {price} is formatted with its currency"},
      {"Checked {date}", "", "src/render/pages.cpp", "When a review's facts were last checked"},
      {"{count} article", "{count} articles", "src/render/list_pages.cpp",
       "Under a list's title: how many articles it has"},
      {"Choose your language", "", "src/render/pages.cpp",
       "The heading of the site's root page, which links every language"},
      {"Page not found", "", "src/render/pages.cpp", "The title of the 404 page"},
      {"Articles tagged {tag}", "", "src/render/list_pages.cpp",
       "The title of a tag's page and feed"},
      {"{title}, page {page}", "", "src/render/list_pages.cpp",
       "The title of a list's second and later pages"},
      {"Page {page} of {pages}", "", "src/render/list_pages.cpp",
       "Between a list's previous and next page links"},
      {"Related news article:", "Related news articles:", "src/render/related_links.cpp",
       "Before the links to related articles, at an article's end"},
      {"Related review:", "Related reviews:", "src/render/related_links.cpp",
       "Before the links to related articles, at an article's end"},
      {"Related analysis:", "Related analyses:", "src/render/related_links.cpp",
       "Before the links to related articles, at an article's end"},
      {"Latest articles", "", "src/render/feeds.cpp", "The subtitle of the language's Atom feed"},
      {"Verdict:", "", "src/render/emails.cpp",
       "Before a review's or article's verdict, in pages and emails"},
      {"{site} weekly brief, {week}", "", "src/render/edition.cpp",
       "The subject of the weekly brief email"},
      {"Product:", "", "src/render/emails.cpp", "In an article's email: the product it reviews"},
      {"Rating:", "", "src/render/emails.cpp", "In a review's email: its rating"},
      {"Price:", "", "src/render/emails.cpp", "In a review's email: its price"},
      {"Continue reading on the web", "", "src/render/emails.cpp",
       "The link at the end of an article's email"},
      {"Note", "", "src/render/alerts.cpp", "The label of a GitHub-style alert box ([!NOTE])"},
      {"Tip", "", "src/render/alerts.cpp", "The label of a GitHub-style alert box ([!TIP])"},
      {"Important", "", "src/render/alerts.cpp",
       "The label of a GitHub-style alert box ([!IMPORTANT])"},
      {"Warning", "", "src/render/alerts.cpp",
       "The label of a GitHub-style alert box ([!WARNING])"},
      {"Caution", "", "src/render/alerts.cpp",
       "The label of a GitHub-style alert box ([!CAUTION])"},
  };
  return messages;
}

std::vector<CatalogMessage> extract_messages(const SiteConfig& config,
                                             const TemplateSet& templates) {
  std::vector<CatalogMessage> out;
  std::map<std::string, std::size_t> index;
  auto add = [&](const std::string& msgid, const std::string& plural, const std::string& ref,
                 const std::string& note = "", const std::string& context = "") {
    auto [it, fresh] = index.emplace(catalog_key(context, msgid), out.size());
    if (fresh) out.push_back({msgid, plural, {}, "", context});
    // Every place a string is seen is said, once.
    std::string& notes = out[it->second].note;
    if (!note.empty() && notes.find(note) == std::string::npos)
      notes += (notes.empty() ? "" : "; ") + note;
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
  // site.yaml's strings at their lines. The code's are polypress's own: the
  // file names where they are used, without a line, which would change with
  // every release and rewrite every site's references (docs/translators.md).
  auto at_line = [](int line) {
    return std::string(kSiteConfigPath) + (line > 0 ? ":" + std::to_string(line) : "");
  };
  if (!config.description.empty())
    add(config.description, "", at_line(config.description_line),
        "The site's description (site.yaml), on the home page and in feeds");
  for (const auto& s : config.sections)
    add(s.title, "", at_line(s.title_line),
        "The title of the section '" + s.id + "' (site.yaml), in menus and lists");
  for (const auto& m : code_messages()) add(m.msgid, m.plural, m.where, m.note, m.context);
  return out;
}

}  // namespace pp
