// Atom feeds and the sitemap: XML built with escaping at every value.
#include <algorithm>

#include "core/markup_text.h"

#include "content/article_cache.h"
#include "core/text.h"
#include "incremental/incremental.h"
#include "render/brief_items.h"
#include "render/build_caches.h"
#include "render/site_model.h"
#include "render/urls.h"

namespace pp {

namespace {

// User text as XML character data: no character XML 1.0 refuses, bidi
// controls closed within the value, markup characters escaped.
std::string xml_text(std::string_view s) {
  return html_escape(markup_value(s));
}

}  // namespace

namespace {

// The article of `l` as a feed reader shows it: its body's HTML, every link
// absolute (as in its email), in a block that says its language and
// direction. Made once per build whatever the feeds it is in (what it read
// is recorded for each); a body that cannot be read is an error of every
// feed that shows it.
std::string entry_content(const SiteModel& m, const Listed& l, DiagnosticSink& sink) {
  if (!m.has_locale(l.page_lang)) return "";
  const std::string page_url =
      absolute_url(m.config, article_path(m.config, l.page_lang, l.section(), l.slug()));
  auto make = [&](DiagnosticSink& found) {
    const Locale& loc = m.locale(l.page_lang);  // alerts' titles
    const auto full = m.article_body(l, found);
    if (!full) return std::string();
    // Fragments cmark and the sanitizer write as they are (footnotes, raw
    // links) point into the page, not into the feed a reader resolves
    // them against. In rendered HTML a '"' of text is &quot;: this is an
    // attribute.
    std::string html = m.body_html(*full, loc, page_url);
    const std::string relative = " href=\"#", absolute = " href=\"" + html_escape(page_url) + "#";
    for (auto at = html.find(relative); at != std::string::npos;
         at = html.find(relative, at + absolute.size()))
      html.replace(at, relative.size(), absolute);
    return "<div lang=\"" + html_escape(loc.code()) + "\" dir=\"" + loc.dir() + "\">\n" + html +
           "</div>";
  };
  return m.caches ? m.caches->once("feed " + l.id() + " " + l.page_lang, make, sink) : make(sink);
}

// One entry of a feed in `feed_lang`: the article `l` shows in its page's
// language, which the entry names when it is another (a fallback); with its
// body when the feeds carry the full content.
std::string feed_entry(const SiteModel& m, const Listed& l, const std::string& feed_lang,
                       DiagnosticSink& sink) {
  const FrontMatter& fm = l.meta();
  const std::string url =
      absolute_url(m.config, article_path(m.config, l.page_lang, l.section(), l.slug()));
  std::string x = l.page_lang == feed_lang
                      ? "  <entry>\n"
                      : "  <entry xml:lang=\"" + html_escape(l.page_lang) + "\">\n";
  x += "    <title>" + xml_text(fm.title ? fm.title->value : l.slug()) + "</title>\n";
  x += "    <link rel=\"alternate\" type=\"text/html\" href=\"" + html_escape(url) + "\"/>\n";
  x += "    <id>" + html_escape(url) + "</id>\n";
  x += "    <published>" + format_rfc3339_utc(l.published_ms) + "</published>\n";
  x += "    <updated>" + format_rfc3339_utc(l.modified_ms) + "</updated>\n";
  for (const auto& a : fm.authors) x += "    <author><name>" + xml_text(a) + "</name></author>\n";
  x += "    <category term=\"" + html_escape(l.section()) + "\"/>\n";
  x += "    <summary>" + xml_text(fm.summary ? fm.summary->value : "") + "</summary>\n";
  if (m.config.feed_full_content)
    x += "    <content type=\"html\">" + html_escape(entry_content(m, l, sink)) + "</content>\n";
  x += "  </entry>\n";
  return x;
}

// The feed of `items`, whose HTML page is at `page` (root-relative), titled
// `title` with the subtitle `subtitle`; the feed itself is page + "feed.xml".
std::string feed_of(const SiteModel& m, const Locale& loc, std::vector<Listed> items,
                    const std::string& page, const std::string& title, const std::string& subtitle,
                    DiagnosticSink& sink) {
  // The newest feeds.entries: a feed reader polls the feed, and a site's
  // thousands of articles with their bodies would be megabytes each time.
  if (m.config.feed_entries > 0 && items.size() > m.config.feed_entries)
    items.erase(items.begin() + static_cast<std::ptrdiff_t>(m.config.feed_entries), items.end());
  double latest = 0;
  for (const auto& l : items) latest = std::max(latest, l.modified_ms);
  const std::string home = absolute_url(m.config, page);
  std::string x;
  x += "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n";
  x +=
      "<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"" + html_escape(loc.code()) + "\">\n";
  x += "  <title>" + xml_text(title) + "</title>\n";
  x += "  <subtitle>" + xml_text(subtitle) + "</subtitle>\n";
  x += "  <id>" + html_escape(home) + "</id>\n";
  x += "  <link rel=\"alternate\" type=\"text/html\" href=\"" + html_escape(home) + "\"/>\n";
  x += "  <link rel=\"self\" type=\"application/atom+xml\" href=\"" +
       html_escape(home + "feed.xml") + "\"/>\n";
  // No clock: the feed is as new as its newest entry (epoch when empty).
  x += "  <updated>" + format_rfc3339_utc(latest) + "</updated>\n";
  x += "  <author><name>" + xml_text(m.config.name) + "</name></author>\n";
  x += "  <generator>polypress</generator>\n";
  // Without its body, an entry shows only its bundle's listed front matter:
  // kept between builds (a front-matter edit renders one entry, not the
  // feed's thousands). With it, the entry depends on its body and the
  // bundles it links to, which feed_entry() records.
  for (const auto& l : items) {
    const std::string in = l.page_lang == loc.code() ? "" : " in " + loc.code();
    x += m.config.feed_full_content
             ? feed_entry(m, l, loc.code(), sink)
             : m.kept_piece(l.id(), "feed " + l.page_lang + in + " " + l.id(), "",
                            [&] { return feed_entry(m, l, loc.code(), sink); });
  }
  x += "</feed>\n";
  // The last line of defence: whatever reached the text, the feed is XML 1.0.
  return drop_refused_in_markup(x);
}

}  // namespace

std::string render_feed(const SiteModel& m, const Locale& loc, DiagnosticSink& sink) {
  return feed_of(m, loc, m.listed(loc.code()), home_path(m.config, loc.code()), m.config.name,
                 loc.tr("Latest articles"), sink);
}

std::string render_tag_feed(const SiteModel& m, const Locale& loc, const std::string& tag,
                            DiagnosticSink& sink) {
  // A reader subscribed to several of a site's tags tells them apart by
  // title: "Articles tagged gpu · ReviewRamble", not the site's name alone.
  const std::string tagged = loc.tr_fill("Articles tagged {tag}", {{"tag", tag}});
  return feed_of(m, loc, m.listed_with_tag(loc.code(), tag), tag_path(m.config, loc.code(), tag),
                 tagged + " · " + m.config.name, tagged, sink);
}

namespace {

// The <xhtml:link> lines of `alternates` (language, URL) under each <url>.
std::string alternate_links(const std::vector<std::pair<std::string, std::string>>& alternates) {
  std::string x;
  for (const auto& [lang, href] : alternates)
    x += "    <xhtml:link rel=\"alternate\" hreflang=\"" + html_escape(lang) + "\" href=\"" +
         html_escape(href) + "\"/>\n";
  return x;
}

// One <url> of the sitemap, with its alternates' lines `links`.
void sitemap_url(std::string& x, const std::string& loc, const std::string& lastmod,
                 const std::string& links) {
  x += "  <url>\n    <loc>" + html_escape(loc) + "</loc>\n";
  if (!lastmod.empty()) x += "    <lastmod>" + lastmod + "</lastmod>\n";
  x += links;
  x += "  </url>\n";
}

// The alternates' lines of the article pages of `b` (in `page_langs`;
// x-default `xd`).
std::string article_alternates(const SiteModel& m, const Bundle& b,
                               const std::vector<std::string>& page_langs, const std::string& xd) {
  const SiteConfig& c = m.config;
  std::vector<std::pair<std::string, std::string>> alts;
  for (const auto& l : page_langs)
    alts.push_back({l, absolute_url(c, article_path(c, l, b.section, b.slug))});
  if (!xd.empty())
    alts.push_back({"x-default", absolute_url(c, article_path(c, xd, b.section, b.slug))});
  return alternate_links(alts);
}

}  // namespace

std::string render_sitemap(const SiteModel& m) {
  const SiteConfig& c = m.config;
  std::string x;
  x += "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n";
  x += "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" "
       "xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n";
  std::vector<std::string> langs;
  for (const auto& l : c.languages)
    if (m.has_locale(l.code)) langs.push_back(l.code);
  // Home and section pages exist in every language.
  auto all_langs = [&](auto path_of, const std::string& x_default) {
    std::vector<std::pair<std::string, std::string>> alts;
    for (const auto& l : langs) alts.push_back({l, absolute_url(c, path_of(l))});
    alts.push_back({"x-default", x_default});
    return alts;
  };
  {
    // The language chooser at the root is the x-default of every home page.
    const auto alts = all_langs([&](const std::string& l) { return home_path(c, l); }, c.base_url);
    const std::string links = alternate_links(alts);
    sitemap_url(x, c.base_url, "", links);
    for (const auto& l : langs) sitemap_url(x, absolute_url(c, home_path(c, l)), "", links);
  }
  for (const auto& s : c.sections) {
    auto path_of = [&](const std::string& l) { return section_path(c, l, s.id); };
    const std::string links =
        alternate_links(all_langs(path_of, absolute_url(c, path_of(c.default_language))));
    for (const auto& l : langs) sitemap_url(x, absolute_url(c, path_of(l)), "", links);
  }
  // The alternates of a bundle's pages (most of the sitemap) are kept between
  // builds with its listed front matter and its published languages.
  for (const auto& b : m.every_bundle()) {
    const auto page_langs = m.page_languages(b);
    const std::string xd = m.default_page_language(b);
    std::string published;
    for (const auto& l : page_langs) published += l + " ";
    const std::string links = m.kept_piece(b.id(), "sitemap " + b.id(), published + "| " + xd, [&] {
      return article_alternates(m, b, page_langs, xd);
    });
    for (const auto& l : page_langs) {
      const FrontMatter& fm = b.articles.at(l).meta;
      const auto& d = fm.updated ? fm.updated : fm.date;
      sitemap_url(x, absolute_url(c, article_path(c, l, b.section, b.slug)),
                  d ? format_rfc3339_utc(date_epoch_ms(d->value, c.time_zone)) : "", links);
    }
  }
  // The web copies of the weekly briefs, each with its week in the other
  // languages that have it, and as x-default the default language's (else
  // the first language's), as the page's own head says.
  std::map<std::string, std::vector<std::string>> brief_langs;  // week → languages
  for (const auto& l : langs)
    for (const auto& week : brief_weeks(m, l)) brief_langs[week].push_back(l);
  for (const auto& [week, week_langs] : brief_langs) {
    std::vector<std::pair<std::string, std::string>> alts;
    for (const auto& l : week_langs) alts.push_back({l, absolute_url(c, brief_path(c, l, week))});
    const auto x_default =
        std::find(week_langs.begin(), week_langs.end(), c.default_language) != week_langs.end()
            ? c.default_language
            : week_langs.front();
    const std::size_t pages = alts.size();
    alts.push_back({"x-default", absolute_url(c, brief_path(c, x_default, week))});
    const std::string links = alternate_links(alts);
    for (std::size_t i = 0; i < pages; ++i) sitemap_url(x, alts[i].second, "", links);
  }
  x += "</urlset>\n";
  return drop_refused_in_markup(x);
}

}  // namespace pp
