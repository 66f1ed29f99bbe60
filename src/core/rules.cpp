#include "core/rules.h"

#include <algorithm>

namespace pp {

const std::vector<RuleInfo>& all_rules() {
  static const std::vector<RuleInfo> rules = [] {
    const Severity E = Severity::error, W = Severity::warning;
    std::vector<RuleInfo> r = {
        {"bundle/empty", W, "a bundle folder holds no index.<lang>.md file"},
        {"bundle/file-name", E, "an article file is not named index.<lang>.md"},
        {"bundle/language", E, "the language of a file name is not configured in site.yaml"},
        {"bundle/read", E, "an article file cannot be read"},
        {"bundle/section", E, "a folder under content/ is not a configured section"},
        {"bundle/shared-key", E,
         "a translation gives a shared key with a value other than the source's"},
        {"bundle/slug", E, "a bundle folder name is not a slug [a-z0-9]+(-[a-z0-9]+)*"},
        {"bundle/source", E, "a bundle has no source file, or more than one"},
        {"bundle/source-digest", E, "the source file carries a source_digest"},
        {"bundle/stray-file", W, "a file where only section or bundle folders belong"},
        {"bundle/symlink", W, "a symbolic link in content/ (never followed)"},
        {"bundle/too-large", E, "an article file is larger than 1 MiB"},
        {"bundle/translation-of", E, "translation_of does not name the bundle's source language"},
        {"config/duplicate-key", E, "a key appears twice in site.yaml"},
        {"config/encoding", E, "site.yaml is not valid UTF-8"},
        {"config/language", E,
         "a language or locale ICU does not know, listed twice, or a default language not listed"},
        {"config/missing-key", E, "a required key of site.yaml is missing"},
        {"config/range", E, "a number in site.yaml is out of its range"},
        {"config/read", E, "site.yaml cannot be read"},
        {"config/section", E, "a section id is not a slug, is 'assets', or is listed twice"},
        {"config/time-zone", E, "time_zone is not an IANA time zone"},
        {"config/unknown-key", E, "a key site.yaml does not know (with a suggestion)"},
        {"config/url", E,
         "a URL of site.yaml is not absolute http(s), or base_url does not end with /"},
        {"config/value-type", E, "a value of site.yaml has the wrong type"},
        {"config/yaml", E, "site.yaml is not valid YAML"},
        {"emit/path", E, "an output path would leave the output folder"},
        {"emit/read", E, "a file to copy into the output cannot be read"},
        {"emit/symlink", W, "a symbolic link in pipeline/static/ (never followed)"},
        {"emit/write", E,
         "an output file cannot be written (the output folder is a file, disk full, read-only)"},
        {"figure/currency", E,
         "a currency figure without a currency, or a code that is not ISO 4217"},
        {"figure/format", E, "a figure format that is neither a known style nor an ICU skeleton"},
        {"figure/name", E, "a figure name does not match [a-z][a-z0-9_]*"},
        {"figure/undefined", E, "{{fig:NAME}} names no figure of the front matter"},
        {"figure/unused", W, "a figure is defined but never used in the body"},
        {"front-matter/anchor", E, "YAML anchors or aliases in front matter"},
        {"front-matter/bool", E, "a boolean other than true or false (yes, no, on, off...)"},
        {"front-matter/date", E,
         "a date that is malformed or impossible, or a date-time without offset"},
        {"front-matter/duplicate-key", E, "a key appears twice in the same mapping"},
        {"front-matter/encoding", E,
         "invalid UTF-8, a NUL or control character, or a byte order mark inside the file"},
        {"front-matter/length", E,
         "a string outside its length limits (title 1-200, summary 1-500)"},
        {"front-matter/missing", E, "the file does not start with a --- line"},
        {"front-matter/price", E,
         "price amount negative, currency not ISO 4217, or period unknown"},
        {"front-matter/product", E, "product kind is not tool, model, mcp-server or repository"},
        {"front-matter/rating", E, "rating outside 0-5 or not in steps of 0.5"},
        {"front-matter/required", E, "a required key is missing (per file, per type)"},
        {"front-matter/source-digest", E, "source_digest is not 40 hex digits"},
        {"front-matter/tab", E, "a tab character in YAML indentation"},
        {"front-matter/tags", E, "a tag that is not a slug"},
        {"front-matter/too-deep", E, "YAML nested deeper than 32 levels"},
        {"front-matter/too-large", E, "front matter larger than 64 KiB"},
        {"front-matter/type", E, "type is not news, review or analysis"},
        {"front-matter/unknown-key", E, "a key the front matter does not know (with a suggestion)"},
        {"front-matter/unterminated", E, "no closing --- line"},
        {"front-matter/updated", E, "updated is before date"},
        {"front-matter/value-type", E, "a value has the wrong type, or a key has no value"},
        {"front-matter/yaml", E, "front matter is not valid YAML"},
        {"front-matter/yaml-tag", E, "YAML tags (!tag) in front matter"},
        {"i18n/missing-pot", E, "i18n update finds no locales/polypress.pot to merge"},
        {"i18n/missing-catalog", W, "a configured language has no locales/<lang>.po"},
        {"i18n/msgfmt", E, "msgfmt cannot be run"},
        {"i18n/placeholder", E, "a translation's {placeholders} differ from the msgid's"},
        {"i18n/plural-forms", E,
         "Plural-Forms missing, or nplurals unlike the language's CLDR plural categories"},
        {"i18n/missing-msgid", E,
         "a string of the templates or the code is missing from locales/polypress.pot"},
        {"i18n/stamp", E,
         "translations stamp was given a source file, or a file that is not an article"},
        {"i18n/syntax", E, "msgfmt rejects a catalog"},
        {"link/anchor", E, "a link's #anchor is not a heading id of its target page"},
        {"link/broken", E,
         "an external link is dead: 404, 410, a name that does not resolve, a redirect loop or a "
         "refused scheme"},
        {"link/flaky", W,
         "an external link could not be confirmed: timeout, 5xx, 429 after retries, TLS failure"},
        {"link/skipped", Severity::note,
         "an external link was not checked: excluded, or a private address"},
        {"link/cache", W, "the link cache in .polypress/ cannot be opened; every URL is fetched"},
        {"link/local", E, "a relative link to a file that is not in the bundle, or that leaves it"},
        {"link/related", E, "related names an unknown bundle, or the bundle itself"},
        {"link/scheme", E, "a javascript:, vbscript: or data: link"},
        {"link/unknown-bundle", E,
         "an internal link to a bundle that does not exist, or a path that is not /section/slug"},
        {"link/untranslated", W,
         "a link to a bundle not translated into the page's language (linked in its source "
         "language)"},
        {"markdown/raw-html", W, "raw HTML in the body (never rendered)"},
        {"markdown/too-complex", E,
         "a body that would take more than 2 s or expand more than 20 times when rendered"},
        {"source/accessed", E, "a source's accessed date is in the future"},
        {"source/duplicate", W, "the same source URL twice in one file"},
        {"source/url", E, "a source or product URL that is not a well-formed absolute http(s) URL"},
        {"source/required", E, "a news or analysis article without sources"},
        {"template/missing", E, "a required page template is missing"},
        {"template/raw", E, "a triple mustache outside body_html and json_ld"},
        {"template/read", E, "a template cannot be read"},
        {"template/render", E, "a template fails while rendering"},
        {"template/syntax", E, "a template is not valid Mustache"},
        {"template/unquoted-attribute", E, "an attribute value from a tag without quotes"},
    };
    std::sort(r.begin(), r.end(), [](const RuleInfo& a, const RuleInfo& b) { return a.id < b.id; });
    return r;
  }();
  return rules;
}

const RuleInfo* find_rule(const std::string& id) {
  const auto& rules = all_rules();
  auto it = std::lower_bound(rules.begin(), rules.end(), id,
                             [](const RuleInfo& r, const std::string& key) { return r.id < key; });
  return it != rules.end() && it->id == id ? &*it : nullptr;
}

}  // namespace pp
