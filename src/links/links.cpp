#include "links/links.h"

#include <algorithm>
#include <cctype>

#include "core/text.h"

namespace pp {

namespace {

std::string lower_scheme(const std::string& url) {
  // Browsers ignore ASCII whitespace and control characters in a scheme
  // ("java\tscript:"), so the check must too.
  std::string s;
  for (char c : url) {
    if (c == ':') return s;
    if (static_cast<unsigned char>(c) <= 0x20) continue;
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '+' && c != '-' && c != '.') return "";
    s += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return "";
}

}  // namespace

LinkKind classify_link(const std::string& url) {
  const std::string scheme = lower_scheme(url);
  if (scheme == "javascript" || scheme == "vbscript" || scheme == "data")
    return LinkKind::forbidden;
  if (scheme == "http" || scheme == "https") return LinkKind::external;
  if (scheme == "mailto") return LinkKind::mail;
  if (!scheme.empty()) return LinkKind::other;
  if (url.rfind("//", 0) == 0) return LinkKind::other;
  if (!url.empty() && url[0] == '#') return LinkKind::fragment;
  if (!url.empty() && url[0] == '/')
    return parse_internal_link(url) ? LinkKind::internal : LinkKind::other;
  return LinkKind::local;
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

void check_body_link(const Corpus& corpus, const Bundle& b, const Article& a, const BodyLink& l,
                     DiagnosticSink& sink) {
  switch (classify_link(l.url)) {
    case LinkKind::forbidden:
      sink.error(l.where, "link/scheme",
                 "link target uses a forbidden scheme: \"" + quote_for_message(l.url, 40) + "\"");
      return;
    case LinkKind::internal: {
      const auto link = *parse_internal_link(l.url);
      const LinkTarget t = resolve_internal_link(corpus, link, a.lang);
      if (!t.bundle) {
        sink.error(l.where, "link/unknown-bundle",
                   "link to unknown bundle '" + link.bundle_id + "'");
        return;
      }
      if (t.untranslated)
        sink.warning(l.where, "link/untranslated",
                     "'" + link.bundle_id + "' has no '" + a.lang + "' translation; linked in '" +
                         t.lang + "'");
      if (!t.anchor_found)
        sink.error(l.where, "link/anchor",
                   "'" + link.bundle_id + "' (" + t.lang + ") has no heading with id '" +
                       quote_for_message(link.anchor, 100) + "'");
      return;
    }
    case LinkKind::fragment: {
      const std::string anchor = percent_decode(l.url.substr(1));
      if (!anchor.empty() && std::count(a.heading_ids.begin(), a.heading_ids.end(), anchor) == 0)
        sink.error(l.where, "link/anchor",
                   "this page has no heading with id '" + quote_for_message(anchor, 100) + "'");
      return;
    }
    case LinkKind::local: {
      std::string file = l.url.substr(0, l.url.find_first_of("?#"));
      file = percent_decode(file);
      if (file.find("..") != std::string::npos || file.find('/') != std::string::npos) {
        sink.error(l.where, "link/local",
                   "link to \"" + l.url + "\" leaves the bundle; link bundle files by name");
        return;
      }
      if (std::find(b.assets.begin(), b.assets.end(), file) == b.assets.end())
        sink.error(l.where, "link/local", "no file '" + file + "' in bundle '" + b.id() + "'");
      return;
    }
    case LinkKind::other:
      if (!l.url.empty() && l.url[0] == '/')
        sink.error(l.where, "link/unknown-bundle",
                   "absolute path \"" + l.url + "\" is not a bundle path /section/slug");
      return;
    case LinkKind::external:
    case LinkKind::mail:
      return;
  }
}

}  // namespace

void check_links(const SiteConfig& config, const Corpus& corpus, DiagnosticSink& sink) {
  (void)config;
  for (const auto& b : corpus.bundles) {
    for (const auto& [lang, a] : b.articles) {
      for (const auto& l : a.links) check_body_link(corpus, b, a, l, sink);
      for (const auto& r : a.own.related) {
        if (r.value == b.id())
          sink.error(r.where, "link/related", "'related' names the bundle itself");
        else if (!corpus.find(r.value))
          sink.error(r.where, "link/related", "'related' names unknown bundle '" + r.value + "'");
      }
    }
  }
}

}  // namespace pp
