// The pages that list articles of one section or one tag, one page or, with
// `paginate: N`, N articles a page (docs/spec.md §7, "Pagination").
#include <algorithm>
#include <utility>

#include "core/text.h"
#include "render/page_parts.h"
#include "render/urls.h"

namespace pp {

void set_partial_language_links(ViewData& d, const SiteModel& m, const Locale& loc,
                                const std::vector<LanguagePage>& pages) {
  ViewList alternates, switcher, og_alts;
  const LanguagePage* x_default = nullptr;
  for (const auto& p : pages) {
    if (p.same) {
      alternates.push_back(
          mustache::object{{"hreflang", p.code}, {"href", absolute_url(m.config, p.path)}});
      if (!x_default || p.code == m.config.default_language) x_default = &p;
    }
    switcher.push_back(mustache::object{{"code", p.code},
                                        {"name", m.config.language(p.code)->name},
                                        {"href", p.path},
                                        {"current", mustache::data(p.code == loc.code())}});
    if (p.code != loc.code()) og_alts.push_back(m.og_locale_of(p.code));
  }
  if (x_default)
    alternates.push_back(mustache::object{{"hreflang", "x-default"},
                                          {"href", absolute_url(m.config, x_default->path)}});
  d.set("alternates", alternates);
  d.set("languages", switcher);
  d.set("og_locale_alternates", og_alts);
}

namespace {

// Which page of a list is rendered: the list's first page (in the page's own
// language), the page's number and how many pages the list has.
struct ListPages {
  std::string first;
  std::size_t page = 1;
  std::size_t pages = 1;
};

// Titles, the counterparts of page `p.page` in the other languages, the
// page's slice of `all`, `rel` links and the pager. `first_of(lang)` is the
// list's first page in a language and `size_of(lang)` its entries there
// (nullopt: the language has no such list).
void set_list_page(ViewData& d, const SiteModel& m, const Locale& loc, const std::string& title,
                   const std::vector<Listed>& all, const ListPages& p,
                   const std::function<std::string(const std::string&)>& first_of,
                   const std::function<std::optional<std::size_t>(const std::string&)>& size_of) {
  const std::string shown =
      p.page == 1 ? title
                  : loc.tr_fill("{title}, page {page}",
                                {{"title", title}, {"page", loc.format_integer(p.page)}});
  d.set("page_title", shown + " | " + m.config.name);
  d.set("og_title", shown);
  d.set("og_type", "website");
  d.set("description", shown);

  std::vector<LanguagePage> counterparts;
  for (const auto& l : m.config.languages) {
    if (!m.has_locale(l.code)) continue;
    if (l.code == loc.code()) {
      counterparts.push_back({l.code, list_page_path(p.first, p.page), true});
      continue;
    }
    const auto size = size_of(l.code);
    if (!size) continue;
    // A language with fewer pages is offered its first one, not as this page.
    const bool same = p.page <= m.page_count(*size);
    counterparts.push_back({l.code, list_page_path(first_of(l.code), same ? p.page : 1), same});
  }
  set_partial_language_links(d, m, loc, counterparts);

  const auto n = static_cast<long>(all.size());
  d.set("count_text", fill_placeholders(loc.tr_n("{count} article", "{count} articles", n),
                                        {{"count", loc.format_count(n)}}));
  const std::size_t per = m.config.paginate == 0 ? all.size() : m.config.paginate;
  const std::size_t from = std::min(all.size(), (p.page - 1) * per);
  const std::size_t to = std::min(all.size(), from + per);
  d.set("items", list_items(m, loc,
                            std::vector<Listed>(all.begin() + static_cast<long>(from),
                                                all.begin() + static_cast<long>(to))));
  d.set("item_heading", "h2");  // right under the page's h1

  ViewList rel_links, pagination;
  if (p.pages > 1) {
    ViewData pager;
    pager.set("status",
              loc.tr_fill("Page {page} of {pages}", {{"page", loc.format_integer(p.page)},
                                                     {"pages", loc.format_integer(p.pages)}}));
    auto link = [&](const char* rel, std::size_t page) {
      const std::string href = list_page_path(p.first, page);
      rel_links.push_back(mustache::object{{"rel", rel}, {"href", absolute_url(m.config, href)}});
      ViewData to_page;
      to_page.set("href", href);
      pager.set(rel, to_page);
    };
    if (p.page > 1) link("prev", p.page - 1);
    if (p.page < p.pages) link("next", p.page + 1);
    pagination.push_back(std::move(pager));
  }
  d.set("rel_links", std::move(rel_links));
  d.set("pagination", std::move(pagination));
}

}  // namespace

std::string render_section_page(const SiteModel& m, const SectionConfig& s, const Locale& loc,
                                std::size_t page, DiagnosticSink& sink) {
  const std::vector<Listed> items = m.listed_in(loc.code(), s.id);
  const ListPages p{section_path(m.config, loc.code(), s.id), page, m.page_count(items.size())};
  ViewData d = common_data(m, loc, list_page_path(p.first, page));
  const std::string title = loc.tr(s.title);
  set_list_page(
      d, m, loc, title, items, p,
      [&](const std::string& lang) { return section_path(m.config, lang, s.id); },
      [&](const std::string& lang) -> std::optional<std::size_t> {
        // Every language has the section's page; later ones only when it has the entries.
        return page == 1 ? 0 : m.section_size(lang, s.id);
      });
  d.set("section_title", title);
  return m.render_template("section", d, loc, sink);
}

std::string render_tag_page(const SiteModel& m, const Locale& loc, const std::string& tag,
                            std::size_t page, DiagnosticSink& sink) {
  const std::vector<Listed> items = m.listed_with_tag(loc.code(), tag);
  const ListPages p{tag_path(m.config, loc.code(), tag), page, m.page_count(items.size())};
  ViewData d = common_data(m, loc, list_page_path(p.first, page));
  const std::string title = loc.tr_fill("Articles tagged {tag}", {{"tag", tag}});
  d.set("feed_url", p.first + "feed.xml");
  d.set("feed_title", title + " · " + m.config.name);  // as the feed itself is titled
  // Only the languages that have this tag have its page.
  set_list_page(
      d, m, loc, title, items, p,
      [&](const std::string& lang) { return tag_path(m.config, lang, tag); },
      [&](const std::string& lang) -> std::optional<std::size_t> {
        const std::size_t n = m.tag_size(lang, tag);
        if (n == 0) return std::nullopt;
        return n;
      });
  d.set("tag", tag);
  d.set("tag_title", title);
  return m.render_template("tag", d, loc, sink);
}

}  // namespace pp
