// What each template is given (docs/templates.md). A unit test renders whole
// sites and fails when a view's keys and this table differ, in either direction.
#include "render/render.h"

namespace pp {

namespace {

// The variables every HTML page has (the head, header, newsletter and footer
// partials use them), listed once under "page".
constexpr TemplateVariable kVariables[] = {
    {"page", "lang", "the page's language code (`ko`), for `<html lang>`"},
    {"page", "dir", "`ltr` or `rtl`, for `<html dir>`"},
    {"page", "site_name", "`site.name`"},
    {"page", "page_title", "the `<title>`: the page's title and the site's name"},
    {"page", "og_title", "the title for Open Graph"},
    {"page", "og_type", "`article` or `website`"},
    {"page", "description", "the summary, the section's title or the site's description"},
    {"page", "canonical", "the page's absolute URL"},
    {"page", "og_locale", "the Open Graph locale (`ko_KR`)"},
    {"page", "og_locale_alternates", "the Open Graph locales of the other languages (`{{.}}`)"},
    {"page", "alternates", "hreflang alternates of the page, `x-default` last"},
    {"page", "alternates[].hreflang", "a language code, or `x-default`"},
    {"page", "alternates[].href", "the alternate's absolute URL"},
    {"page", "languages", "the language switcher, in site.yaml's order"},
    {"page", "languages[].code", "the language's code"},
    {"page", "languages[].name", "the language's own name"},
    {"page", "languages[].href", "the same page in that language"},
    {"page", "languages[].current", "true for the page's own language"},
    {"page", "home_url", "the home page of the page's language"},
    {"page", "feed_url", "the Atom feed of the page's language (of the tag, on a tag's page)"},
    {"page", "feed_title", "that feed's title: the site's name, or the tag's and the site's"},
    {"page", "noindex", "true where search engines are asked not to index the page (404 pages)"},
    {"page", "base_path",
     "the base URL's path (`/`, `/blog/`), for links written by hand: "
     "`{{base_path}}about/`"},
    {"page", "og_images", "Open Graph images: the article's cover, else `site.image`"},
    {"page", "twitter_card", "`summary_large_image` with an image to share, else `summary`"},
    {"page", "rel_links", "`<link rel=prev/next>` of a list's page (`paginate`); empty elsewhere"},
    {"page", "css_url", "`assets/style.css` under the base path"},
    {"page", "favicon_url", "`assets/favicon.svg` under the base path"},
    {"page", "subscribe_url", "`newsletter.subscribe_url`, the form's target"},
    {"page", "privacy_url", "the subscribe page's `#how-we-use-email` part"},

    {"article", "title", "the article's title"},
    {"article", "summary", "the dek"},
    {"article", "section_url", "the section page in this language"},
    {"article", "section_title", "the section's title, translated"},
    {"article", "type_label", "News, Review or Analysis, when it differs from the section title"},
    {"article", "date", "the date, formatted for the language"},
    {"article", "date_iso", "the date as `YYYY-MM-DD`, for `<time datetime>`"},
    {"article", "updated", "\"Updated {date}\", when the article was updated"},
    {"article", "updated_iso", "the update's date as `YYYY-MM-DD`"},
    {"article", "cover", "the cover image, when the article has one"},
    {"article", "cover.src", "its address on the site (the bundle's file beside the page)"},
    {"article", "cover.url", "its absolute URL"},
    {"article", "cover.alt", "what it shows, in the page's language"},
    {"article", "og_images[].url", "the cover's absolute URL, for og:image"},
    {"article", "og_images[].alt", "its text, for og:image:alt"},
    {"article", "extra", "front matter `extra`: `{{extra.NAME}}`, lists and maps as written"},
    {"article", "has_tags", "true when the article has tags"},
    {"article", "tags", "its tags, as written"},
    {"article", "tags[].name", "a tag"},
    {"article", "tags[].href", "the tag's page in this language"},
    {"article", "has_byline", "true when the article names authors"},
    {"article", "byline", "\"By A, B and C\" in parts: text, and names to isolate in `<bdi>`"},
    {"article", "byline[].text", "words around the names"},
    {"article", "byline[].name", "one author's name"},
    {"article", "body_html", "the body as HTML (the only raw value with `json_ld`)"},
    {"article", "json_ld", "schema.org JSON-LD, safe inside `<script>`"},
    {"article", "verdict", "the verdict, when the article has one"},
    {"article", "has_related", "true when there are related articles"},
    {"article", "related", "related articles, one group per type"},
    {"article", "related[].kind", "`news`, `review` or `analysis`"},
    {"article", "related[].label", "the group's label, with its plural form"},
    {"article", "related[].items", "the group's articles"},
    {"article", "related[].items[].href", "the related article's page"},
    {"article", "related[].items[].title", "its title"},
    {"article", "related[].items[].other_lang", "its language, when not the page's"},
    {"article", "related[].items[].other_dir", "that language's direction"},
    {"article", "has_sources", "true when the article cites sources"},
    {"article", "sources_label", "\"Source:\" or \"Sources:\""},
    {"article", "sources", "the sources as the language lists them: text between, sources"},
    {"article", "sources[].text", "the words between sources (\", \", \" and \")"},
    {"article", "sources[].publisher", "a source's publisher"},
    {"article", "sources[].url", "a source's URL"},
    {"article", "sources[].title", "a source's title"},
    {"article", "review", "a review's facts, for reviews"},
    {"article", "review.product_name", "the product's name"},
    {"article", "review.product_url", "the product's URL"},
    {"article", "review.rating", "\"4 out of 5\", formatted"},
    {"article", "review.price", "the price with its period, formatted"},
    {"article", "review.checked", "\"Checked {date}\""},
    {"article", "review.checked_iso", "that date as `YYYY-MM-DD`"},
    {"article", "has_items", "true when there are other articles to list"},
    {"article", "items", "the latest other articles (the `article_list` partial)"},
    {"article", "item_heading", "the list's heading element (`h2` or `h3`)"},

    {"list", "items[].href", "the article's page"},
    {"list", "items[].title", "its title"},
    {"list", "items[].summary", "its dek"},
    {"list", "items[].section_url", "its section page"},
    {"list", "items[].section_title", "its section's title"},
    {"list", "items[].type_label", "its type, when it differs from the section title (else false)"},
    {"list", "items[].date", "its date, formatted"},
    {"list", "items[].date_iso", "its date as `YYYY-MM-DD`"},
    {"list", "items[].other_lang", "its language, when not the page's (a fallback)"},
    {"list", "items[].other_dir", "that language's direction"},

    {"home", "sections", "the sections, in site.yaml's order"},
    {"home", "sections[].href", "the section's page"},
    {"home", "sections[].title", "its title, translated"},
    {"home", "items", "the latest articles (the `article_list` partial)"},
    {"home", "item_heading", "`h2`"},

    {"section", "section_title", "the section's title, translated"},
    {"section", "count_text", "\"12 articles\", with its plural form"},
    {"section", "items", "the section's articles (the `article_list` partial)"},
    {"section", "item_heading", "`h2`"},
    {"section", "rel_links[].rel", "`prev` or `next`"},
    {"section", "rel_links[].href", "that page's absolute URL"},
    {"section", "pagination",
     "the pager (the `pagination` partial): empty when the list has one page"},
    {"section", "pagination[].status", "\"Page 2 of 5\", the numbers formatted for the language"},
    {"section", "pagination[].prev", "the previous page, unless this is the first"},
    {"section", "pagination[].prev.href", "its address"},
    {"section", "pagination[].next", "the next page, unless this is the last"},
    {"section", "pagination[].next.href", "its address"},

    {"not-found", "sections", "the sections, in site.yaml's order"},
    {"not-found", "sections[].href", "the section's page"},
    {"not-found", "sections[].title", "its title, translated"},

    {"tag", "tag", "the tag, as written in front matter"},
    {"tag", "tag_title", "\"Articles tagged {tag}\""},
    {"tag", "count_text", "\"3 articles\", with its plural form"},
    {"tag", "items", "the tag's articles (the `article_list` partial)"},
    {"tag", "item_heading", "`h2`"},
    {"tag", "rel_links[].rel", "`prev` or `next`"},
    {"tag", "rel_links[].href", "that page's absolute URL"},
    {"tag", "pagination", "the pager (the `pagination` partial): empty when the list has one page"},
    {"tag", "pagination[].status", "\"Page 2 of 5\", the numbers formatted for the language"},
    {"tag", "pagination[].prev", "the previous page, unless this is the first"},
    {"tag", "pagination[].prev.href", "its address"},
    {"tag", "pagination[].next", "the next page, unless this is the last"},
    {"tag", "pagination[].next.href", "its address"},

    {"chooser", "choices", "one per language"},
    {"chooser", "choices[].code", "the language's code"},
    {"chooser", "choices[].dir", "its direction"},
    {"chooser", "choices[].name", "its own name"},
    {"chooser", "choices[].label", "\"Choose your language\" in that language"},
    {"chooser", "choices[].href", "its home page"},

    {"article-email", "lang", "the email's language code"},
    {"article-email", "dir", "`ltr` or `rtl`"},
    {"article-email", "start",
     "`left`, or `right` for `rtl`: where a line starts, for styles (mail clients ignore logical "
     "properties)"},
    {"article-email", "end", "`right`, or `left` for `rtl`: where a line ends"},
    {"article-email", "keep_all", "true for Korean: words are not broken (`word-break: keep-all`)"},
    {"article-email", "subject", "the subject: the article's title"},
    {"article-email", "preheader", "the summary, shown by mail clients after the subject"},
    {"article-email", "site_name", "`site.name`"},
    {"article-email", "postal_address", "`newsletter.address`, when set: the footer's last line"},
    {"article-email", "logo_url",
     "`site.logo`, when set: shown atop the email in place of the name"},
    {"article-email", "has_byline", "true when the article names authors"},
    {"article-email", "byline", "\"By A, B and C\" in parts, as on the page"},
    {"article-email", "byline[].text", "words around the names"},
    {"article-email", "byline[].name", "one author's name"},
    {"article-email", "byline_text", "the byline for the text part, wrapped"},
    {"article-email", "page_url", "the article's page, absolute"},
    {"article-email", "unsubscribe_url", "`newsletter.unsubscribe_url` for the language"},
    {"article-email", "section_title", "the section's title, translated"},
    {"article-email", "type_label", "the type, when it differs from the section title"},
    {"article-email", "date", "the date, formatted"},
    {"article-email", "title", "the title"},
    {"article-email", "title_text", "the title, wrapped for the text part"},
    {"article-email", "summary", "the dek"},
    {"article-email", "summary_text", "the dek, wrapped"},
    {"article-email", "cover", "the cover image, when the article has one"},
    {"article-email", "cover.url", "its absolute URL"},
    {"article-email", "cover.alt", "what it shows"},
    {"article-email", "extra", "front matter `extra`, as on the page"},
    {"article-email", "body_html", "the body as HTML with inline styles"},
    {"article-email", "body_text", "the body as text, links numbered"},
    {"article-email", "verdict", "the verdict"},
    {"article-email", "verdict_text", "\"Verdict: …\", wrapped"},
    {"article-email", "has_sources", "true when the article cites sources"},
    {"article-email", "sources_label", "\"Source:\" or \"Sources:\""},
    {"article-email", "sources", "as on the page"},
    {"article-email", "sources[].text", "the words between sources"},
    {"article-email", "sources[].publisher", "a source's publisher"},
    {"article-email", "sources[].url", "a source's URL"},
    {"article-email", "sources[].title", "a source's title"},
    {"article-email", "sources_text", "the sources line, wrapped"},
    {"article-email", "has_references", "true when the text part numbers links"},
    {"article-email", "references", "the numbered links of the text part"},
    {"article-email", "references[].n", "the number"},
    {"article-email", "references[].url", "the URL"},
    {"article-email", "has_facts", "true for a review with a rating or price"},
    {"article-email", "facts", "a review's facts"},
    {"article-email", "facts[].label", "\"Rating:\", \"Price:\""},
    {"article-email", "facts[].value", "the fact, formatted"},
    {"article-email", "checked", "\"Checked {date}\""},
    {"article-email", "review_text", "the facts, wrapped"},

    {"brief-email", "lang", "the brief's language code"},
    {"brief-email", "dir", "`ltr` or `rtl`"},
    {"brief-email", "start",
     "`left`, or `right` for `rtl`: where a line starts, for styles (mail clients ignore logical "
     "properties)"},
    {"brief-email", "end", "`right`, or `left` for `rtl`: where a line ends"},
    {"brief-email", "keep_all", "true for Korean: words are not broken (`word-break: keep-all`)"},
    {"brief-email", "subject", "\"{site} weekly brief, {week}\""},
    {"brief-email", "preheader", "the first article's title"},
    {"brief-email", "site_name", "`site.name`"},
    {"brief-email", "postal_address", "`newsletter.address`, when set: the footer's last line"},
    {"brief-email", "logo_url", "`site.logo`, when set: shown atop the email in place of the name"},
    {"brief-email", "week", "the week's dates, formatted as an interval"},
    {"brief-email", "home_url", "the language's home page, absolute"},
    {"brief-email", "unsubscribe_url", "`newsletter.unsubscribe_url` for the language"},
    {"brief-email", "has_reviews", "true when the week has reviews"},
    {"brief-email", "reviews", "the week's reviews, verdict first"},
    {"brief-email", "has_others", "true when the week has news or analysis"},
    {"brief-email", "others", "the week's other articles"},
    {"brief-email", "items_text", "every item, numbered, for the text part"},
    {"brief-email", "reviews[].title", "a review's title"},
    {"brief-email", "reviews[].url", "its page, absolute"},
    {"brief-email", "reviews[].type_label", "its type"},
    {"brief-email", "reviews[].date", "its date, formatted"},
    {"brief-email", "reviews[].rating", "\"4 out of 5\""},
    {"brief-email", "reviews[].verdict", "its verdict"},
    {"brief-email", "reviews[].other_lang", "its language, when not the brief's"},
    {"brief-email", "reviews[].other_dir", "that language's direction"},
    {"brief-email", "others[].title", "an article's title"},
    {"brief-email", "others[].url", "its page, absolute"},
    {"brief-email", "others[].type_label", "its type"},
    {"brief-email", "others[].date", "its date, formatted"},
    {"brief-email", "others[].summary", "its dek"},
    {"brief-email", "others[].verdict", "its verdict"},
    {"brief-email", "others[].other_lang", "its language, when not the brief's"},
    {"brief-email", "others[].other_dir", "that language's direction"},
};

}  // namespace

const std::vector<TemplateVariable>& template_variables() {
  static const std::vector<TemplateVariable> all(std::begin(kVariables), std::end(kVariables));
  return all;
}

const std::vector<std::pair<std::string, std::vector<std::string>>>& template_views() {
  static const std::vector<std::pair<std::string, std::vector<std::string>>> views = {
      {"page", {"head", "header", "newsletter", "footer"}},
      {"article", {"article", "article_list"}},
      {"list", {"article_list"}},
      {"home", {"home", "article_list"}},
      {"section", {"section", "article_list", "pagination"}},
      {"tag", {"tag", "article_list", "pagination"}},
      {"chooser", {"chooser"}},
      {"not-found", {"not_found"}},
      {"article-email", {"email/article.html", "email/article.txt"}},
      {"brief-email", {"email/brief.html", "email/brief.txt"}},
  };
  return views;
}

std::string template_variables_markdown() {
  static const std::map<std::string, std::string> intro = {
      {"page",
       "Every page (article, home, section, chooser, not-found) has these; the partials "
       "`head`, `header`, `newsletter` and `footer` use them."},
      {"article", "An article's page, besides the page variables."},
      {"list",
       "Each item of `items` in the `article_list` partial (article, home, section and tag "
       "pages)."},
      {"home", "A language's home page, besides the page variables."},
      {"section",
       "A section's page (`<lang>/<section>/`; with `paginate: N`, N articles a page and the "
       "next ones at `page/2/`, `page/3/`, …), besides the page variables; a later page's "
       "alternates are the languages that have as many pages."},
      {"chooser",
       "The root page that lets a reader choose a language, besides the page "
       "variables."},
      {"tag",
       "A tag's page in one language (`<lang>/tags/<tag>/`, with its feed; paginated as "
       "sections are), besides the page variables; its alternates are the languages that have "
       "the tag (and as many pages of it)."},
      {"not-found",
       "The page of a missing address: `404.html` at the root (in the default language) and "
       "`<lang>/404.html`, besides the page variables."},
      {"article-email", "An article's email: the HTML and the text part get the same view."},
      {"brief-email", "The weekly brief (`polypress edition`), HTML and text part."},
  };
  std::string out;
  for (const auto& [view, templates] : template_views()) {
    out += "### " + view + "\n\n" + intro.at(view) + " Templates:";
    for (std::size_t i = 0; i < templates.size(); ++i)
      out += std::string(i ? "," : "") + " `" + templates[i] + "`";
    out += ".\n\n| variable | holds |\n|---|---|\n";
    for (const auto& v : template_variables())
      if (view == v.view) out += "| `" + std::string(v.key) + "` | " + v.meaning + " |\n";
    out += "\n";
  }
  return out;
}

}  // namespace pp
