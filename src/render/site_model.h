#pragma once
// Internal to render: which articles each language shows, in which order.

#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "mail/mail.h"
#include "render/render.h"

namespace pp {

/// How many of the latest articles a home page shows.
inline constexpr std::size_t kHomeArticles = 20;

class SiteModel;

/// One entry of a language's lists: a bundle, the article shown (the
/// translation, or the source under fallback "source") and its page language.
/// It gives what a list's key covers (listing_digest(): the article's front
/// matter, the bundle's id, section and slug) and nothing more: a list that
/// showed more of an entry (its body, its files) would not be rendered again
/// when that changed. The body goes through SiteModel::article_body().
class Listed {
 public:
  Listed(const Bundle& b, const Article& a, std::string page_lang)
      : page_lang(std::move(page_lang)), bundle_(&b), article_(&a) {}
  std::string id() const { return bundle_->id(); }
  const std::string& section() const { return bundle_->section; }
  const std::string& slug() const { return bundle_->slug; }
  /// The front matter of the article shown (what it inherits included).
  const FrontMatter& meta() const { return article_->meta; }
  /// Whether this entry is of the bundle `b` (a comparison, not a read).
  bool of(const Bundle* b) const { return bundle_ == b; }
  /// Whether it is published in `week` (a brief's entries).
  bool in_week(const IsoWeek& week) const {
    return published_ms >= week.start_ms && published_ms < week.end_ms;
  }
  /// The entries of `list` (a language's, newest first) published in
  /// `week`: side by side in it, found by halving.
  static std::span<const Listed> of_week(const std::vector<Listed>& list, const IsoWeek& week);
  /// Its bundle's place in `bundles`, the corpus it was listed from.
  std::size_t bundle_index(const std::vector<Bundle>& bundles) const {
    return static_cast<std::size_t>(bundle_ - bundles.data());
  }

  std::string page_lang;  ///< language of the page the entry links to
  double published_ms = 0;
  double modified_ms = 0;

 private:
  friend class SiteModel;
  const Bundle* bundle_;
  const Article* article_;
};

class BuildCaches;
class ViewData;
struct IsoWeek;

/// The read-only context shared by every page of one build, and the one view
/// of the site renderers have (docs/incremental.md, "Reads"): the corpus,
/// the catalogs and the templates are reached only through accessors that
/// return a value and record its key in the log of the output being rendered
/// at once. The configuration and the options are part of every output's
/// identity, so reading them records nothing.
class SiteModel {
 public:
  SiteModel(const std::filesystem::path& root, const SiteConfig& config, const Corpus& corpus,
            const LocaleMap& locales, const TemplateSet& templates, const RenderOptions& options);

  const std::filesystem::path& root;
  const SiteConfig& config;
  const RenderOptions& options;

  /// The bundle `id`, or nullptr; records b:<id> (found or not: one added
  /// later changes what was shown).
  const Bundle* bundle(std::string_view id) const;
  /// Every bundle; records the key of every bundle ("s").
  const std::vector<Bundle>& every_bundle() const;
  /// The body of `a` (of `b`) read again from its file; records b:<id>.
  std::optional<Article> article_body(const Bundle& b, const Article& a,
                                      DiagnosticSink& sink) const;
  /// The same of the article a list entry shows.
  std::optional<Article> article_body(const Listed& l, DiagnosticSink& sink) const;
  /// The locale of `lang` (has_locale() must hold); records c:<lang>: what
  /// is translated with it changes with its catalog.
  const Locale& locale(const std::string& lang) const;
  /// Whether `lang` is rendered (a configured language with a locale): the
  /// configuration's, recorded by nothing.
  bool has_locale(const std::string& lang) const { return locales_.count(lang) > 0; }
  /// The writing direction and og:locale of `lang`'s pages (has_locale()),
  /// which come from its code, not from its catalog: recorded by nothing.
  const std::string& dir_of(const std::string& lang) const;
  const std::string& og_locale_of(const std::string& lang) const;
  /// The template `name` rendered with `data` in `loc`; records t:<name>.
  std::string render_template(const std::string& name, const ViewData& data, const Locale& loc,
                              DiagnosticSink& sink) const;
  /// The same for a template of plain text (an email's text part).
  std::string render_text_template(const std::string& name, const ViewData& data, const Locale& loc,
                                   DiagnosticSink& sink) const;
  /// render_body_html() and render_body_text() of `a`: the bundles its links
  /// name are recorded where they are resolved.
  std::string body_html(const Article& a, const Locale& loc,
                        const std::string& page_url = "") const;
  std::string body_text(const Article& a, const Locale& loc, const std::string& page_url,
                        LinkRefs& refs, std::size_t width) const;

  /// True when the article is published in this build: not a draft, not
  /// dated after the build's time, not expired (or the options keep it).
  bool visible(const Article& a) const {
    return published_in(publication_of(a, config.time_zone, options.publishing.now_ms),
                        options.publishing);
  }
  /// Articles listed for each language, newest first (ties by bundle id);
  /// filled once by build_lists() before any page is rendered.
  std::map<std::string, std::vector<Listed>> lists;
  /// The list of `lang` (empty for a language not rendered), all of it a
  /// dependency of the output being rendered.
  const std::vector<Listed>& listed(const std::string& lang) const;
  /// The first `n` entries of the list of `lang` other than `except`: only
  /// the entries looked at are a dependency.
  std::vector<Listed> latest(const std::string& lang, std::size_t n, const Bundle* except) const;
  /// The entries of the list of `lang` in one section: only they are a dependency.
  std::vector<Listed> listed_in(const std::string& lang, const std::string& section) const;
  /// The entries of the list of `lang` published in `week`: only they are a
  /// dependency (a brief's).
  std::vector<Listed> listed_in_week(const std::string& lang, const IsoWeek& week) const;
  /// The ISO weeks ("2026-W48") the list of `lang` has entries in, newest
  /// first: the weeks whose brief has a web copy. Only the weeks are a
  /// dependency, not the entries.
  const std::vector<std::string>& weeks_of(const std::string& lang) const;
  /// The entries of the list of `lang` tagged `tag`; the whole list is a
  /// dependency (a tag added to any article could add it).
  std::vector<Listed> listed_with_tag(const std::string& lang, const std::string& tag) const;
  /// The tags of the entries of the list of `lang`, sorted, each once
  /// (computed with the lists).
  const std::vector<std::string>& tags_of(const std::string& lang) const;
  /// tags_of() of each language, filled by build_lists().
  std::map<std::string, std::vector<std::string>> tags;
  /// How many entries of the list of `lang` are in `section`; the section's
  /// entries are a dependency.
  std::size_t section_size(const std::string& lang, const std::string& section) const;
  /// How many entries of the list of `lang` are tagged `tag` (0: the language
  /// has no page of the tag); the whole list is a dependency.
  std::size_t tag_size(const std::string& lang, const std::string& tag) const;
  /// Entries per section and per tag of each language, filled by build_lists().
  std::map<std::string, std::map<std::string, std::size_t>> section_sizes, tag_sizes;
  /// The ISO weeks ("2026-W48") of the entries of each language's list, newest
  /// first, filled by build_lists(): the weeks whose brief has a web copy.
  std::map<std::string, std::vector<std::string>> weeks;
  /// The pages a list of `entries` takes: one, or as many as `paginate` asks.
  std::size_t page_count(std::size_t entries) const {
    if (config.paginate == 0 || entries == 0) return 1;
    return (entries + config.paginate - 1) / config.paginate;
  }
  /// Computes `lists` (and the tags, sizes and weeks of each) for every
  /// configured language, before any output renders (each list is a key of
  /// its own, recorded by the accessors above).
  void build_lists();
  /// build_lists() of one language (its maps' keys made already).
  void build_list(const std::string& lang);
  /// The languages a bundle has a visible page in, in configuration order.
  std::vector<std::string> page_languages(const Bundle& b) const;
  /// The language of x-default for a bundle: the default language if present, else the source.
  std::string default_page_language(const Bundle& b) const;
  /// listing_digest() of each bundle by id (BuildPlan's; nullptr elsewhere).
  const std::map<std::string, std::string, std::less<>>* listing_digests = nullptr;
  /// What the build works out once for every output: the pictures beside
  /// articles, feed entries' content (BuildPlan's; nullptr elsewhere: emails
  /// then give pictures no width).
  BuildCaches* caches = nullptr;
  /// The XML of a piece of a feed or of the sitemap made of the bundle `bundle`
  /// (`make` must read nothing recorded: checked in strict builds):
  /// the one the last build kept under `key` when made from the same
  /// (listing_digest() of `bundle` and `salt`), else make() (then kept).
  std::string kept_piece(const std::string& bundle, const std::string& key, const std::string& salt,
                         const std::function<std::string()>& make) const;

 private:
  /// The entries of `lang`'s list, newest first (build_lists()).
  std::vector<Listed> list_of(const std::string& lang) const;
  const Corpus& corpus_;
  const LocaleMap& locales_;
  const TemplateSet& templates_;
};

/// Labels shared by pages and emails (pages.cpp).
std::string type_label(const Locale& loc, ArticleType type);
std::string section_title(const SiteModel& m, const Locale& loc, const std::string& id);
/// The type's label next to the section's title `section`, or "" when the two
/// say the same ("Analysis · Analysis", "리뷰 · 리뷰" show the label once).
/// An article without a type is labelled as news, as everywhere.
std::string type_label_beside(const Locale& loc, const std::optional<Located<ArticleType>>& type,
                              const std::string& section);
std::string iso_date(const Date& d);
std::string price_text(const Locale& loc, const Price& p);

/// An email text part as sent: over-long template lines wrapped at 72 columns
/// (URLs whole), runs of blank lines made one.
std::string tidy_text(const std::string& text, const Locale& loc);
/// newsletter.unsubscribe_url with {lang} filled in.
std::string unsubscribe_url(const SiteConfig& config, const std::string& lang);

/// An email's language as both email templates use it: `lang`, `dir`,
/// `keep_all` (Korean) and the physical sides `start` and `end`.
void set_email_language(ViewData& d, const Locale& loc);
/// The sender as both email templates show it: `postal_address` and
/// `logo_url`, each set only when site.yaml gives it.
void set_sender(ViewData& d, const SiteConfig& config);
/// The host of base_url: the right-hand side of every Message-ID.
std::string message_domain(const SiteConfig& config);
/// Fills the site's sender, list and unsubscribe headers into `c`, checks the
/// HTML size (email/too-large at `where`) and assembles it with GMime.
std::optional<std::string> assemble(const SiteModel& m, const Locale& loc, EmailContent c,
                                    const std::string& where, DiagnosticSink& sink);

/// The email of one article in one language (emails.cpp), as .eml bytes.

std::optional<std::string> render_article_email(const SiteModel& m, const Bundle& b,
                                                const Article& a, const Locale& loc,
                                                DiagnosticSink& sink);

/// Rendering of each kind of output (pages.cpp, feeds.cpp).
std::string render_article_page(const SiteModel& m, const Bundle& b, const Article& a,
                                const Locale& loc, DiagnosticSink& sink);
std::string render_home_page(const SiteModel& m, const Locale& loc, DiagnosticSink& sink);
/// Page `page` (from 1) of a section in one language (list_pages.cpp).
std::string render_section_page(const SiteModel& m, const SectionConfig& s, const Locale& loc,
                                std::size_t page, DiagnosticSink& sink);
std::string render_chooser_page(const SiteModel& m, DiagnosticSink& sink);
/// Page `page` (from 1) of a tag in one language: its articles, newest first.
std::string render_tag_page(const SiteModel& m, const Locale& loc, const std::string& tag,
                            std::size_t page, DiagnosticSink& sink);
/// A tag's Atom feed in one language; an entry whose body cannot be read is
/// an error in `sink`.
std::string render_tag_feed(const SiteModel& m, const Locale& loc, const std::string& tag,
                            DiagnosticSink& sink);
/// The page of a missing address: the root one (`root`, 404.html) or a language's.
std::string render_not_found_page(const SiteModel& m, const Locale& loc, bool root,
                                  DiagnosticSink& sink);
/// A language's Atom feed; an entry whose body cannot be read is an error in `sink`.
std::string render_feed(const SiteModel& m, const Locale& loc, DiagnosticSink& sink);
std::string render_sitemap(const SiteModel& m);
/// The web copy of a language's weekly brief of `week` ("2026-W48"), what its
/// email's "View in your browser" opens (brief_page.cpp).
std::string render_brief_page(const SiteModel& m, const Locale& loc, const std::string& week,
                              DiagnosticSink& sink);

}  // namespace pp
