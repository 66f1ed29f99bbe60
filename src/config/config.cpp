#include "config/config.h"

#include <unicode/timezone.h>

#include <algorithm>
#include <set>

#include "config/config_keys.h"
#include "config/config_overlay.h"
#include "config/config_reader.h"
#include "config/config_urls.h"
#include "config/mail_values.h"
#include "config/rule_levels.h"
#include "config/url_pattern.h"
#include "core/file_io.h"
#include "core/limits.h"
#include "core/text.h"
#include "core/yaml_util.h"

namespace pp {

const LanguageConfig* SiteConfig::language(const std::string& code) const {
  for (const auto& l : languages)
    if (l.code == code) return &l;
  return nullptr;
}

const SectionConfig* SiteConfig::section(const std::string& id) const {
  for (const auto& s : sections)
    if (s.id == id) return &s;
  return nullptr;
}

namespace {

void read_site(const YAML::Node& root, SiteConfig& c, Reader& r) {
  const YAML::Node site = root["site"];
  if (!site) {
    r.sink().error(location_of(root, r.origin()), "config/missing-key",
                   "missing required key 'site'");
    return;
  }
  if (!expect_map(site, "site", r)) return;
  check_unknown_keys(site, config_key_names("site"), r.origin(), "config/unknown-key", "'site'",
                     r.sink());
  c.name = r.str(site, "site", "name", "'site'").value_or("");
  c.base_url = r.str(site, "site", "base_url", "'site'").value_or("");
  if (!c.base_url.empty()) {
    r.url(site, "base_url", c.base_url);
    if (c.base_url.back() != '/')
      r.sink().error(location_of(site["base_url"], r.origin()), "config/url",
                     "'base_url' must end with '/'");
    const auto scheme_end = c.base_url.find("://");
    const auto path_start =
        scheme_end == std::string::npos ? std::string::npos : c.base_url.find('/', scheme_end + 3);
    c.base_path = path_start == std::string::npos ? "/" : c.base_url.substr(path_start);
  }
  c.description = r.str(site, "site", "description", "'site'").value_or("");
  if (site["description"]) c.description_line = location_of(site["description"], r.origin()).line;
  // Images others show of the site: absolute, as a page shared elsewhere or
  // an email needs them.
  for (const auto& [key, value] : {std::pair{"logo", &c.logo}, std::pair{"image", &c.image}}) {
    *value = r.str(site, "site", key, "'site'").value_or("");
    if (!value->empty()) r.url(site, key, *value);
  }
  c.default_language = r.str(site, "site", "default_language", "'site'").value_or("");
  c.time_zone = r.str(site, "site", "time_zone", "'site'").value_or("");
  if (!c.time_zone.empty()) {
    std::unique_ptr<icu::TimeZone> tz(
        icu::TimeZone::createTimeZone(icu::UnicodeString::fromUTF8(c.time_zone)));
    icu::UnicodeString id;
    tz->getID(id);
    if (*tz == icu::TimeZone::getUnknown() || id == icu::UnicodeString("Etc/Unknown"))
      r.sink().error(location_of(site["time_zone"], r.origin()), "config/time-zone",
                     "'time_zone' is not an IANA time zone: \"" + c.time_zone + "\"");
  }
}

// A language's code and locale as BCP 47 tags, each checked; false when the
// language cannot be configured. A POSIX name (pt_BR, sr@latin) is read as
// its tag with a note; a language ICU has no data for is formatted as its
// declared locale, with a warning.
bool read_language_tags(const YAML::Node& item, LanguageConfig& l, Reader& r) {
  if (const auto bcp47 = bcp47_of_posix(l.code)) {
    // The code names files and URLs: one spelling, BCP 47's.
    r.sink().report(location_of(item["code"], r.origin()), Severity::note, "config/posix-locale",
                    "'" + quote_for_message(l.code, 40) +
                        "' is a POSIX locale name, read as the BCP 47 tag '" + *bcp47 +
                        "' (its pages are under /" + *bcp47 + "/)");
    if (!item["locale"]) l.locale = *bcp47;
    l.code = *bcp47;
  }
  if (item["locale"]) {
    if (const auto bcp47 = bcp47_of_posix(l.locale)) {
      r.sink().report(location_of(item["locale"], r.origin()), Severity::note,
                      "config/posix-locale",
                      "'" + quote_for_message(l.locale, 40) +
                          "' is a POSIX locale name, read as the BCP 47 tag '" + *bcp47 + "'");
      l.locale = *bcp47;
    }
  }
  const bool locale_known = is_known_language(l.locale);
  if (item["locale"] && !locale_known) {
    r.sink().error(location_of(item["locale"], r.origin()), "config/language",
                   "'" + quote_for_message(l.locale, 40) + "' is not a locale ICU knows");
    return false;
  }
  if (!is_language_code_shape(l.code)) {
    r.sink().error(location_of(item["code"], r.origin()), "config/language",
                   "'" + quote_for_message(l.code, 40) +
                       "' is not a language code (BCP 47: a language, then optional script "
                       "and region, as en, pt-BR, zh-Hans)");
    return false;
  }
  if (!is_known_language(l.code)) {
    // Pages are still written in the language; only dates, numbers and
    // plural rules need ICU's data, and they come from the locale it declares.
    // Without one, an unknown code is more likely a typo than a language.
    if (!item["locale"]) {
      r.sink().error(location_of(item["code"], r.origin()), "config/language",
                     "ICU has no locale data for '" + l.code +
                         "'; if it is a language, give it a 'locale:' ICU knows to format its "
                         "dates, numbers and plurals (e.g. locale: ru)");
      return false;
    }
    r.sink().warning(location_of(item["code"], r.origin()), "config/language-data",
                     "ICU has no locale data for '" + l.code +
                         "'; its dates, numbers and plural rules follow its locale '" + l.locale +
                         "'");
  }
  return true;
}

void read_languages(const YAML::Node& root, SiteConfig& c, Reader& r) {
  const YAML::Node langs = root["languages"];
  if (!langs || !langs.IsSequence() || langs.size() == 0) {
    r.sink().error(location_of(langs ? langs : root, r.origin()),
                   langs ? "config/value-type" : "config/missing-key",
                   "'languages' must be a non-empty list of {code, name}");
    return;
  }
  for (const auto& item : langs) {
    if (!expect_map(item, "languages[]", r)) continue;
    check_unknown_keys(item, config_key_names("languages"), r.origin(), "config/unknown-key",
                       "a language", r.sink());
    LanguageConfig l;
    l.code = r.str(item, "languages", "code", "a language").value_or("");
    l.name = r.str(item, "languages", "name", "a language").value_or("");
    l.locale = r.str(item, "languages", "locale", "a language").value_or(l.code);
    if (l.code.empty()) continue;
    if (!read_language_tags(item, l, r)) continue;
    if (c.language(l.code)) {
      r.sink().error(location_of(item["code"], r.origin()), "config/language",
                     "language '" + l.code + "' is listed twice");
      continue;
    }
    c.languages.push_back(l);
  }
  if (const auto posix = bcp47_of_posix(c.default_language)) c.default_language = *posix;
  if (!c.default_language.empty() && !c.languages.empty() && !c.language(c.default_language))
    r.sink().error(location_of(root["site"]["default_language"], r.origin()), "config/language",
                   "'default_language' '" + c.default_language + "' is not in 'languages'");
}

void read_sections(const YAML::Node& root, SiteConfig& c, Reader& r) {
  const YAML::Node secs = root["sections"];
  if (!secs || !secs.IsSequence() || secs.size() == 0) {
    r.sink().error(location_of(secs ? secs : root, r.origin()),
                   secs ? "config/value-type" : "config/missing-key",
                   "'sections' must be a non-empty list of {id, title}");
    return;
  }
  for (const auto& item : secs) {
    if (!expect_map(item, "sections[]", r)) continue;
    check_unknown_keys(item, config_key_names("sections"), r.origin(), "config/unknown-key",
                       "a section", r.sink());
    SectionConfig s;
    s.id = r.str(item, "sections", "id", "a section").value_or("");
    s.title = r.str(item, "sections", "title", "a section").value_or("");
    if (item["title"]) s.title_line = location_of(item["title"], r.origin()).line;
    if (s.id.empty()) continue;
    if (!is_slug(s.id) || s.id == "assets" || s.id == "tags") {
      r.sink().error(location_of(item["id"], r.origin()), "config/section",
                     "section id '" + s.id +
                         "' must match [a-z0-9]+(-[a-z0-9]+)* and be neither 'assets' "
                         "nor 'tags'");
      continue;
    }
    if (c.section(s.id)) {
      r.sink().error(location_of(item["id"], r.origin()), "config/section",
                     "section '" + s.id + "' is listed twice");
      continue;
    }
    c.sections.push_back(s);
  }
}

// links.schemes: scheme names as RFC 3986 spells them, in lower case. The
// schemes that run code or embed a document, and file: (which cmark-gfm's
// safe mode blanks), can never be allowed (docs/spec.md §4).
void read_link_schemes(const YAML::Node& list, LinksConfig& lc, Reader& r) {
  if (!list.IsSequence()) {
    r.sink().error(location_of(list, r.origin()), "config/value-type",
                   "'schemes' must be a list of scheme names");
    return;
  }
  lc.schemes.clear();
  for (const auto& e : list) {
    auto s = scalar_string(e, "schemes", r.origin(), "config/value-type", r.sink());
    if (!s) continue;
    bool name = !s->empty() && (*s)[0] >= 'a' && (*s)[0] <= 'z';
    for (char ch : *s)
      name = name && ((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '+' ||
                      ch == '.' || ch == '-');
    if (!name)
      r.sink().error(location_of(e, r.origin()), "config/value-type",
                     "'schemes' entry is not a scheme name in lower case ([a-z][a-z0-9+.-]*, "
                     "without ':'): \"" +
                         *s + "\"");
    else if (*s == "javascript" || *s == "vbscript" || *s == "data" || *s == "file")
      r.sink().error(location_of(e, r.origin()), "config/value-type",
                     "'schemes' cannot allow '" + *s + "': such links are always refused");
    else
      lc.schemes.push_back(*s);
  }
}

// `markdown`: what raw HTML and SVG files may do.
void read_markdown(const YAML::Node& m, SiteConfig& c, Reader& r) {
  if (expect_map(m, "markdown", r)) {
    check_unknown_keys(m, config_key_names("markdown"), r.origin(), "config/unknown-key",
                       "'markdown'", r.sink());
    const std::string mode = r.str(m, "markdown", "raw_html", "'markdown'").value_or("sanitize");
    if (mode == "drop")
      c.raw_html = RawHtmlMode::drop;
    else if (mode == "error")
      c.raw_html = RawHtmlMode::error;
    else if (mode != "sanitize")
      r.sink().error(location_of(m["raw_html"], r.origin()), "config/value-type",
                     "'raw_html' must be 'sanitize', 'drop' or 'error'");
    const std::string svg = r.str(m, "markdown", "svg", "'markdown'").value_or("warn");
    c.svg_refuse = svg == "refuse";
    if (svg != "warn" && svg != "refuse")
      r.sink().error(location_of(m["svg"], r.origin()), "config/value-type",
                     "'svg' must be 'warn' or 'refuse'");
  }
}

// `assets.publish`: extensions published besides the default asset types.
void read_assets(const YAML::Node& a, SiteConfig& c, Reader& r) {
  if (!expect_map(a, "assets", r)) return;
  check_unknown_keys(a, config_key_names("assets"), r.origin(), "config/unknown-key", "'assets'",
                     r.sink());
  const YAML::Node list = a["publish"];
  if (!list) return;
  if (!list.IsSequence()) {
    r.sink().error(location_of(list, r.origin()), "config/value-type",
                   "'publish' must be a list of file extensions");
    return;
  }
  for (const auto& e : list) {
    auto s = scalar_string(e, "publish", r.origin(), "config/value-type", r.sink());
    if (!s) continue;
    const std::string ext = ascii_lower(s->starts_with(".") ? s->substr(1) : *s);
    const bool valid =
        !ext.empty() && ext.size() <= 16 && std::all_of(ext.begin(), ext.end(), [](char ch) {
          return (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9');
        });
    static const std::set<std::string> markdown = {"md", "markdown", "mdx", "mkd", "mdown"},
                                       pages = {"html", "htm", "xhtml", "xht", "shtml", "svgz"};
    if (!valid || markdown.count(ext) || pages.count(ext))
      r.sink().error(location_of(e, r.origin()), "config/value-type",
                     "'publish' entry \"" + quote_for_message(*s, 40) + "\" " +
                         (!valid                ? "is not a file extension ([a-z0-9]+, at most 16)"
                          : markdown.count(ext) ? "names Markdown files, which are never published"
                                                : "names pages (or compressed SVG) that would run "
                                                  "script on the site's origin, unchecked"));
    else
      c.asset_extensions.push_back(ext);
  }
}

// feeds: what each entry carries, and how many entries a feed has.
void read_feeds(const YAML::Node& f, SiteConfig& c, Reader& r) {
  if (!expect_map(f, "feeds", r)) return;
  check_unknown_keys(f, config_key_names("feeds"), r.origin(), "config/unknown-key", "'feeds'",
                     r.sink());
  const std::string content = r.str(f, "feeds", "content", "'feeds'").value_or("full");
  if (content != "full" && content != "summary")
    r.sink().error(location_of(f["content"], r.origin()), "config/value-type",
                   "'content' must be 'full' or 'summary'");
  c.feed_full_content = content != "summary";
  c.feed_entries = static_cast<std::size_t>(
      r.integer(f, "entries", static_cast<int>(c.feed_entries), 0, 10'000));
}

void read_optional_blocks(const YAML::Node& root, SiteConfig& c, Reader& r) {
  if (const YAML::Node t = root["translations"]) {
    if (expect_map(t, "translations", r)) {
      check_unknown_keys(t, config_key_names("translations"), r.origin(), "config/unknown-key",
                         "'translations'", r.sink());
      c.fallback = r.str(t, "translations", "fallback", "'translations'").value_or("omit");
      if (c.fallback != "omit" && c.fallback != "source")
        r.sink().error(location_of(t["fallback"], r.origin()), "config/value-type",
                       "'fallback' must be 'omit' or 'source'");
      c.min_complete = r.integer(t, "min_complete", c.min_complete, 0, 100);
    }
  }
  c.paginate = static_cast<std::size_t>(r.integer(root, "paginate", 0, 0, 1000));
  if (const YAML::Node m = root["markdown"]) read_markdown(m, c, r);
  if (const YAML::Node e = root["email"]) {
    if (expect_map(e, "email", r)) {
      check_unknown_keys(e, config_key_names("email"), r.origin(), "config/unknown-key", "'email'",
                         r.sink());
      c.email_max_bytes = static_cast<std::size_t>(
          r.integer(e, "max_bytes", static_cast<int>(c.email_max_bytes), 20'000, 10'000'000));
    }
  }
  if (const YAML::Node f = root["feeds"]) read_feeds(f, c, r);
  if (const YAML::Node a = root["assets"]) read_assets(a, c, r);
  if (const YAML::Node l = root["links"]) {
    if (expect_map(l, "links", r)) {
      check_unknown_keys(l, config_key_names("links"), r.origin(), "config/unknown-key", "'links'",
                         r.sink());
      auto& lc = c.links;
      lc.timeout_s = r.integer(l, "timeout_s", lc.timeout_s, 1, 600);
      lc.concurrency = r.integer(l, "concurrency", lc.concurrency, 1, 256);
      lc.per_host = r.integer(l, "per_host", lc.per_host, 1, 64);
      lc.retries = r.integer(l, "retries", lc.retries, 0, 10);
      lc.cache_ttl_h = r.integer(l, "cache_ttl_h", lc.cache_ttl_h, 0, 24 * 365);
      if (l["allow_private"])
        lc.allow_private = scalar_bool(l["allow_private"], "allow_private", r.origin(),
                                       "config/value-type", r.sink())
                               .value_or(false);
      if (l["proxy"]) {
        lc.proxy = r.str(l, "links", "proxy", "'links'").value_or("");
        if (!lc.proxy.empty() && !is_proxy_url(lc.proxy)) {
          r.sink().error(location_of(l["proxy"], r.origin()), "config/url",
                         "'proxy' is not a proxy URL (http, https, socks4, socks4a, socks5 or "
                         "socks5h://host[:port]): \"" +
                             lc.proxy + "\"");
          lc.proxy.clear();
        }
      }
      if (const YAML::Node sc = l["schemes"]) read_link_schemes(sc, lc, r);
      if (const YAML::Node ex = l["exclude"]) {
        if (!ex.IsSequence()) {
          r.sink().error(location_of(ex, r.origin()), "config/value-type",
                         "'exclude' must be a list of regular expressions");
        } else {
          for (const auto& e : ex) {
            auto s = scalar_string(e, "exclude", r.origin(), "config/value-type", r.sink());
            if (!s) continue;
            if (const UrlPattern p(*s); p.valid())
              lc.exclude.push_back(*s);
            else
              r.sink().error(
                  location_of(e, r.origin()), "config/value-type",
                  "'exclude' entry is not a regular expression: \"" + *s + "\": " + p.error());
          }
        }
      }
    }
  }
}

}  // namespace

std::optional<SiteConfig> load_site_config(const std::filesystem::path& root, DiagnosticSink& sink,
                                           const ConfigOverrides& overrides) {
  if (!site_folders_are_real(root, sink)) return std::nullopt;
  YamlOrigin origin{kSiteConfigPath, 1};
  const ReadResult file = read_file(root / kSiteConfigPath, kMaxConfigBytes);
  if (!file.ok) {
    sink.error({kSiteConfigPath, 0, 0}, "config/read", "cannot read: " + file.error);
    return std::nullopt;
  }
  if (const auto bad = find_invalid_utf8(file.bytes); bad != std::string::npos) {
    sink.error({kSiteConfigPath, 0, 0}, "config/encoding",
               "not valid UTF-8 at byte " + std::to_string(bad));
    return std::nullopt;
  }
  DiagnosticSink local;
  auto doc = parse_yaml(file.bytes, origin, "config/yaml", local);
  if (!doc || !doc->IsMap()) {
    if (doc)
      local.error({kSiteConfigPath, 1, 1}, "config/value-type", "site.yaml must be a mapping");
    sink.merge(local);
    return std::nullopt;
  }
  SiteConfig c;
  check_duplicate_keys(*doc, origin, "config/duplicate-key", local);
  check_unknown_keys(*doc, config_key_names(""), origin, "config/unknown-key", "site.yaml", local);
  if (!overrides.env.empty() && !merge_overlay(root, overrides.env, *doc, origin, local)) {
    sink.merge(local);
    return std::nullopt;
  }
  Reader r(origin, local);
  try {
    read_site(*doc, c, r);
    read_languages(*doc, c, r);
    read_sections(*doc, c, r);
    read_newsletter(*doc, c, r);
    read_optional_blocks(*doc, c, r);
    if (const YAML::Node rules = (*doc)["rules"])
      read_rule_levels(rules, origin, c.rule_levels, local);
  } catch (const YAML::Exception& e) {
    local.error(location_of(e.mark, origin), "config/yaml", std::string("invalid value: ") + e.msg);
  }
  if (!overrides.base_url.empty() && !local.has_errors()) {
    // The command line's base URL, checked by the caller (base_url_problem()).
    c.base_url = overrides.base_url;
    c.base_path = c.base_url.substr(c.base_url.find('/', c.base_url.find("://") + 3));
  }
  sink.merge(local);
  if (local.has_errors()) return std::nullopt;
  sink.set_levels(c.rule_levels);
  return c;
}

}  // namespace pp
