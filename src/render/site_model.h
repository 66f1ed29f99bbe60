#pragma once
// Internal to render: which articles each language shows, in which order.

#include <map>
#include <string>
#include <vector>

#include "render/render.h"

namespace pp {

/// One entry of a language's lists: the bundle, the article shown (the
/// translation, or the source under fallback "source") and its page language.
struct Listed {
  const Bundle* bundle = nullptr;
  const Article* article = nullptr;
  std::string page_lang;  ///< language of the page the entry links to
  double published_ms = 0;
  double modified_ms = 0;
};

/// The read-only context shared by every page of one build.
struct SiteModel {
  const std::filesystem::path& root;
  const SiteConfig& config;
  const Corpus& corpus;
  const LocaleMap& locales;
  const TemplateSet& templates;
  const RenderOptions& options;

  /// True when the article is published in this build (not a draft, or --drafts).
  bool visible(const Article& a) const { return options.drafts || !a.meta.draft; }
  /// Articles listed for each language, newest first (ties by bundle id);
  /// filled once by build_lists() before any page is rendered.
  std::map<std::string, std::vector<Listed>> lists;
  /// The list of `lang` (empty for a language not rendered).
  const std::vector<Listed>& listed(const std::string& lang) const;
  /// Computes `lists` for every configured language.
  void build_lists();
  /// The languages a bundle has a visible page in, in configuration order.
  std::vector<std::string> page_languages(const Bundle& b) const;
  /// The language of x-default for a bundle: the default language if present, else the source.
  std::string default_page_language(const Bundle& b) const;
};

/// Rendering of each kind of output (pages.cpp, feeds.cpp).
std::string render_article_page(const SiteModel& m, const Bundle& b, const Article& a,
                                const Locale& loc, DiagnosticSink& sink);
std::string render_home_page(const SiteModel& m, const Locale& loc, DiagnosticSink& sink);
std::string render_section_page(const SiteModel& m, const SectionConfig& s, const Locale& loc,
                                DiagnosticSink& sink);
std::string render_chooser_page(const SiteModel& m, DiagnosticSink& sink);
std::string render_feed(const SiteModel& m, const Locale& loc);
std::string render_sitemap(const SiteModel& m);

}  // namespace pp
