#include "core/rules.h"

#include <algorithm>

namespace pp {

namespace {

// One row of the registry; constant-initialized, so it is ready before any
// static constructor could ask for a rule.
struct RuleRow {
  const char* id;
  Severity severity;
  const char* summary;
};

constexpr Severity E = Severity::error, W = Severity::warning;

// Every rule, in any order: all_rules() sorts them.
constexpr RuleRow kRules[] = {
    {"figure/too-many", E, "an article defines more than 100 figures"},
    {"front-matter/expires", E, "'expires' is not after 'date'"},
    {"bundle/future", Severity::note,
     "an article dated after the build's time is not published yet (build --future shows it)"},
    {"bundle/expired", Severity::note,
     "an article past its 'expires' date is not published (build --expired keeps it)"},
    {"markdown/too-many-links", E, "an article has more than 2,000 links and images"},
    {"bundle/changed", E, "an article file changed while the site was being built"},
    {"bundle/empty", W, "a bundle folder holds no index.<lang>.md file"},
    {"bundle/file-name", E,
     "an article file is not named index.<lang>.md, or a file name holds a control "
     "character, line break, bidi control or invalid UTF-8"},
    {"bundle/language", E, "the language of a file name is not configured in site.yaml"},
    {"bundle/read", E, "an article file cannot be read"},
    {"bundle/section", E, "a folder under content/ is not a configured section"},
    {"bundle/shared-key", E,
     "a translation gives a shared key with a value other than the source's"},
    {"bundle/slug", E, "a bundle folder name is not a slug [a-z0-9]+(-[a-z0-9]+)*"},
    {"bundle/source", E, "a bundle has no source file, or more than one"},
    {"bundle/source-digest", E, "the source file carries a source_digest"},
    {"bundle/stray-file", W,
     "a file where only section or bundle folders belong, an editor's backup, or a special "
     "file"},
    {"bundle/symlink", W, "a symbolic link in content/ (never followed)"},
    {"bundle/too-large", E,
     "an article file, or an entry of an article catalog, is larger than 1 MiB"},
    {"bundle/too-deep", E, "folders nest more than 16 deep in a bundle"},
    {"bundle/svg-refused", E,
     "an SVG in a bundle would run script when opened, under markdown.svg: refuse"},
    {"bundle/svg-script", W, "an SVG in a bundle holds a script or event attributes"},
    {"bundle/translation-of", E, "translation_of does not name the bundle's source language"},
    {"config/linked-folder", E,
     "content/, pipeline/, locales/ or a template or static folder is a symbolic link"},
    {"config/committed-state", W,
     "git tracks files of .polypress/ (one machine's build state and link cache)"},
    {"config/duplicate-key", E, "a key appears twice in site.yaml"},
    {"config/postal-address", W,
     "newsletter.address is not set: bulk email carries the sender's postal address "
     "(CAN-SPAM)"},
    {"config/encoding", E, "site.yaml is not valid UTF-8"},
    {"config/language", E,
     "a language or locale ICU does not know, listed twice, or a default language not listed"},
    {"config/language-data", W,
     "ICU has no locale data for a configured language; its dates, numbers and plural rules "
     "follow the locale it declares"},
    {"config/missing-key", E, "a required key of site.yaml is missing"},
    {"config/newsletter", E,
     "a newsletter value an email header cannot carry: from not one mailbox, list_id not a "
     "List-Id, unsubscribe_url not a plain https URL, unsubscribe_mailto not an address"},
    {"config/posix-locale", Severity::note,
     "a POSIX locale name (pt_BR, zh_Hans, sr@latin) in site.yaml, a catalog's or an article "
     "file's name, read as its BCP 47 tag"},
    {"config/range", E, "a number in site.yaml is out of its range"},
    {"config/read", E, "site.yaml cannot be read"},
    {"config/rules", E,
     "a rule of `rules:` polypress does not have, a level other than error, warning, note or "
     "ignore, or an error rule set lower"},
    {"config/section", E, "a section id is not a slug, is 'assets', or is listed twice"},
    {"config/time-zone", E, "time_zone is not an IANA time zone"},
    {"config/unknown-key", E, "a key site.yaml does not know (with a suggestion)"},
    {"config/url", E,
     "a URL of site.yaml is not absolute http(s), or base_url does not end with /"},
    {"config/value-type", E, "a value of site.yaml has the wrong type"},
    {"config/yaml", E, "site.yaml is not valid YAML"},
    {"edition/empty", E, "no article (or none in a language) was published in the week"},
    {"email/header", E, "an email header value from site.yaml cannot be written safely"},
    {"email/svg-image", W,
     "an SVG beside an article that librsvg cannot draw as the PNG emails show: an email "
     "shows the SVG (Gmail and Outlook show nothing), or a blank picture"},
    {"email/too-large", E,
     "an HTML email is over email.max_bytes even without its article's body (the templates and "
     "front matter alone): Gmail clips it"},
    {"email/truncated", W,
     "an article's HTML email is over email.max_bytes: it is cut at a block boundary and ends "
     "with a link to the page"},
    {"emit/clean-refused", E,
     "build --clean given an output folder that holds files but none of the build's outputs "
     "(the site's .git, a home folder): nothing is removed"},
    {"emit/file-name", E,
     "a file name in pipeline/static/ with a control character, line break, bidi control "
     "or invalid UTF-8"},
    {"emit/no-record", W,
     "no record of what earlier builds wrote (.polypress/build.sqlite missing or damaged) and "
     "files in the output folders this build does not produce: kept (build --clean removes "
     "them)"},
    {"emit/not-removed", W,
     "a file in an output folder that the build should remove but cannot (permissions, "
     "another file system mounted there): it stays; each build tries again"},
    {"emit/not-produced", Severity::note,
     "a file in an output folder that the build did not produce (kept; reported once)"},
    {"emit/output-link", E,
     "a symbolic link inside an output folder on the way to a file polypress writes"},
    {"emit/path", E, "an output path would leave the output folder"},
    {"emit/state", W,
     "the build state in .polypress/build.sqlite cannot be written, or was damaged"},
    {"emit/state-folder", E, "a symbolic link or special file in .polypress/"},
    {"emit/stray-file", W, "an editor's backup or a special file in pipeline/static/"},
    {"emit/svg-refused", E,
     "an SVG in pipeline/static/ would run script when opened, under markdown.svg: refuse"},
    {"emit/svg-script", W, "an SVG in pipeline/static/ holds a script or event attributes"},
    {"emit/too-deep", E, "folders nest more than 16 deep in pipeline/static/"},
    {"emit/read", E, "a file to copy into the output cannot be read"},
    {"emit/symlink", W, "a symbolic link in pipeline/static/ (never followed)"},
    {"emit/write", E,
     "an output file cannot be written (the output folder is a file, disk full, read-only)"},
    {"figure/currency", E, "a currency figure without a currency, or a code that is not ISO 4217"},
    {"figure/format", E, "a figure format that is neither a known style nor an ICU skeleton"},
    {"figure/name", E, "a figure name does not match [a-z][a-z0-9_]*"},
    {"figure/name-length", E, "a figure name is longer than 64 characters"},
    {"figure/undefined", E, "{{fig:NAME}} names no figure of the front matter"},
    {"figure/unused", W, "a figure is defined but never used in the body"},
    {"front-matter/anchor", E, "YAML anchors or aliases in front matter"},
    {"front-matter/bool", E, "a boolean other than true or false (yes, no, on, off...)"},
    {"front-matter/date", E,
     "a date that is malformed or impossible, or a date-time without offset"},
    {"front-matter/duplicate-key", E, "a key appears twice in the same mapping"},
    {"front-matter/bidi", E,
     "a bidi override, or a bidi embedding or isolate not closed within its value"},
    {"front-matter/encoding", E,
     "invalid UTF-8, a control character (a form feed only outside the body) or noncharacter "
     "(also as a YAML escape), or a byte order mark inside the file"},
    {"front-matter/length", E, "a string outside its length limits (title 1-200, summary 1-500)"},
    {"front-matter/missing", E, "the file does not start with a --- line"},
    {"front-matter/price", E, "price amount negative, currency not ISO 4217, or period unknown"},
    {"front-matter/product", E, "product kind is not tool, model, mcp-server or repository"},
    {"front-matter/rating", E, "rating outside 0-5 or not in steps of 0.5"},
    {"front-matter/required", E, "a required key is missing (per file, per type)"},
    {"front-matter/source-digest", E, "source_digest is not 40 hex digits"},
    {"front-matter/tab", E, "a tab character in YAML indentation"},
    {"front-matter/tags", E, "a tag that is not a slug"},
    {"front-matter/cover", E, "a cover that is not an image file of its bundle"},
    {"front-matter/extra", E,
     "an 'extra' name a template cannot use, or values nested too deep or too many"},
    {"front-matter/too-deep", E, "YAML nested deeper than 32 levels"},
    {"front-matter/too-large", E, "front matter larger than 64 KiB"},
    {"front-matter/type", E, "type is not news, review or analysis"},
    {"front-matter/unsafe-url", W,
     "an extra value a template puts in a URL has a scheme pages never link to (javascript:)"},
    {"front-matter/unknown-key", E, "a key the front matter does not know (with a suggestion)"},
    {"front-matter/unterminated", E, "no closing --- line"},
    {"front-matter/updated", E, "updated is before date"},
    {"front-matter/value-type", E, "a value has the wrong type, or a key has no value"},
    {"front-matter/yaml", E, "front matter is not valid YAML"},
    {"front-matter/yaml-tag", E, "YAML tags (!tag) in front matter"},
    {"i18n/read", E, "a catalog or template is a link, a FIFO, a device, or unreadable"},
    {"i18n/character", W,
     "a translation holds a character XML or HTML refuse (a control character or "
     "noncharacter); it is left out of the output"},
    {"i18n/missing-pot", E,
     "i18n update finds no locales/polypress.pot (or, with --articles, no article template) to "
     "merge"},
    {"i18n/incomplete", Severity::note,
     "an article catalog translates less than translations.min_complete: the article is not "
     "published from it"},
    {"i18n/segment", W,
     "a segment's translation in an article catalog is not one block of its kind (one "
     "paragraph's text, one raw HTML block): the source's text is shown"},
    {"i18n/empty-plural-form", W,
     "a plural entry has an empty msgstr[i] beside translated ones; it counts as untranslated"},
    {"i18n/missing-catalog", W, "a configured language has no locales/<lang>.po"},
    {"i18n/msgfmt", E, "msgfmt cannot be run"},
    {"i18n/placeholder", E,
     "a translation's {placeholders} differ from the msgid's ({{fig:…}} tokens, [^note] calls and "
     "raw HTML elements in article catalogs)"},
    {"i18n/placeholder-length", E,
     "a {placeholder} name in a catalog is longer than 64 characters"},
    {"i18n/plural-forms", E,
     "Plural-Forms missing or unreadable, or it gives some whole number a form another CLDR "
     "plural category uses"},
    {"i18n/plural-forms-extra", Severity::note,
     "Plural-Forms is right for every whole number and has a form only fractions use, or "
     "shares \"other\"'s form with CLDR's category for millions"},
    {"i18n/bidi", E,
     "a translation holds a bidi override, or a bidi embedding or isolate it does not close"},
    {"i18n/plural-forms-latent", Severity::note,
     "Plural-Forms gives some whole numbers another CLDR category's form, but no translated "
     "plural entry reads differently for them yet"},
    {"i18n/plural-forms-fixed", Severity::note,
     "i18n update --fix-plural-forms set a corrected Plural-Forms and renumbered the plural "
     "entries"},
    {"i18n/missing-msgid", E,
     "a string of the templates or the code is missing from locales/polypress.pot"},
    {"i18n/stamp", E,
     "translations stamp was given a source file, or a file that is not an article"},
    {"i18n/syntax", E, "msgfmt rejects a catalog"},
    {"link/ca-certificates", E,
     "check --external has no CA certificates, so no https URL can be checked"},
    {"link/anchor", E, "a link's #anchor is not a heading id of its target page"},
    {"link/broken", E,
     "an external link is dead: 404, 410, a name that does not resolve, a redirect loop or a "
     "refused scheme"},
    {"link/flaky", W,
     "an external link could not be confirmed: timeout, 5xx, 429 after retries, TLS failure"},
    {"link/skipped", Severity::note,
     "an external link was not checked: excluded, or a private address"},
    {"link/cache", W, "the link cache in .polypress/ cannot be opened; every URL is fetched"},
    {"link/local", E,
     "a relative link to a file that is not in the bundle, or that leaves it; an empty or "
     "query-only target"},
    {"link/related", E, "related names an unknown bundle, or the bundle itself"},
    {"link/scheme", E,
     "a javascript:, vbscript: or data: link, or a scheme not in links.schemes (tel:, ftp:, …)"},
    {"link/unknown-bundle", E,
     "a link to a bundle, language, section, article or static file the site does not have, "
     "or a root-relative path that is none of the site's pages and files"},
    {"link/unpublished", E,
     "a published article links to, or names as related, an article this build does not "
     "publish (a draft, future-dated or expired; build --drafts/--future/--expired publishes "
     "it)"},
    {"link/untranslated", W,
     "a link to a bundle not translated into the page's language (linked in its source "
     "language)"},
    {"markdown/cjk-emphasis", W,
     "a ** or ~~ beside CJK text that no pairing rule can close: shown as written"},
    {"markdown/heading-id", E,
     "a heading's own id (`## Title {#id}`) is malformed or already an id of the page"},
    {"markdown/raw-html", W,
     "a raw HTML element dropped (not on the allow-list, or markdown.raw_html: drop), or an "
     "attribute of one left out; says whether visible text was lost"},
    {"markdown/raw-html-refused", E, "raw HTML in a body when markdown.raw_html is error"},
    {"markdown/too-complex", E,
     "a body (or an entry of an article catalog) too deeply nested, too costly to parse "
     "(counted before parsing), or that would expand more than 20 times when rendered"},
    {"source/accessed", E, "a source's accessed date is in the future"},
    {"source/duplicate", W, "the same source URL twice in one file"},
    {"source/url", E, "a source or product URL that is not a well-formed absolute http(s) URL"},
    {"source/required", E, "a news or analysis article without sources"},
    {"template/partial", E, "a {{> name}} that names no template"},
    {"template/variable", E, "a tag names what no view model gives (docs/templates.md)"},
    {"template/context", E,
     "a value where an element's or attribute's name goes, or a delimiter change"},
    {"template/raw", E, "a triple mustache outside body_html and json_ld"},
    {"template/read", E, "a template cannot be read"},
    {"template/render", E, "a template fails while rendering"},
    {"template/syntax", E, "a template is not valid Mustache"},
    {"template/unquoted-attribute", E, "an attribute value from a tag without quotes"},
};

}  // namespace

const std::vector<RuleInfo>& all_rules() {
  static const std::vector<RuleInfo> rules = [] {
    std::vector<RuleInfo> r;
    for (const RuleRow& row : kRules) r.push_back({row.id, row.severity, row.summary});
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
