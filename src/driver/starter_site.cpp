// The files of a starter site (`polypress init`): site.yaml and one example
// article per type, neutral in wording, that validate and build at once.
#include <unicode/locid.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>

#include "content/front_matter_skeleton.h"
#include "core/site_layout.h"
#include "driver/driver_internal.h"

namespace pp {

namespace {

// The host of an absolute URL ("https://example.org/blog/" → "example.org").
std::string host_of(const std::string& url) {
  const auto start = url.find("://");
  if (start == std::string::npos) return "example.org";
  const auto end = url.find_first_of("/:?#", start + 3);
  return url.substr(start + 3, end == std::string::npos ? std::string::npos : end - start - 3);
}

// A display name for a mailbox: quoted, without the '"' and '\' that
// newsletter.from refuses inside the quotes (config/newsletter).
std::string display_name(const std::string& name) {
  std::string out = "\"";
  for (char c : name)
    if (c != '"' && c != '\\') out += c;
  return out + "\"";
}

std::string article(const std::string& front_matter, const std::string& body) {
  return "---\n" + front_matter + "---\n\n" + body;
}

}  // namespace

std::string own_language_name(const std::string& code) {
  UErrorCode status = U_ZERO_ERROR;
  const icu::Locale loc = icu::Locale::forLanguageTag(code, status);
  icu::UnicodeString name;
  if (U_SUCCESS(status)) loc.getDisplayName(loc, name);
  if (name.isEmpty()) return code;
  // Switchers show "Español", "Français": a name starts like a title.
  const UChar32 first = name.char32At(0);
  name.replace(0, U16_LENGTH(first), icu::UnicodeString(u_totitle(first)));
  std::string out;
  name.toUTF8String(out);
  return out;
}

namespace {

// pipeline/site.yaml, every value from the options quoted.
std::string site_yaml(const StarterSite& s) {
  const std::string& lang = s.languages.front();
  const std::string host = host_of(s.base_url);
  std::string yaml =
      "# " + s.title +
      ": a polypress site. Every key is described in polypress's docs/spec.md, §2.\n"
      "site:\n"
      "  name: " +
      yaml_quoted(s.title) +
      "\n"
      "  base_url: " +
      yaml_quoted(s.base_url) +
      "\n"
      "  default_language: " +
      lang +
      "\n"
      "  time_zone: UTC  # dates are shown, and weeks cut, in this IANA time zone\n"
      "  # logo: \"https://example.org/logo.png\"  # atop every email; JSON-LD's publisher\n"
      "  # image: \"https://example.org/card.png\"  # what a shared page without a cover shows\n"
      "languages:  # the language switcher's order; the first is the default\n";
  for (const auto& code : s.languages)
    yaml += "  - {code: " + code + ", name: " + yaml_quoted(own_language_name(code)) + "}\n";
  yaml +=
      "sections:  # titles are msgids: translate them in locales/<lang>.po\n"
      "  - {id: news, title: \"News\"}\n"
      "  - {id: reviews, title: \"Reviews\"}\n"
      "  - {id: analysis, title: \"Analysis\"}\n"
      "translations:\n"
      "  fallback: source  # an untranslated article is listed in its own language\n"
      "newsletter:  # the weekly brief (polypress edition); point these at your mailing list\n"
      "  from: " +
      yaml_quoted(display_name(s.title) + " <newsletter@" + host + ">") +
      "\n"
      "  list_id: " +
      yaml_quoted("newsletter." + host) +
      "\n"
      "  subscribe_url: " +
      yaml_quoted(s.base_url + "subscribe") +
      "\n"
      "  unsubscribe_url: " +
      yaml_quoted(s.base_url + "{lang}/unsubscribe") +
      "\n"
      "  # address: \"Your name or company, street, city, country\"  # every email's footer\n";
  return yaml;
}

}  // namespace

std::map<std::string, std::string> starter_site_files(const StarterSite& s) {
  const std::string& lang = s.languages.front();
  const std::string q_title = yaml_quoted(s.title);
  const std::string date = "date: " + s.today + "\n";
  const std::string source = "sources:\n  - {title: " + yaml_quoted("About " + s.title) +
                             ", url: " + yaml_quoted(s.base_url) + ", publisher: " + q_title +
                             ", accessed: " + s.today + "}\n";
  std::map<std::string, std::string> files;
  files[kSiteConfigPath] = site_yaml(s);
  // What a build makes is never committed: outputs are made again, and the
  // state of one machine's builds is no one else's to trust (docs/ci.md).
  files[".gitignore"] =
      "# Made by polypress: outputs, and this machine's build state and link cache.\n"
      "/.polypress/\n/public/\n/mail/\n";
  files[std::string(kContentFolder) + "/news/welcome/index." + lang + ".md"] = article(
      "title: " + yaml_quoted("Welcome to " + s.title) + "\ntype: news\n" + date +
          "summary: \"The first article of a new polypress site: where things are, and what to "
          "do next.\"\n"
          "verdict: \"Replace this article with your own, or delete its folder.\"\n"
          "tags: [getting-started]\n"
          "related: [reviews/example-review, analysis/example-analysis]\n" +
          source,
      "This site was started with `polypress init`. Each article is a folder under "
      "`content/<section>/`, with one `index.<lang>.md` file per language.\n\n"
      "## What to do next\n\n"
      "1. Set the site's name, address and languages in `pipeline/site.yaml`.\n"
      "2. Start an article with `polypress new news/my-first-story`.\n"
      "3. Preview with `polypress serve`, and publish `public/` after `polypress build`.\n\n"
      "The [example review](/reviews/example-review) shows the fields of a review, and the "
      "[example analysis](/analysis/example-analysis) shows figures that every language "
      "formats its own way.\n");
  files[std::string(kContentFolder) + "/reviews/example-review/index." + lang + ".md"] = article(
      "title: \"An example review\"\ntype: review\n" + date +
          "summary: \"What a review carries: a product, a rating out of five, a price, and the "
          "date they were checked.\"\n"
          "verdict: \"A review's verdict is shown first in the weekly brief; keep it to one or "
          "two sentences.\"\n"
          "tags: [getting-started]\n"
          "rating: 4\n"
          "price: {amount: 0, currency: USD, period: once}\n"
          "product: {name: \"Example product\", url: " +
          yaml_quoted(s.base_url) +
          ", kind: tool}\n"
          "checked: " +
          s.today + "\n",
      "A review names its product in the front matter; the page shows the rating and the price "
      "in each reader's language, and the structured data search engines read.\n\n"
      "Write the review here, in Markdown. Headings, lists, tables and links all work:\n\n"
      "| What | How |\n|---|---|\n| Rating | `rating:` from 0 to 5 in steps of 0.5 |\n"
      "| Price | `price:` with an amount, a currency and a period |\n");
  files[std::string(kContentFolder) + "/analysis/example-analysis/index." + lang + ".md"] = article(
      "title: \"An example analysis\"\ntype: analysis\n" + date +
          "summary: \"Figures are written once in the front matter and formatted for every "
          "language: numbers, percentages and prices.\"\n"
          "tags: [getting-started]\n" +
          source +
          "figures:\n"
          "  readers: {value: 12500, format: integer}\n"
          "  share: {value: 0.25, format: percent}\n"
          "  cost: {value: 19.5, format: currency, currency: EUR}\n",
      "An analysis cites its sources, like a news article. Figures are written in the body as "
      "placeholders, so a translation never has to copy a number:\n\n"
      "- {{fig:readers}} readers a month;\n"
      "- {{fig:share}} of them on a phone;\n"
      "- {{fig:cost}} a month to host.\n");
  return files;
}

}  // namespace pp
