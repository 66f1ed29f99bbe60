// Root-relative links to the site's own pages and files (docs/spec.md §4).
#include <algorithm>

#include "core/text.h"
#include "links/links.h"

namespace pp {

namespace {

// "a, b, c" from the ids of `items`.
template <typename T, typename F>
std::string listed(const std::vector<T>& items, F id) {
  std::string out;
  for (const auto& item : items) out += (out.empty() ? "" : ", ") + id(item);
  return out;
}

// The path's segments, percent-decoded ("/en/news/" → en, news); nullopt for
// an empty segment inside ("/en//news").
std::optional<std::vector<std::string>> segments_of(std::string_view path, bool& folder) {
  std::vector<std::string> out;
  path.remove_prefix(1);
  folder = path.empty() || path.ends_with('/');
  if (folder && !path.empty()) path.remove_suffix(1);
  while (!path.empty()) {
    const auto slash = path.find('/');
    const std::string_view segment = path.substr(0, slash);
    if (segment.empty()) return std::nullopt;
    out.push_back(percent_decode(segment));
    path.remove_prefix(slash == std::string_view::npos ? path.size() : slash + 1);
    if (slash != std::string_view::npos && path.empty()) return std::nullopt;
  }
  return out;
}

SitePathProblem unknown(const std::string& url, const std::string& what) {
  return {"link/unknown-bundle", "link to \"" + quote_for_message(url, 60) + "\": " + what};
}

// "/<lang>/<section>/<slug>/[#anchor]": an article of that language.
SitePathProblem check_article_path(const Corpus& corpus, const std::string& url,
                                   const std::string& lang, const std::string& id,
                                   const std::string& anchor) {
  const Bundle* b = corpus.find(id);
  if (!b) return unknown(url, "no bundle '" + id + "'");
  const auto it = b->articles.find(lang);
  if (it == b->articles.end()) {
    std::string langs;
    for (const auto& [code, article] : b->articles) langs += (langs.empty() ? "" : ", ") + code;
    return unknown(url, "'" + id + "' has no '" + lang + "' article (it has: " + langs + ")");
  }
  const auto& ids = it->second.heading_ids;
  if (!anchor.empty() && std::find(ids.begin(), ids.end(), anchor) == ids.end())
    return {"link/anchor", "'" + id + "' (" + lang + ") has no heading or anchor with id '" +
                               quote_for_message(anchor, 100) + "'"};
  return {"", "", &it->second};
}

}  // namespace

bool is_bundle_path(const SiteConfig& config, const std::string& url) {
  if (!parse_internal_link(url)) return false;
  const std::string first = url.substr(1, url.find('/', 1) - 1);
  return config.section(first) || !config.language(first);
}

SitePathProblem check_site_path(const SiteConfig& config, const Corpus& corpus,
                                const std::string& url, const std::string& shown) {
  const std::string& named = shown.empty() ? url : shown;  // what messages quote
  const auto hash = url.find('#');
  const std::string anchor = hash == std::string::npos ? "" : percent_decode(url.substr(hash + 1));
  const std::string_view path = std::string_view(url).substr(0, url.find_first_of("?#"));
  bool folder = false;
  const auto seg = path.starts_with("//") ? std::nullopt : segments_of(path, folder);
  const std::string sections = listed(config.sections, [](auto& s) { return s.id; });
  if (seg && seg->empty()) return {};
  if (seg && seg->size() == 1 && (*seg)[0] == "sitemap.xml" && !folder) return {};
  if (seg && (*seg)[0] == "assets" && seg->size() > 1 && !folder) {
    std::string file;
    for (std::size_t i = 1; i < seg->size(); ++i) file += (i > 1 ? "/" : "") + (*seg)[i];
    const auto& files = corpus.static_files;
    if (std::find(files.begin(), files.end(), file) != files.end()) return {};
    return unknown(named, "no file '" + file + "' in pipeline/static/");
  }
  if (seg && seg->size() <= 3 && config.language((*seg)[0])) {
    const std::string& lang = (*seg)[0];
    if (seg->size() == 1) return {};
    if (seg->size() == 2 && (*seg)[1] == "feed.xml" && !folder) return {};
    if (!config.section((*seg)[1]))
      return unknown(named, "no section '" + (*seg)[1] + "' (sections: " + sections + ")");
    if (seg->size() == 2) return {};
    return check_article_path(corpus, named, lang, (*seg)[1] + "/" + (*seg)[2], anchor);
  }
  return unknown(named,
                 "not a page or file of the site; expected /<section>/<slug>, /<lang>/, "
                 "/<lang>/<section>/, /<lang>/<section>/<slug>/, /<lang>/feed.xml, /sitemap.xml "
                 "or /assets/<file> (languages: " +
                     listed(config.languages, [](auto& l) { return l.code; }) +
                     "; sections: " + sections + ")");
}

}  // namespace pp
