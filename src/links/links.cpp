#include "links/links.h"

#include <algorithm>
#include <cctype>
#include <optional>

#include "core/text.h"
#include "core/url_scheme.h"

namespace pp {

LinkKind classify_link(const std::string& url) {
  const std::string scheme = link_scheme(url);
  if (scheme == "javascript" || scheme == "vbscript" || scheme == "data")
    return LinkKind::forbidden;
  if (scheme == "http" || scheme == "https") return LinkKind::external;
  if (scheme == "mailto") return LinkKind::mail;
  if (!scheme.empty()) return LinkKind::scheme;
  if (!url.empty() && url[0] == '#') return LinkKind::fragment;
  if (!url.empty() && url[0] == '/')
    return parse_internal_link(url) ? LinkKind::internal : LinkKind::site;
  return LinkKind::local;
}

std::string link_scheme(const std::string& url) {
  if (url.rfind("//", 0) == 0) return "https";
  return url_scheme(url);
}

bool scheme_allowed(const SiteConfig& config, const std::string& url) {
  if (classify_link(url) == LinkKind::forbidden) return false;
  const std::string scheme = link_scheme(url);
  return scheme.empty() || std::find(config.links.schemes.begin(), config.links.schemes.end(),
                                     scheme) != config.links.schemes.end();
}

std::string external_url(const std::string& url) {
  return url.rfind("//", 0) == 0 ? "https:" + url : url;
}

std::string local_file_of(const std::string& url) {
  std::string file = percent_decode(url.substr(0, url.find_first_of("?#")));
  while (file.rfind("./", 0) == 0) file.erase(0, 2);
  return file;
}

std::optional<InternalLink> parse_internal_link(const std::string& url) {
  // "/section/slug[/][#anchor]" scanned by hand, in one pass: the anchor is
  // untrusted text of any length (std::regex recursed once per character).
  const auto hash = url.find('#');
  std::string_view path = std::string_view(url).substr(0, hash);
  if (!path.starts_with('/')) return std::nullopt;
  path.remove_prefix(1);
  if (path.ends_with('/')) path.remove_suffix(1);
  const auto slash = path.find('/');
  if (slash == std::string_view::npos || !is_slug(path.substr(0, slash)) ||
      !is_slug(path.substr(slash + 1)))
    return std::nullopt;
  const std::string anchor = hash == std::string::npos ? "" : url.substr(hash + 1);
  // The anchor may hold anything but a line break, as before.
  if (anchor.find_first_of("\r\n") != std::string::npos) return std::nullopt;
  return InternalLink{
      std::string(path.substr(0, slash)) + "/" + std::string(path.substr(slash + 1)),
      percent_decode(anchor)};
}

LinkTarget resolve_internal_link(const Corpus& corpus, const InternalLink& link,
                                 const std::string& lang) {
  LinkTarget t;
  t.bundle = corpus.find(link.bundle_id);
  if (!t.bundle) return t;
  auto it = t.bundle->articles.find(lang);
  if (it != t.bundle->articles.end()) {
    t.article = &it->second;
    t.lang = lang;
  } else {
    t.article = t.bundle->source();
    t.lang = t.bundle->source_lang;
    t.untranslated = true;
  }
  if (!link.anchor.empty()) {
    t.anchor_found = t.article && std::count(t.article->heading_ids.begin(),
                                             t.article->heading_ids.end(), link.anchor) > 0;
  }
  return t;
}

namespace {

// What a build with every option publishes: everything.
const Publishing kEverything{true, true, true, std::nullopt};

std::string scheme_list(const SiteConfig& config) {
  std::string out;
  for (const auto& s : config.links.schemes) out += (out.empty() ? "" : ", ") + s;
  return out.empty() ? "none" : out;
}

// A link from a published article to one a build does not publish leads to
// a page it does not write.
// `lead` says what names it: "link to 'news/x' (en)".
void check_published(const SiteConfig& config, const Article& target, const std::string& lead,
                     const Publishing& publishing, const SourceLocation& where,
                     DiagnosticSink& sink) {
  const std::string why = unpublished_because(target, config.time_zone, publishing);
  if (!why.empty())
    sink.error(where, "link/unpublished", lead + ", which this build does not publish: it " + why);
}

void check_bundle_link(const SiteConfig& config, const Corpus& corpus, const Article& a,
                       const BodyLink& l, const Publishing& publishing, DiagnosticSink& sink) {
  const auto link = *parse_internal_link(l.url);
  const LinkTarget t = resolve_internal_link(corpus, link, a.lang);
  if (!t.bundle) {
    sink.error(l.where, "link/unknown-bundle", "link to unknown bundle '" + link.bundle_id + "'");
    return;
  }
  if (t.untranslated)
    sink.warning(
        l.where, "link/untranslated",
        "'" + link.bundle_id + "' has no '" + a.lang + "' translation; linked in '" + t.lang + "'");
  if (!t.anchor_found)
    sink.error(l.where, "link/anchor",
               "'" + link.bundle_id + "' (" + t.lang + ") has no heading or anchor with id '" +
                   quote_for_message(link.anchor, 100) + "'");
  if (t.article)
    check_published(config, *t.article, "link to '" + link.bundle_id + "' (" + t.lang + ")",
                    publishing, l.where, sink);
}

constexpr const char* kExpectedTarget =
    "expected a URL, a path of the site (/, /<lang>/<section>/, /assets/<file>) or a file of "
    "the bundle";

void check_local_link(const Bundle& b, const BodyLink& l, DiagnosticSink& sink) {
  if (l.url.empty()) {
    sink.error(l.where, "link/local", std::string("empty link target; ") + kExpectedTarget);
    return;
  }
  if (l.url[0] == '?') {
    sink.error(
        l.where, "link/local",
        "link target \"" + quote_for_message(l.url, 40) + "\" is only a query; " + kExpectedTarget);
    return;
  }
  const std::string file = local_file_of(l.url);
  bool leaves = false;
  for (std::size_t start = 0; start <= file.size();) {
    const std::size_t end = std::min(file.find('/', start), file.size());
    const std::string_view segment = std::string_view(file).substr(start, end - start);
    if (segment == ".." || (segment.empty() && !file.empty())) leaves = true;
    start = end + 1;
  }
  if (leaves) {
    sink.error(l.where, "link/local",
               "link to \"" + l.url + "\" leaves the bundle; link bundle files by name");
  } else if (file.empty()) {
    sink.error(
        l.where, "link/local",
        "link target \"" + quote_for_message(l.url, 40) + "\" names no file; " + kExpectedTarget);
  } else if (std::find(b.unpublished.begin(), b.unpublished.end(), file) != b.unpublished.end()) {
    sink.error(l.where, "link/local",
               "'" + file + "' in bundle '" + b.id() +
                   "' is not published (its bundle/stray-file warning says why): the link would "
                   "lead nowhere");
  } else if (std::find(b.assets.begin(), b.assets.end(), file) == b.assets.end()) {
    sink.error(l.where, "link/local", "no file '" + file + "' in bundle '" + b.id() + "'");
  }
}

// A page lists a related bundle in its language, else in its source's: when
// a build publishes neither, the page lists nothing where `r` names it.
void check_related_published(const SiteConfig& config, const Bundle& rb, const std::string& lang,
                             const Located<std::string>& r, const Publishing& publishing,
                             DiagnosticSink& sink) {
  const auto it = rb.articles.find(lang);
  const Article* shown = it != rb.articles.end() ? &it->second : rb.source();
  const Article* source = rb.source();
  if (!shown) return;
  if (shown != source && source &&
      unpublished_because(*source, config.time_zone, publishing).empty())
    return;  // its translation is held back: the page lists the source's
  check_published(
      config, *shown,
      "'related' names '" + r.value + "' (" + (shown == source ? rb.source_lang : lang) + ")",
      publishing, r.where, sink);
}

// The site path of an absolute link to one of the site's own articles
// ("https://site.example/en/news/x/#a" → "/en/news/x/#a": by http, https or
// protocol-relative "//", the host in any case, under base_url's path as
// written); nullopt for anything else, which stays external: the site's
// domain may serve pages polypress does not write.
std::optional<std::string> own_article_path(const SiteConfig& config, const std::string& url) {
  const auto scheme_end = config.base_url.find("://");
  if (scheme_end == std::string::npos) return std::nullopt;
  const std::size_t host_at = scheme_end + 3;
  const std::string host =
      config.base_url.substr(host_at, config.base_url.find('/', host_at) - host_at);
  const auto same_text = [](std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
             return std::tolower(static_cast<unsigned char>(x)) ==
                    std::tolower(static_cast<unsigned char>(y));
           });
  };
  std::string_view rest = url;
  if (same_text(rest.substr(0, 8), "https://"))
    rest.remove_prefix(8);
  else if (same_text(rest.substr(0, 7), "http://"))
    rest.remove_prefix(7);
  else if (rest.starts_with("//"))
    rest.remove_prefix(2);
  else
    return std::nullopt;
  if (!same_text(rest.substr(0, host.size()), host)) return std::nullopt;
  rest.remove_prefix(host.size());
  if (!rest.starts_with(config.base_path)) return std::nullopt;  // a path is case-sensitive
  rest.remove_prefix(config.base_path.size());
  // <lang>/<section>/<slug>[/][#anchor]: three segments, a language and a section first.
  const std::string path(rest.substr(0, rest.find_first_of("?#")));
  const auto first = path.find('/');
  const auto second = first == std::string::npos ? first : path.find('/', first + 1);
  if (second == std::string::npos || path.find('/', second + 1) < path.size() - 1 ||
      !config.language(path.substr(0, first)) ||
      !config.section(path.substr(first + 1, second - first - 1)))
    return std::nullopt;
  return "/" + std::string(rest);
}

// A link to one of the site's own pages, as a root-relative path or an
// absolute URL under base_url: the page must be one the build writes.
void check_own_page_link(const SiteConfig& config, const Corpus& corpus, const BodyLink& l,
                         const std::string& path, const Publishing& publishing,
                         DiagnosticSink& sink) {
  const SitePathProblem p = check_site_path(config, corpus, path, l.url);
  if (!p.rule.empty()) {
    sink.error(l.where, p.rule, p.message);
  } else if (p.article) {
    check_published(config, *p.article, "link to \"" + quote_for_message(l.url, 60) + "\"",
                    publishing, l.where, sink);
  }
}

void check_body_link(const SiteConfig& config, const Corpus& corpus, const Bundle& b,
                     const Article& a, const BodyLink& l, const Publishing& publishing,
                     DiagnosticSink& sink) {
  const LinkKind kind = classify_link(l.url);
  if (kind == LinkKind::forbidden) {
    sink.error(l.where, "link/scheme",
               "link target uses a forbidden scheme: \"" + quote_for_message(l.url, 40) + "\"");
  } else if (!scheme_allowed(config, l.url)) {
    std::string message = "link scheme '" + quote_for_message(link_scheme(l.url), 40) +
                          ":' is not in links.schemes (" + scheme_list(config) + "): \"" +
                          quote_for_message(l.url, 60) + "\"";
    // RFC 1738's <URL:…> wrapping reads as a link with the scheme "URL".
    const std::string_view inner = std::string_view(l.url).substr(4);
    if (link_scheme(l.url) == "url" && !link_scheme(std::string(inner)).empty())
      message += "; write <" + quote_for_message(std::string(inner), 60) + ">";
    sink.error(l.where, "link/scheme", message);
  } else if (kind == LinkKind::internal && is_bundle_path(config, l.url)) {
    check_bundle_link(config, corpus, a, l, publishing, sink);
  } else if (kind == LinkKind::internal || kind == LinkKind::site) {
    check_own_page_link(config, corpus, l, l.url, publishing, sink);
  } else if (const auto own =
                 kind == LinkKind::external ? own_article_path(config, l.url) : std::nullopt) {
    check_own_page_link(config, corpus, l, *own, publishing, sink);
  } else if (kind == LinkKind::fragment) {
    const std::string anchor = percent_decode(l.url.substr(1));
    if (!anchor.empty() && std::count(a.heading_ids.begin(), a.heading_ids.end(), anchor) == 0)
      sink.error(
          l.where, "link/anchor",
          "this page has no heading or anchor with id '" + quote_for_message(anchor, 100) + "'");
  } else if (kind == LinkKind::local) {
    check_local_link(b, l, sink);
  }
}

}  // namespace

void check_links(const SiteConfig& config, const Corpus& corpus, DiagnosticSink& sink,
                 const Publishing& publishing) {
  for (const auto& b : corpus.bundles) check_bundle_links(config, corpus, b, sink, publishing);
}

void check_bundle_links(const SiteConfig& config, const Corpus& corpus, const Bundle& b,
                        DiagnosticSink& sink, const Publishing& publishing) {
  for (const auto& [lang, a] : b.articles) {
    // What is not published links nowhere the readers see (its own links to
    // other unpublished articles are fine); everything else is checked.
    const Publishing& judged =
        unpublished_because(a, config.time_zone, publishing).empty() ? publishing : kEverything;
    for (const auto& l : a.links) check_body_link(config, corpus, b, a, l, judged, sink);
    for (const auto& r : a.own.related) {
      const Bundle* rb = corpus.find(r.value);
      if (r.value == b.id())
        sink.error(r.where, "link/related", "'related' names the bundle itself");
      else if (!rb)
        sink.error(r.where, "link/related", "'related' names unknown bundle '" + r.value + "'");
      else
        check_related_published(config, *rb, lang, r, judged, sink);
    }
  }
}

}  // namespace pp
