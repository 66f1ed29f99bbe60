// View models of the HTML pages (docs/spec.md §7), filled into the Mustache templates.
#include <unicode/ucurr.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <functional>
#include <nlohmann/json.hpp>
#include <utility>

#include "core/json_text.h"
#include "core/limits.h"
#include "core/markup_text.h"
#include "core/text.h"
#include "render/page_parts.h"
#include "render/related_links.h"
#include "render/site_model.h"
#include "render/source_parts.h"
#include "render/templates.h"
#include "render/urls.h"

namespace pp {

std::string type_label(const Locale& loc, ArticleType type) {
  if (type == ArticleType::news) return loc.tr_ctx(kArticleTypeContext, "News");
  if (type == ArticleType::review) return loc.tr_ctx(kArticleTypeContext, "Review");
  return loc.tr_ctx(kArticleTypeContext, "Analysis");
}

std::string section_title(const SiteModel& m, const Locale& loc, const std::string& id) {
  const SectionConfig* s = m.config.section(id);
  return s ? loc.tr(s->title) : id;
}

std::string type_label_beside(const Locale& loc, const std::optional<Located<ArticleType>>& type,
                              const std::string& section) {
  const std::string label = type_label(loc, type ? type->value : ArticleType::news);
  return label == section ? "" : label;
}

std::string iso_date(const Date& d) {
  return d.text;
}

namespace {

// Processor time of the calling thread, in seconds.
double thread_cpu_seconds() {
  timespec ts{};
  ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) / 1e9;
}

// hreflang alternates of a bundle's pages, plus x-default.
ViewList bundle_alternates(const SiteModel& m, const Bundle& b) {
  ViewList list;
  for (const auto& lang : m.page_languages(b))
    list.push_back(mustache::object{
        {"hreflang", lang},
        {"href", absolute_url(m.config, article_path(m.config, lang, b.section, b.slug))}});
  const std::string x = m.default_page_language(b);
  if (!x.empty())
    list.push_back(mustache::object{
        {"hreflang", "x-default"},
        {"href", absolute_url(m.config, article_path(m.config, x, b.section, b.slug))}});
  return list;
}

// schema.org's Offer for a review's price: Google's review snippets ask for
// `offers` on a reviewed software application; a subscription names its
// billing period.
nlohmann::json offer(const Price& p) {
  // The price the page shows: rounded to the currency's minor unit as ICU
  // rounds it (half even), so ¥1999.5 is 2000 in both.
  UChar code[4] = {0, 0, 0, 0};
  for (std::size_t i = 0; i < 3 && i < p.currency.size(); ++i)
    code[i] = static_cast<UChar>(p.currency[i]);
  UErrorCode status = U_ZERO_ERROR;
  const int32_t digits = ucurr_getDefaultFractionDigits(code, &status);
  const double unit = std::pow(10.0, U_SUCCESS(status) ? digits : 2);
  const double amount = std::nearbyint(p.amount * unit) / unit + 0.0;  // never -0
  nlohmann::json o = {{"@type", "Offer"}, {"price", amount}, {"priceCurrency", p.currency}};
  if (p.currency.empty()) o.erase("priceCurrency");
  if (p.period == "month" || p.period == "year")
    o["priceSpecification"] = {{"@type", "UnitPriceSpecification"},
                               {"price", amount},
                               {"priceCurrency", p.currency},
                               {"referenceQuantity",
                                {{"@type", "QuantitativeValue"},
                                 {"value", 1},
                                 {"unitCode", p.period == "month" ? "MON" : "ANN"}}}};
  return o;
}

std::string json_ld(const SiteModel& m, const Bundle& b, const Article& a, const std::string& url) {
  using nlohmann::json;
  const FrontMatter& fm = a.meta;
  const bool review = fm.type && fm.type->value == ArticleType::review;
  json j = {{"@context", "https://schema.org"},
            {"@type", review ? "Review" : "NewsArticle"},
            {"headline", fm.title ? fm.title->value : b.slug},
            {"description", fm.summary ? fm.summary->value : ""},
            {"inLanguage", a.lang},
            {"url", url},
            {"mainEntityOfPage", url},
            {"publisher", {{"@type", "Organization"}, {"name", m.config.name}}}};
  if (!m.config.logo.empty())
    j["publisher"]["logo"] = {{"@type", "ImageObject"}, {"url", m.config.logo}};
  if (fm.date) j["datePublished"] = fm.date->value.text;
  if (fm.cover)
    j["image"] = absolute_url(m.config, article_path(m.config, a.lang, b.section, b.slug) +
                                            percent_encode_path(fm.cover->src));
  else
    j["image"] = share_image(m.config);
  j["dateModified"] = fm.updated ? fm.updated->value.text : (fm.date ? fm.date->value.text : "");
  if (!fm.authors.empty()) {
    json authors = json::array();
    for (const auto& name : fm.authors) authors.push_back({{"@type", "Person"}, {"name", name}});
    j["author"] = authors;
  }
  if (review && fm.product) {
    j["itemReviewed"] = {
        {"@type", fm.product->kind == "model" ? "CreativeWork" : "SoftwareApplication"},
        {"name", fm.product->name},
        {"url", fm.product->url}};
    if (fm.price) j["itemReviewed"]["offers"] = offer(*fm.price);
  }
  if (review && fm.rating)
    j["reviewRating"] = {{"@type", "Rating"},
                         {"ratingValue", fm.rating->value},
                         {"bestRating", 5},
                         {"worstRating", 0}};
  return json_for_script(json_text(j));
}

// The language switcher and Open Graph locales of an article's page: the
// languages it has a page in, `a`'s own marked current.
void set_page_languages(ViewData& d, const SiteModel& m, const Bundle& b, const Article& a) {
  ViewList og_alts;
  ViewList switcher;
  for (const auto& lang : m.page_languages(b)) {
    const LanguageConfig* lc = m.config.language(lang);
    switcher.push_back(mustache::object{{"code", lang},
                                        {"name", lc->name},
                                        {"href", article_path(m.config, lang, b.section, b.slug)},
                                        {"current", mustache::data(lang == a.lang)}});
    if (lang != a.lang) og_alts.push_back(m.og_locale_of(lang));
  }
  d.set("languages", std::move(switcher));
  d.set("og_locale_alternates", std::move(og_alts));
}

// The body's HTML, or "" (with markdown/too-complex) when it grew too large
// or took too long to render.
std::string checked_body_html(const SiteModel& m, const Article& a, const Locale& loc,
                              DiagnosticSink& sink) {
  const double started = thread_cpu_seconds();
  std::string body_html = m.body_html(a, loc);
  // The validator's estimate is checked here against the real output. Time is
  // only a backstop, and counted as this thread's processor time, so that a
  // busy machine never changes the verdict.
  if (body_html.size() > 20 * a.body.size() + 8192 ||
      thread_cpu_seconds() - started > kMarkdownCpuBackstop.count() / 1000.0) {
    sink.error({a.path, a.body_first_line, 1}, "markdown/too-complex",
               "the article expands more than 20 times its size or takes more than 10 seconds "
               "of processor time to render");
    body_html.clear();
  }
  return body_html;
}

// The parts of an article's view a theme adds: its cover (on the page and as
// og:image), its tags with their pages, and front matter `extra`.
void set_cover_tags_extra(ViewData& d, const SiteModel& m, const Article& a,
                          const std::string& path) {
  const FrontMatter& fm = a.meta;
  if (fm.cover) {
    // The bundle's files are published beside its pages; a file name is
    // one path in a URL ("a #1.png" is no fragment).
    const std::string src = path + percent_encode_path(fm.cover->src);
    ViewData cover;
    cover.set("src", src);
    cover.set("url", absolute_url(m.config, src));
    cover.set("alt", fm.cover->alt);
    d.set("cover", std::move(cover));
    ViewList images;
    images.push_back(
        mustache::object{{"url", absolute_url(m.config, src)}, {"alt", fm.cover->alt}});
    d.set("og_images", std::move(images));
  }
  d.set("extra", extra_view(fm.extra ? fm.extra->value : "{}"));
  ViewList tags;
  for (const auto& t : fm.tags)
    tags.push_back(mustache::object{{"name", t}, {"href", tag_path(m.config, a.lang, t)}});
  d.set("has_tags", mustache::data(!fm.tags.empty()));
  d.set("tags", std::move(tags));
}

}  // namespace

ViewData common_data(const SiteModel& m, const Locale& loc, const std::string& canonical_path) {
  ViewData d;
  d.set("lang", loc.code());
  d.set("dir", loc.dir());
  d.set("site_name", m.config.name);
  d.set("home_url", home_path(m.config, loc.code()));
  d.set("feed_url", home_path(m.config, loc.code()) + "feed.xml");
  d.set("feed_title", m.config.name);
  d.set("base_path", m.config.base_path);
  d.set("noindex", mustache::data(false));
  // A page without a cover of its own shares the site's image: site.image,
  // else the theme's neutral card (assets/card.png, 1200 × 630).
  ViewList images;
  images.push_back(mustache::object{{"url", share_image(m.config)}, {"alt", m.config.name}});
  d.set("og_images", std::move(images));
  d.set("rel_links", ViewList{});
  d.set("css_url", m.config.base_path + "assets/style.css");
  d.set("favicon_url", m.config.base_path + "assets/favicon.svg");
  d.set("canonical", absolute_url(m.config, canonical_path));
  d.set("subscribe_url", m.config.newsletter.subscribe_url);
  d.set("privacy_url", m.config.newsletter.subscribe_url + "#how-we-use-email");
  d.set("og_locale", loc.og_locale());
  return d;
}

ViewList list_items(const SiteModel& m, const Locale& loc, const std::vector<Listed>& items) {
  ViewList list;
  for (const auto& l : items) {
    const FrontMatter& fm = l.meta();
    ViewData item;
    item.set("href", article_path(m.config, l.page_lang, l.section(), l.slug()));
    item.set("title", fm.title ? fm.title->value : l.slug());
    item.set("summary", fm.summary ? fm.summary->value : "");
    item.set("section_url", section_path(m.config, loc.code(), l.section()));
    const std::string section = section_title(m, loc, l.section());
    item.set("section_title", section);
    // Set even where there is none (false): Mustache would find the page's
    // own type_label instead, and show it on this item.
    const std::string type = type_label_beside(loc, fm.type, section);
    item.set("type_label",
             type.empty() ? kainjow::mustache::data(false) : kainjow::mustache::data(type));
    item.set("date", fm.date ? loc.format_date(fm.date->value) : "");
    item.set("date_iso", fm.date ? iso_date(fm.date->value) : "");
    if (l.page_lang != loc.code()) {
      item.set("other_lang", l.page_lang);
      item.set("other_dir", m.has_locale(l.page_lang) ? m.dir_of(l.page_lang) : "auto");
    }
    list.push_back(std::move(item));
  }
  return list;
}

void set_language_links(ViewData& d, const SiteModel& m, const Locale& loc,
                        const std::function<std::string(const std::string&)>& path_of,
                        const std::string& x_default) {
  ViewList alternates;
  ViewList switcher;
  ViewList og_alts;
  for (const auto& l : m.config.languages) {
    if (!m.has_locale(l.code)) continue;
    alternates.push_back(
        mustache::object{{"hreflang", l.code}, {"href", absolute_url(m.config, path_of(l.code))}});
    switcher.push_back(mustache::object{{"code", l.code},
                                        {"name", l.name},
                                        {"href", path_of(l.code)},
                                        {"current", mustache::data(l.code == loc.code())}});
    if (l.code != loc.code()) og_alts.push_back(m.og_locale_of(l.code));
  }
  alternates.push_back(mustache::object{{"hreflang", "x-default"}, {"href", x_default}});
  d.set("alternates", std::move(alternates));
  d.set("languages", std::move(switcher));
  d.set("og_locale_alternates", std::move(og_alts));
}

std::string price_text(const Locale& loc, const Price& p) {
  if (p.amount == 0) return loc.tr("Free");
  const std::string money = loc.format_currency(p.amount, p.currency);
  if (p.period == "month") return loc.tr_fill("{price} per month", {{"price", money}});
  if (p.period == "year") return loc.tr_fill("{price} per year", {{"price", money}});
  if (p.period == "usage") return loc.tr_fill("{price} per use", {{"price", money}});
  return loc.tr_fill("{price}, one-time", {{"price", money}});
}

std::string render_article_page(const SiteModel& m, const Bundle& b, const Article& a,
                                const Locale& loc, DiagnosticSink& sink) {
  const FrontMatter& fm = a.meta;
  const std::string path = article_path(m.config, a.lang, b.section, b.slug);
  ViewData d = common_data(m, loc, path);
  const std::string title = fm.title ? fm.title->value : b.slug;
  d.set("page_title", title + " | " + m.config.name);
  d.set("og_title", title);
  d.set("og_type", "article");
  d.set("description", fm.summary ? fm.summary->value : "");
  d.set("alternates", bundle_alternates(m, b));
  set_page_languages(d, m, b, a);
  // Raw values never hold a noncharacter: one could pass for a mark of
  // context_escape.h.
  d.set("json_ld", drop_refused_in_markup(json_ld(m, b, a, absolute_url(m.config, path))));
  d.set("section_url", section_path(m.config, a.lang, b.section));
  const std::string section = section_title(m, loc, b.section);
  d.set("section_title", section);
  const std::string type = type_label_beside(loc, fm.type, section);
  if (!type.empty()) d.set("type_label", type);
  d.set("date", fm.date ? loc.format_date(fm.date->value) : "");
  d.set("date_iso", fm.date ? iso_date(fm.date->value) : "");
  if (fm.updated) {
    d.set("updated", loc.tr_fill("Updated {date}", {{"date", loc.format_date(fm.updated->value)}}));
    d.set("updated_iso", iso_date(fm.updated->value));
  }
  d.set("title", title);
  d.set("summary", fm.summary ? fm.summary->value : "");
  set_cover_tags_extra(d, m, a, path);
  d.set("has_byline", mustache::data(!fm.authors.empty()));
  if (!fm.authors.empty()) d.set("byline", byline_parts(loc, fm.authors));
  d.set("body_html", drop_refused_in_markup(checked_body_html(m, a, loc, sink)));
  if (fm.verdict) d.set("verdict", fm.verdict->value);

  ViewList related = related_groups(m, a, loc);
  d.set("has_related", mustache::data(related.size() > 0));
  d.set("related", std::move(related));

  d.set("has_sources", mustache::data(!fm.sources.empty()));
  d.set("sources", source_parts(loc, fm));
  d.set("sources_label", loc.tr_n("Source:", "Sources:", static_cast<long>(fm.sources.size())));

  if (fm.type && fm.type->value == ArticleType::review && (fm.rating || fm.price || fm.product)) {
    ViewData review;
    if (fm.product) {
      review.set("product_name", fm.product->name);
      review.set("product_url", fm.product->url);
    }
    if (fm.rating)
      review.set("rating",
                 loc.tr_fill("{rating} out of {max}",
                             {{"rating", loc.format_skeleton(fm.rating->value, ".#").value_or("")},
                              {"max", loc.format_integer(5)}}));
    if (fm.price) review.set("price", price_text(loc, *fm.price));
    if (fm.checked) {
      review.set("checked",
                 loc.tr_fill("Checked {date}", {{"date", loc.format_date(fm.checked->value)}}));
      review.set("checked_iso", iso_date(fm.checked->value));
    }
    d.set("review", std::move(review));
  }

  const std::vector<Listed> others = m.latest(a.lang, 5, &b);
  d.set("has_items", mustache::data(!others.empty()));
  d.set("items", list_items(m, loc, others));
  d.set("item_heading", "h3");  // under the list's own h2
  return m.render_template("article", d, loc, sink);
}

std::string render_home_page(const SiteModel& m, const Locale& loc, DiagnosticSink& sink) {
  const std::string path = home_path(m.config, loc.code());
  ViewData d = common_data(m, loc, path);
  d.set("page_title", m.config.name);
  d.set("og_title", m.config.name);
  d.set("og_type", "website");
  d.set("description", m.config.description.empty() ? m.config.name : loc.tr(m.config.description));
  set_language_links(
      d, m, loc, [&](const std::string& lang) { return home_path(m.config, lang); },
      m.config.base_url);
  ViewList sections;
  for (const auto& s : m.config.sections)
    sections.push_back(mustache::object{{"href", section_path(m.config, loc.code(), s.id)},
                                        {"title", loc.tr(s.title)}});
  d.set("sections", std::move(sections));
  d.set("items", list_items(m, loc, m.latest(loc.code(), kHomeArticles, nullptr)));
  d.set("item_heading", "h2");  // right under the page's h1
  return m.render_template("home", d, loc, sink);
}

std::string render_chooser_page(const SiteModel& m, DiagnosticSink& sink) {
  const Locale& def = m.locale(m.config.default_language);
  ViewData d = common_data(m, def, m.config.base_path);
  d.set("page_title", m.config.name);
  d.set("og_title", m.config.name);
  d.set("og_type", "website");
  d.set("description", def.tr("Choose your language"));
  d.set("canonical", m.config.base_url);
  ViewList alternates;
  ViewList choices;
  for (const auto& l : m.config.languages) {
    if (!m.has_locale(l.code)) continue;
    const Locale& loc = m.locale(l.code);
    alternates.push_back(mustache::object{
        {"hreflang", l.code}, {"href", absolute_url(m.config, home_path(m.config, l.code))}});
    choices.push_back(mustache::object{{"code", l.code},
                                       {"dir", loc.dir()},
                                       {"name", l.name},
                                       {"label", loc.tr("Choose your language")},
                                       {"href", home_path(m.config, l.code)}});
  }
  alternates.push_back(mustache::object{{"hreflang", "x-default"}, {"href", m.config.base_url}});
  d.set("alternates", std::move(alternates));
  d.set("choices", std::move(choices));
  d.set("og_locale_alternates", ViewList{});
  return m.render_template("chooser", d, def, sink);
}

std::string render_not_found_page(const SiteModel& m, const Locale& loc, bool root,
                                  DiagnosticSink& sink) {
  // The root one (404.html, for hosts that answer every missing path with it)
  // and one per language (<lang>/404.html): never indexed, never canonical
  // for anything else.
  auto path_of = [&](const std::string& lang) { return home_path(m.config, lang) + "404.html"; };
  const std::string path = root ? m.config.base_path + "404.html" : path_of(loc.code());
  ViewData d = common_data(m, loc, path);
  const std::string title = loc.tr("Page not found");
  d.set("page_title", title + " | " + m.config.name);
  d.set("og_title", title);
  d.set("og_type", "website");
  d.set("description", title);
  d.set("noindex", mustache::data(true));
  set_language_links(d, m, loc, path_of, absolute_url(m.config, m.config.base_path + "404.html"));
  ViewList sections;
  for (const auto& s : m.config.sections)
    sections.push_back(mustache::object{{"href", section_path(m.config, loc.code(), s.id)},
                                        {"title", loc.tr(s.title)}});
  d.set("sections", std::move(sections));
  return m.render_template("not_found", d, loc, sink);
}

}  // namespace pp
