// Fuzz targets for the text that hand-written scanners read (issue 15, finding
// 3: these places used std::regex, which overflowed the stack on long input):
// link destinations and anchors, figure names, and catalogs.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>

#include "core/text.h"
#include "driver/check_site.h"
#include "fuzz_site.h"
#include "l10n/l10n.h"
#include "l10n/po_file.h"
#include "links/links.h"
#include "render/inline_walk.h"
#include "render/render.h"
#include "targets.h"
#include "validate/validate.h"

namespace pp::fuzz {

namespace {

// `in` split at its first NUL (the second part empty when there is none).
std::pair<std::string, std::string> split_at_nul(const uint8_t* data, size_t size) {
  const std::string in(reinterpret_cast<const char*>(data), size);
  const auto nul = in.find('\0');
  if (nul == std::string::npos) return {in, ""};
  return {in.substr(0, nul), in.substr(nul + 1)};
}

// A bundle to link to: reviews/tool, with a heading "pricing" in English.
Bundle tool_bundle() {
  DiagnosticSink ignored;
  Bundle b;
  b.section = "reviews";
  b.slug = "tool";
  b.dir = "content/reviews/tool";
  b.source_lang = "en";
  b.articles.emplace("en", *parse_article("content/reviews/tool/index.en.md", "en",
                                          "---\ntitle: T\ntype: review\ndate: 2026-11-18\n"
                                          "summary: S\nverdict: V\n---\n## Pricing\n",
                                          ignored));
  return b;
}

// A bundle news/x holding `a` in English.
Bundle news_bundle(Article a) {
  Bundle b;
  b.section = "news";
  b.slug = "x";
  b.dir = "content/news/x";
  b.source_lang = "en";
  b.articles.emplace("en", std::move(a));
  return b;
}

// [a-z][a-z0-9_]*, at most kMaxFigureName long.
bool is_figure_name(const std::string& s) {
  if (s.empty() || s.size() > kMaxFigureName || s[0] < 'a' || s[0] > 'z') return false;
  for (const char c : s)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) return false;
  return true;
}

// `s` as a YAML double-quoted scalar.
std::string yaml_quoted(const std::string& s) {
  static const char* hex = "0123456789abcdef";
  std::string out = "\"";
  for (const char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (u < 0x20 || u == 0x7f) {
      out += "\\x";
      out += hex[u >> 4];
      out += hex[u & 15];
    } else {
      out += c;
    }
  }
  return out + "\"";
}

}  // namespace

// Fuzz target: a link destination and a body. The destination is classified
// and parsed as a bundle path, then checked and rendered as a link of an
// article (besides the body's own links).
int fuzz_links(const uint8_t* data, size_t size) {
  const auto [url, body] = split_at_nul(data, size);
  const LinkKind kind = classify_link(url);
  const auto internal = parse_internal_link(url);
  // A bundle path is exactly what parses as one; its id is two slugs.
  if ((kind == LinkKind::internal) != internal.has_value()) __builtin_trap();
  if (internal) {
    const auto slash = internal->bundle_id.find('/');
    if (slash == std::string::npos || !is_slug(internal->bundle_id.substr(0, slash)) ||
        !is_slug(internal->bundle_id.substr(slash + 1)))
      __builtin_trap();
    // The anchor written percent-encoded reads back the same.
    std::string encoded;
    static const char* hex = "0123456789ABCDEF";
    for (const char c : internal->anchor) {
      const auto u = static_cast<unsigned char>(c);
      encoded += '%';
      encoded += hex[u >> 4];
      encoded += hex[u & 15];
    }
    const auto again = parse_internal_link("/" + internal->bundle_id + "#" + encoded);
    if (!again || again->bundle_id != internal->bundle_id || again->anchor != internal->anchor)
      __builtin_trap();
  }
  const std::string front =
      "---\ntitle: T\ntype: news\ndate: 2026-11-20\nsummary: S\n"
      "verdict: V\n---\n";
  DiagnosticSink sink;
  auto a = parse_article("content/news/x/index.en.md", "en", front + body, sink);
  if (!a) return 0;
  a->links.push_back({url, false, {"content/news/x/index.en.md", 9, 1}});
  Corpus corpus;
  corpus.bundles = {news_bundle(*a), tool_bundle()};
  // Only the link checker: the rest of check_site() would find this news item's
  // missing sources and keep the render below from ever running.
  check_links(site(), corpus, sink);
  const Article& article = corpus.bundles[0].articles.at("en");
  for (const std::string page_url : {"", "https://fuzz.example/en/news/x/"}) {
    const auto to = link_destination(url, article, corpus, site(), page_url);
    // Only schemes of links.schemes, pages and files of the site and bundle
    // files are ever linked; a target left out was reported (docs/spec.md §4).
    if (to && (kind == LinkKind::forbidden || !scheme_allowed(site(), url))) __builtin_trap();
    if (to && (kind == LinkKind::internal || kind == LinkKind::site) &&
        !to->starts_with(page_url.empty() ? "/" : "https://"))
      __builtin_trap();
    if (!to && !sink.has_errors()) __builtin_trap();
  }
  if (!sink.has_errors()) {
    const std::string html = render_body_html(article, corpus, site(), locale("en"));
    if (html.find("<script") != std::string::npos) __builtin_trap();
  }
  (void)format_diagnostics(sink.sorted(), OutputFormat::text);
  return 0;
}

// Fuzz target: a figure key and a body. The key becomes a figure of the front
// matter (quoted, so any bytes reach the name check), the body may hold
// {{fig:NAME}} references; then the figure checks and the expansion.
int fuzz_figures(const uint8_t* data, size_t size) {
  const auto [key, body] = split_at_nul(data, size);
  const std::string text =
      "---\ntitle: T\ntype: analysis\ndate: 2026-11-20\nsummary: S\n"
      "figures:\n  share: {value: 0.965, format: percent}\n  " +
      yaml_quoted(key) +
      ": {value: 19999.5, format: currency, currency: KRW}\n"
      "---\n{{fig:share}} {{fig:" +
      key + "}}\n" + body;
  DiagnosticSink sink;
  auto a = parse_article("content/news/x/index.en.md", "en", text, sink);
  if (!a) return 0;
  // Only well-formed names are figures.
  for (const auto& [name, figure] : a->meta.figures)
    if (!is_figure_name(name) || figure.name != name) __builtin_trap();
  Corpus corpus;
  corpus.bundles = {news_bundle(*a)};
  check_site(site(), corpus, sink);
  const Article& article = corpus.bundles[0].articles.at("en");
  for (const char* lang : {"en", "ar", "ko"}) {
    // A figure that is defined is always replaced.
    for (const auto& [name, figure] : article.meta.figures) {
      const std::string ref = "{{fig:" + name + "}}";
      if (expand_figures(ref, article, locale(lang)) == ref) __builtin_trap();
    }
    (void)expand_figures(body, article, locale(lang));
    if (!sink.has_errors()) (void)render_body_html(article, corpus, site(), locale(lang));
  }
  (void)format_diagnostics(sink.sorted(), OutputFormat::github);
  return 0;
}

// Fuzz target: a .po file checked as `i18n check` checks the catalog of an
// LTR and an RTL language (msgfmt, Plural-Forms against CLDR, placeholders),
// and the reader's pieces on their own.
int fuzz_catalog(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  for (const auto& e : read_po(text)) {
    for (const auto& [index, s] : e.msgstr) {
      for (const auto& name : placeholders(s))
        if (s.find("{" + name + "}") == std::string::npos) __builtin_trap();
      if (e.msgid.empty())
        if (const auto pf = header_plural_forms(s); pf && pf->find('\n') != std::string::npos)
          __builtin_trap();
    }
  }
  // One site folder per process, written again for every input, removed at exit.
  struct SiteFolder {
    std::filesystem::path root = std::filesystem::temp_directory_path() /
                                 ("polypress-fuzz-catalog-" + std::to_string(::getpid()));
    SiteFolder() { std::filesystem::create_directories(root / "locales"); }
    ~SiteFolder() {
      std::error_code ec;
      std::filesystem::remove_all(root, ec);
    }
  };
  static const SiteFolder folder;
  const std::filesystem::path& root = folder.root;
  for (const char* lang : {"en", "ar"}) {
    std::ofstream(root / "locales" / (std::string(lang) + ".po"), std::ios::binary) << text;
    DiagnosticSink sink;
    (void)check_catalog(root, site(), *site().language(lang), sink);
    for (const auto& d : sink.sorted())
      if (d.where.path != "locales/" + std::string(lang) + ".po") __builtin_trap();
    (void)format_diagnostics(sink.sorted(), OutputFormat::sarif);
  }
  return 0;
}

}  // namespace pp::fuzz
