#include "config/config_keys.h"

#include <iterator>

namespace pp {

namespace {

// The table docs/spec.md §2 prints (spec_tables_test keeps them the same).
constexpr ConfigKey kKeys[] = {
    {"", "site", "mapping", true, "the site itself"},
    {"", "languages", "list of {code, name, locale?}", true, "order is the switcher's order"},
    {"", "sections", "list of {id, title}", true, "order is the navigation's order"},
    {"", "translations", "mapping", false, "how untranslated articles are shown"},
    {"", "newsletter", "mapping", true,
     "sender and list headers of every email; the pages' subscribe form"},
    {"", "links", "mapping", false, "link schemes allowed; the link checker (`check --external`)"},
    {"", "markdown", "mapping", false, "how bodies are rendered"},
    {"", "assets", "mapping", false, "which files of a bundle are published beside its pages"},
    {"", "email", "mapping", false, "how article emails are made"},
    {"", "feeds", "mapping", false, "what the Atom feeds carry"},
    {"", "paginate", "integer 0–1000", false,
     "`0`: each section and tag page lists all its articles; N: N a page, the next ones at "
     "`page/2/`, `page/3/`, …"},
    {"", "rules", "mapping of rule id to `error` | `warning` | `note` | `ignore`", false,
     "the level of a warning or note rule in every output; error rules stay errors"},
    {"site", "name", "string", true, "the brand, never translated"},
    {"site", "base_url", "absolute http(s) URL", true, "ends with `/`"},
    {"site", "default_language", "language code", true, "one of `languages`"},
    {"site", "time_zone", "IANA time zone", true, "dates are shown and weeks cut in it"},
    {"site", "description", "string", false,
     "a msgid, translated by the catalogs: the home page's description; defaults to `name`"},
    {"site", "logo", "absolute http(s) URL", false,
     "the site's logo: atop every email (160 px wide, in place of the name) and the "
     "publisher's logo in JSON-LD"},
    {"site", "image", "absolute http(s) URL", false,
     "the image a shared page shows (og:image, twitter:card, JSON-LD) when it has no cover "
     "(1200 × 630 is what most sites crop to); without it, the built-in theme's neutral card "
     "(`assets/card.png`)"},
    {"languages", "code", "BCP 47 language code", true,
     "used in paths; a POSIX name (pt_BR) is read as its tag with a note; one ICU has no data "
     "for needs `locale`"},
    {"languages", "name", "string", true, "the language's own name"},
    {"languages", "locale", "BCP 47 locale", false,
     "defaults to `code`; used to format (dates, numbers, plural rules)"},
    {"sections", "id", "slug", true, "`[a-z0-9]+(-[a-z0-9]+)*`, not `assets` or `tags`"},
    {"sections", "title", "string", true, "a msgid, translated by the catalogs"},
    {"translations", "fallback", "`omit` | `source`", false, "`omit`"},
    {"translations", "min_complete", "integer 0–100", false,
     "`50`: an article translated in a catalog (docs/translators.md §3) is published in that "
     "language when at least this share (%) of its words is translated (counted as pocount "
     "counts them)"},
    {"newsletter", "from", "mailbox, at most 100 characters", true, ""},
    {"newsletter", "list_id", "string", true, "the List-Id header"},
    {"newsletter", "subscribe_url", "absolute http(s) URL", true, "the form's target"},
    {"newsletter", "unsubscribe_url", "absolute http(s) URL", true,
     "`{lang}` is replaced by the language"},
    {"newsletter", "unsubscribe_mailto", "email address", false, "List-Unsubscribe mailto"},
    {"newsletter", "address", "one line, at most 300 characters", false,
     "the sender's postal address, in every email's footer (CAN-SPAM asks for one; "
     "`validate` warns without it)"},

    {"links", "timeout_s", "integer 1–600", false, "10"},
    {"links", "concurrency", "integer 1–256", false, "8 (requests in flight)"},
    {"links", "per_host", "integer 1–64", false, "2 (requests in flight per host)"},
    {"links", "retries", "integer 0–10", false, "2"},
    {"links", "cache_ttl_h", "integer 0–8760", false, "24"},
    {"links", "allow_private", "`true` | `false`", false,
     "`false`: loopback, private and link-local targets are refused"},
    {"links", "exclude", "list of RE2 patterns", false, "URLs matching one are not fetched"},
    {"links", "proxy", "proxy URL", false, "none; the proxy environment variables are ignored"},
    {"links", "schemes", "list of scheme names `[a-z][a-z0-9+.-]*`", false,
     "`[http, https, mailto, tel]`: link schemes rendered as written; any other is an error"},
    {"assets", "publish", "list of file extensions `[a-z0-9]+`", false,
     "published besides the default types (images, audio, video, PDF, fonts, subtitles, "
     "data); Markdown files never are"},
    {"email", "max_bytes", "integer 20000–10000000", false,
     "`100000`: an article email whose HTML part is larger is cut at a block boundary and ends "
     "with a link to its page (Gmail clips messages over about 100 KB)"},
    {"feeds", "content", "`full` | `summary`", false,
     "`full`: each entry carries the article's body as HTML besides its summary; `summary`: "
     "the summary alone"},
    {"feeds", "entries", "integer 0–10000", false,
     "`20`: each feed (a language's, a tag's) carries its newest N articles; `0`: every one"},
    {"markdown", "svg", "`warn` | `refuse`", false,
     "`warn`: an SVG beside an article or in `pipeline/static/` that would run script when "
     "opened is a warning; `refuse`: an error"},
    {"markdown", "raw_html", "`sanitize` | `drop` | `error`", false,
     "`sanitize`: the allow-list of §4 passes; `drop`: no raw HTML element; `error`: each is "
     "an error"},
};

}  // namespace

const std::vector<ConfigKey>& config_keys() {
  static const std::vector<ConfigKey> keys(std::begin(kKeys), std::end(kKeys));
  return keys;
}

std::vector<std::string> config_key_names(const std::string& block) {
  std::vector<std::string> names;
  for (const auto& k : config_keys())
    if (block == k.block) names.emplace_back(k.name);
  return names;
}

bool config_key_required(const std::string& block, const std::string& name) {
  for (const auto& k : config_keys())
    if (block == k.block && name == k.name) return k.required;
  return false;
}

std::string config_keys_markdown() {
  // A '|' inside a cell (code spans too) is escaped, or it splits the cell.
  auto cell = [](std::string text) {
    for (std::size_t at = 0; (at = text.find('|', at)) != std::string::npos; at += 2)
      text.insert(at, "\\");
    return text;
  };
  std::string out = "| key | value | required | default or rule |\n|---|---|---|---|\n";
  for (const auto& k : config_keys()) {
    const std::string key = *k.block ? std::string(k.block) + "." + k.name : k.name;
    out += "| `" + key + "` | " + cell(k.type) + " | " + (k.required ? "yes" : "no") + " | " +
           cell(k.value) + " |\n";
  }
  return out;
}

}  // namespace pp
