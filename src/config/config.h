#pragma once
// Stage 1: pipeline/site.yaml → SiteConfig (docs/spec.md §2).

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"
#include "core/site_layout.h"

namespace pp {

/// One configured language, in switcher order.
struct LanguageConfig {
  std::string code;    ///< BCP 47 language code used in paths ("ko")
  std::string name;    ///< its own name ("한국어")
  std::string locale;  ///< formatting locale; defaults to `code`
};

struct SectionConfig {
  std::string id;      ///< path segment ("news")
  std::string title;   ///< msgid, translated by the catalogs
  int title_line = 0;  ///< its line in site.yaml, for the .pot's reference
};

struct NewsletterConfig {
  std::string from, list_id, subscribe_url, unsubscribe_url, unsubscribe_mailto;
  std::string address;   ///< the sender's postal address, in every email's footer ("": none)
  SourceLocation where;  ///< the `newsletter` block in site.yaml, for what it lacks
};

struct LinksConfig {
  int timeout_s = 10, concurrency = 8, per_host = 2, retries = 2, cache_ttl_h = 24;
  bool allow_private = false;
  std::vector<std::string> exclude;
  std::string proxy;  ///< "": no proxy (proxy environment variables are ignored)
  /// Link schemes rendered as written (docs/spec.md §4); any other is link/scheme.
  std::vector<std::string> schemes = {"http", "https", "mailto", "tel"};
};

/// `markdown.raw_html` (docs/spec.md §4): `sanitize` passes the allow-list of
/// content/html_sanitizer.h; `drop` passes no raw element (the text of those
/// that only wrap text stays); `error` renders as `drop` and makes every raw
/// element an error.
enum class RawHtmlMode { sanitize, drop, error };

/// The whole validated configuration.
/// Levels a site gives rules (`rules:` in site.yaml): nullopt ignores the rule.
using RuleLevels = std::map<std::string, std::optional<Severity>>;

struct SiteConfig {
  std::string name;
  std::string base_url;      ///< absolute, ends with '/'
  std::string base_path;     ///< path part of base_url, starts and ends with '/'
  std::string description;   ///< msgid of the home page's description; "" = the name
  int description_line = 0;  ///< its line in site.yaml, for the .pot's reference
  std::string logo;  ///< site.logo: absolute URL atop emails, the publisher's in JSON-LD ("": none)
  std::string image;  ///< site.image: absolute URL shared with a page that has no cover ("": none)
  std::string default_language;
  std::string time_zone;
  std::vector<LanguageConfig> languages;
  std::vector<SectionConfig> sections;
  std::string fallback = "omit";  ///< omit | source
  /// translations.min_complete: the share (%) of an article's words (its
  /// source's, as pocount counts them) a catalog must translate for the
  /// article to be published from it.
  int min_complete = 50;
  NewsletterConfig newsletter;
  LinksConfig links;
  RawHtmlMode raw_html = RawHtmlMode::sanitize;  ///< markdown.raw_html
  RuleLevels rule_levels;                        ///< `rules:`
  std::size_t paginate = 0;  ///< articles per section or tag page; 0: all on one page
  /// email.max_bytes: an article email's HTML part is cut to fit (docs/email.md).
  std::size_t email_max_bytes = 100 * 1000;
  /// feeds.content: each entry carries the article's body (full), else its summary alone.
  bool feed_full_content = true;
  /// feeds.entries: the newest N articles in each feed; 0: every one.
  std::size_t feed_entries = 20;
  /// `markdown.svg: refuse`: an SVG that would run script is an error.
  bool svg_refuse = false;
  /// File extensions (lower case) a bundle publishes besides the default
  /// asset types (`assets.publish`).
  std::vector<std::string> asset_extensions;

  /// The language with this code, or nullptr.
  const LanguageConfig* language(const std::string& code) const;
  /// The section with this id, or nullptr.
  const SectionConfig* section(const std::string& id) const;
};

/// What a command line changes in site.yaml (docs/spec.md §2, "Environments").
struct ConfigOverrides {
  std::string env;       ///< "": none; else pipeline/site.<env>.yaml is merged over site.yaml
  std::string base_url;  ///< "": site.yaml's; else replaces site.base_url (checked by the caller)
  bool operator==(const ConfigOverrides&) const = default;
};

/// False, with a config/linked-folder error for each, when a folder of the
/// site (content/, pipeline/, locales/, the templates' and static files'
/// folders) is a symbolic link: nothing is read through one.
bool site_folders_are_real(const std::filesystem::path& root, DiagnosticSink& sink);

/// Loads and checks `<root>/pipeline/site.yaml`, with `overrides` applied.
/// Refuses a site whose folders are links (site_folders_are_real).
/// Every problem is reported with file:line:col under a `config/...` rule
/// (in the overlay's file for its values); returns nullopt when any is an
/// error. On success `sink` takes the site's rule levels for what it reports
/// next.
std::optional<SiteConfig> load_site_config(const std::filesystem::path& root, DiagnosticSink& sink,
                                           const ConfigOverrides& overrides = {});

/// Why `url` cannot be a base URL (absolute http(s), ending with '/'), or "".
std::string base_url_problem(const std::string& url);

/// Whether `env` can name an environment: [a-z0-9]+(-[a-z0-9]+)*.
bool is_env_name(const std::string& env);

/// True when ICU knows the language of this BCP 47 tag.
bool is_known_language(const std::string& tag);

/// ^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$: a language code's shape, scanned by hand.
bool is_language_code_shape(std::string_view code);

/// The BCP 47 tag of a POSIX locale name ("pt_BR" → "pt-BR", "zh_Hans" →
/// "zh-Hans", "sr@latin" → "sr-Latn"); nullopt when `name` has no POSIX
/// separator (`_`, `@`, `.`) or is no locale at all.
std::optional<std::string> bcp47_of_posix(const std::string& name);

}  // namespace pp
