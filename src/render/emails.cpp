// Per-article emails: view models → email templates → text and HTML → GMime.

#include <algorithm>
#include <functional>
#include <optional>
#include <utility>

#include "content/html_sanitizer.h"
#include "core/limits.h"
#include "core/markup_text.h"
#include "core/text.h"
#include "core/text_wrap.h"
#include "mail/mail.h"
#include "render/body_cut.h"
#include "render/email_images.h"
#include "render/site_model.h"
#include "render/source_parts.h"
#include "render/start_tags.h"
#include "render/templates.h"
#include "render/urls.h"

namespace pp {

namespace {

constexpr std::size_t kTextWidth = 72;

std::string wrapped(const std::string& text, const Locale& loc, const std::string& prefix = "") {
  std::string out;
  for (const auto& l :
       wrap_text(text, kTextWidth, loc.code(), prefix, std::string(display_width(prefix), ' ')))
    out += l + "\n";
  return out;
}

// Mail clients ignore style sheets; the body's elements get their style
// inline, put after the tag's name whatever attributes follow (a right-to-left
// body's blocks carry dir="auto"). Physical sides, mirrored for a
// right-to-left email: Gmail, Outlook and Yahoo ignore padding-inline-start
// and border-inline-start (caniemail).
std::string inline_styles(const std::string& html, bool rtl) {
  const std::string start = rtl ? "right" : "left";
  const std::vector<std::pair<std::string_view, std::string>> styles = {
      {"p", " style=\"margin:0 0 16px;line-height:1.6;\""},
      {"h2", " style=\"margin:24px 0 12px;font-size:20px;line-height:1.3;\""},
      {"h3", " style=\"margin:20px 0 10px;font-size:17px;line-height:1.3;\""},
      {"ul", " style=\"margin:0 0 16px;padding:0;padding-" + start + ":24px;\""},
      {"ol", " style=\"margin:0 0 16px;padding:0;padding-" + start + ":24px;\""},
      {"blockquote", " style=\"margin:0 0 16px;padding:0 16px;border-" + start +
                         ":3px solid #cccccc;color:#444444;\""},
      {"pre",
       " style=\"margin:0 0 "
       "16px;padding:12px;background-color:#f4f4f4;white-space:pre-wrap;font-size:13px;\""},
      {"a", " style=\"color:#0b57d0;\""},
      // GitHub alerts (render/alerts.h); no other div of the body is one.
      {"div",
       " style=\"margin:0 0 16px;padding:8px 16px 0;border-" + start + ":4px solid #0b57d0;\""},
      {"table", " role=\"table\" style=\"border-collapse:collapse;margin:0 0 16px;\""},
      // A picture fits the column on a phone (a 1,600 px chart made the
      // whole email 1,328 px wide); Outlook for Windows reads its width
      // attribute (fit_email_pictures), the others scale it to the column.
      {"img", " style=\"max-width:100%;border:0;\""},
  };
  return add_to_start_tags(html, [&](std::string_view name, std::string_view attributes) {
    // A wide table scrolls in its box where the client can (render_body_html).
    if (name == "div" && attributes.starts_with(" class=\"table-scroll\""))
      return std::string(" style=\"overflow-x:auto;margin:0 0 16px;\"");
    for (const auto& [tag, style] : styles)
      if (name == tag && (tag != "a" || !attributes.empty()) &&  // <a href=…>
          (tag != "div" || attributes.starts_with(" class=\"alert ")))
        return style;
    return std::string();
  });
}

// Where the body goes in the text part until the template's own lines are
// wrapped (tidy_text): the body is wrapped already, its code lines on purpose
// not, and a quote's lines each keep their "> ".
// (Values are stripped of control characters: the mark is a plain word.)
constexpr std::string_view kBodyTextMark = "polypress-body-text-9c1e4f2b7a";

std::string with_body_text(std::string text, const std::string& body) {
  const auto at = text.find(kBodyTextMark);
  if (at != std::string::npos) text.replace(at, kBodyTextMark.size(), body);
  return text;
}

// The HTML part's size as a mail client decodes it: its lines end in CRLF.
std::size_t decoded_size(const std::string& html) {
  return html.size() + static_cast<std::size_t>(std::count(html.begin(), html.end(), '\n'));
}

// Whether a top-level block shows nothing a reader sees (a raw HTML comment,
// an editor's note): no place for a cut email to end.
bool shows_nothing(cmark_node* block) {
  if (cmark_node_get_type(block) != CMARK_NODE_HTML_BLOCK) return false;
  const char* literal = cmark_node_get_literal(block);
  const std::string raw = literal ? literal : "";
  return raw.find("<img") == std::string::npos &&
         raw_html_visible_text(raw, RawHtmlMode::sanitize).empty();
}

std::string host_of(const std::string& base_url) {
  const auto start = base_url.find("://");
  const auto from = start == std::string::npos ? 0 : start + 3;
  const auto end = base_url.find_first_of("/:", from);
  return base_url.substr(from, end == std::string::npos ? end : end - from);
}

}  // namespace

std::string tidy_text(const std::string& text, const Locale& loc) {
  // Template lines (labels, the footer) are wrapped like the body; runs of
  // blank lines left by empty sections become one.
  std::string out;
  std::size_t from = 0;
  int blank_run = 0;
  while (from < text.size()) {
    auto nl = text.find('\n', from);
    if (nl == std::string::npos) nl = text.size();
    const std::string line = text.substr(from, nl - from);
    from = nl + 1;
    if (line.find_first_not_of(' ') == std::string::npos) {
      if (++blank_run > 1 || out.empty()) continue;
      out += "\n";
      continue;
    }
    blank_run = 0;
    if (display_width(line) <= kTextWidth || line.find("://") != std::string::npos)
      out += line + "\n";
    else
      out += wrapped(line, loc);
  }
  return out;
}

std::string unsubscribe_url(const SiteConfig& config, const std::string& lang) {
  return fill_placeholders(config.newsletter.unsubscribe_url, {{"lang", lang}});
}

void set_email_language(ViewData& d, const Locale& loc) {
  d.set("lang", loc.code());
  // Korean is written with spaces between words, which mail clients break
  // inside without word-break: keep-all (pages have it from the stylesheet).
  d.set("keep_all", loc.keeps_words_whole());
  d.set("dir", loc.dir());
  // Mail clients read physical sides only: where a line starts and ends.
  d.set("start", loc.dir() == "rtl" ? "right" : "left");
  d.set("end", loc.dir() == "rtl" ? "left" : "right");
}

void set_sender(ViewData& d, const SiteConfig& config) {
  if (!config.newsletter.address.empty()) d.set("postal_address", config.newsletter.address);
  if (!config.logo.empty()) d.set("logo_url", config.logo);
}

std::optional<std::string> assemble(const SiteModel& m, const Locale& loc, EmailContent c,
                                    const std::string& where, DiagnosticSink& sink) {
  c.from = m.config.newsletter.from;
  c.time_zone = m.config.time_zone;
  c.language = loc.code();
  c.list_id = m.config.newsletter.list_id;
  c.unsubscribe_https = unsubscribe_url(m.config, loc.code());
  c.unsubscribe_mailto = m.config.newsletter.unsubscribe_mailto;
  if (decoded_size(c.html) > m.config.email_max_bytes)
    sink.error({where, 1, 1}, "email/too-large",
               "the HTML email for '" + loc.code() + "' is " +
                   std::to_string(decoded_size(c.html)) + " bytes, over email.max_bytes (" +
                   std::to_string(m.config.email_max_bytes) +
                   ") even without its body; Gmail clips messages over about 100 KB");
  std::string error;
  auto bytes = assemble_email(c, error);
  if (!bytes) sink.error({where, 1, 1}, "email/header", error);
  return bytes;
}

std::string message_domain(const SiteConfig& config) {
  return host_of(config.base_url);
}

namespace {

// The sources line: "Sources: A [3] and B [4]" in text (numbered in `refs`),
// links in HTML with the same glue. Nothing when the article has no sources.
void set_sources(ViewData& d, const FrontMatter& fm, const Locale& loc, LinkRefs& refs) {
  if (fm.sources.empty()) return;
  std::vector<std::string> items;
  for (const auto& s : fm.sources)
    items.push_back(s.publisher + " [" + std::to_string(refs.number(s.url)) + "]");
  // In HTML, the locale's list glue between the links, as on the page.
  const ViewList sources = source_parts(loc, fm);
  const std::string label = loc.tr_n("Source:", "Sources:", static_cast<long>(fm.sources.size()));
  d.set("has_sources", mustache::data(true));
  d.set("sources_label", label);
  d.set("sources", std::move(sources));
  d.set("sources_text", wrapped(label + " " + loc.format_list(items), loc));
}

// The text part's numbered references: "[1] https://…".
void set_references(ViewData& d, const LinkRefs& refs) {
  ViewList references;
  for (std::size_t i = 0; i < refs.urls.size(); ++i)
    references.push_back(mustache::object{{"n", std::to_string(i + 1)}, {"url", refs.urls[i]}});
  d.set("has_references", mustache::data(!refs.urls.empty()));
  d.set("references", std::move(references));
}

// A review's facts (product, rating, price, checked), as rows and as text.
void set_review_facts(ViewData& d, const FrontMatter& fm, const Locale& loc) {
  if (!fm.type || fm.type->value != ArticleType::review) return;
  std::string text;
  ViewList facts;
  auto fact = [&](const std::string& label, const std::string& value) {
    facts.push_back(mustache::object{{"label", label}, {"value", value}});
    text += wrapped(label + " " + value, loc);
  };
  if (fm.product) fact(loc.tr("Product:"), fm.product->name);
  if (fm.rating)
    fact(loc.tr("Rating:"),
         loc.tr_fill("{rating} out of {max}",
                     {{"rating", loc.format_skeleton(fm.rating->value, ".#").value_or("")},
                      {"max", loc.format_integer(5)}}));
  if (fm.price) fact(loc.tr("Price:"), price_text(loc, *fm.price));
  if (fm.checked) {
    const std::string checked =
        loc.tr_fill("Checked {date}", {{"date", loc.format_date(fm.checked->value)}});
    text += wrapped(checked, loc);
    d.set("checked", checked);
  }
  d.set("has_facts", mustache::data(facts.size() > 0));
  d.set("facts", std::move(facts));
  d.set("review_text", text);
}

// The cover beside the page: its width, and its PNG when it is an SVG.
ViewData cover_view(const SiteModel& m, const Bundle& b, const Cover& cover,
                    const std::string& page_url, DiagnosticSink& sink) {
  const EmailPicture picture =
      email_picture(m, b, cover.src, page_url, sink)
          .value_or(EmailPicture{page_url + percent_encode_path(cover.src), kEmailColumnWidth});
  ViewData d;
  d.set("url", picture.url);
  d.set("width", std::to_string(picture.width));
  d.set("alt", cover.alt);
  return d;
}

/// Renders an email with the whole body (nullopt) or its first blocks and a link to the page.
using EmailRender = std::function<void(std::optional<std::size_t>, DiagnosticSink&)>;

// The email `c`, rendered whole and over email.max_bytes, rendered again
// with the most leading blocks of the body that fit with the link to the
// page, never ending on a heading; warns (email/truncated) at the first block
// left out. When not even the link fits, assemble() reports it.
void cut_to_fit(const SiteModel& m, const Article& a, const Locale& loc, const EmailRender& render,
                EmailContent& c, DiagnosticSink& sink) {
  const std::size_t whole = decoded_size(c.html), limit = m.config.email_max_bytes;
  const std::vector<cmark_node*> blocks = cuttable_blocks(a.doc->root());
  // The whole render reported the templates' findings; a cut one repeats them.
  DiagnosticSink again;
  auto fits = [&](std::size_t keep) {
    render(keep, again);
    return decoded_size(c.html) <= limit;
  };
  // The email grows with every block: the most that fit, by halving.
  if (!fits(0)) return;
  std::size_t keep = 0;
  for (std::size_t lo = 0, hi = blocks.size(); hi - lo > 1;) {
    const std::size_t mid = lo + (hi - lo) / 2;
    (fits(mid) ? lo : hi) = mid;
    keep = lo;
  }
  // Never ending on a heading or a rule, nor on what shows nothing after one.
  while (keep > 0 && (cmark_node_get_type(blocks[keep - 1]) == CMARK_NODE_HEADING ||
                      cmark_node_get_type(blocks[keep - 1]) == CMARK_NODE_THEMATIC_BREAK ||
                      shows_nothing(blocks[keep - 1])))
    --keep;
  render(keep, again);
  if (keep >= blocks.size()) return;
  const int line = a.body_first_line + std::max(cmark_node_get_start_line(blocks[keep]), 1) - 1;
  sink.warning({a.path, line, 1}, "email/truncated",
               "the HTML email for '" + loc.code() + "' would be " + std::to_string(whole) +
                   " bytes, over email.max_bytes (" + std::to_string(limit) +
                   "): it ends before this block (" + std::to_string(keep + 1) + " of " +
                   std::to_string(blocks.size()) + ") with a link to the page");
}

}  // namespace

std::optional<std::string> render_article_email(const SiteModel& m, const Bundle& b,
                                                const Article& a, const Locale& loc,
                                                DiagnosticSink& sink) {
  const FrontMatter& fm = a.meta;
  const std::string page_url =
      absolute_url(m.config, article_path(m.config, a.lang, b.section, b.slug));
  const std::string title = fm.title ? fm.title->value : b.slug;
  const std::string summary = fm.summary ? fm.summary->value : "";
  ViewData d;
  set_email_language(d, loc);
  d.set("subject", title);
  d.set("preheader", summary);
  d.set("site_name", m.config.name);
  d.set("page_url", page_url);
  d.set("unsubscribe_url", unsubscribe_url(m.config, loc.code()));
  set_sender(d, m.config);
  const std::string section = section_title(m, loc, b.section);
  d.set("section_title", section);
  const std::string type = type_label_beside(loc, fm.type, section);
  if (!type.empty()) d.set("type_label", type);
  d.set("date", fm.date ? loc.format_date(fm.date->value) : "");
  d.set("title", title);
  d.set("summary", summary);
  if (fm.cover) d.set("cover", cover_view(m, b, *fm.cover, page_url, sink));
  d.set("extra", extra_view(fm.extra ? fm.extra->value : "{}"));
  d.set("title_text", wrapped(title, loc));
  d.set("summary_text", wrapped(summary, loc));
  d.set("has_byline", mustache::data(!fm.authors.empty()));
  if (!fm.authors.empty()) {
    d.set("byline", byline_parts(loc, fm.authors));
    d.set("byline_text",
          wrapped(loc.tr_fill("By {authors}", {{"authors", loc.format_list(fm.authors)}}), loc));
  }
  const std::string verdict_label = loc.tr("Verdict:");
  if (fm.verdict) {
    d.set("verdict", fm.verdict->value);
    d.set("verdict_text", wrapped(verdict_label + " " + fm.verdict->value, loc));
  }
  set_review_facts(d, fm, loc);
  EmailContent c;
  c.subject = title;
  c.date_epoch_s =
      fm.date ? static_cast<std::int64_t>(date_epoch_ms(fm.date->value, m.config.time_zone) / 1000)
              : 0;
  c.message_id = b.section + "." + b.slug + "." + loc.code() + "@" + message_domain(m.config);
  // The body, whole or its first `keep` blocks and a link to the rest; the
  // text part's references follow its links.
  const EmailRender render = [&](std::optional<std::size_t> keep, DiagnosticSink& s) {
    std::optional<BodyCut> cut;
    if (keep) cut.emplace(a.doc->root(), *keep);
    std::string html = m.body_html(a, loc, page_url);
    LinkRefs refs;
    std::string text = m.body_text(a, loc, page_url, refs, kTextWidth);
    if (keep) {
      const std::string more = loc.tr("Continue reading on the web");
      html += "<p><a href=\"" + html_escape(page_url) + "\">" + html_escape(more) + "</a></p>\n";
      text += "\n" + wrapped(more + ":", loc) + page_url + "\n";
    }
    html = fit_email_pictures(html, m, b, page_url, s);
    d.set("body_html", drop_refused_in_markup(
                           inline_styles(html, loc.dir() == "rtl")));  // no mark (context_escape.h)
    d.set("body_text", std::string(kBodyTextMark));
    set_sources(d, fm, loc, refs);
    set_references(d, refs);
    c.html = m.render_template("email/article.html", d, loc, s);
    c.text = with_body_text(tidy_text(m.render_text_template("email/article.txt", d, loc, s), loc),
                            text);
  };
  render(std::nullopt, sink);
  if (decoded_size(c.html) > m.config.email_max_bytes) cut_to_fit(m, a, loc, render, c, sink);
  return assemble(m, loc, std::move(c), a.path, sink);
}

}  // namespace pp
