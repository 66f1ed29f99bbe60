#include <gtest/gtest.h>

#include "config/config.h"
#include "support/temp_site.h"

namespace pp {

namespace {

// The configuration `yaml` gives, and its findings as text.
std::optional<SiteConfig> load(const std::string& yaml, std::string& findings) {
  test::TempDir dir;
  test::write_text(dir.path(), "pipeline/site.yaml", yaml);
  DiagnosticSink sink;
  auto c = load_site_config(dir.path(), sink);
  EXPECT_EQ(c.has_value(), !sink.has_errors());
  findings = format_diagnostics(sink.sorted(), OutputFormat::text);
  return c;
}

std::string load_errors(const std::string& yaml) {
  std::string findings;
  load(yaml, findings);
  return findings;
}

const std::string kGood = R"(site:
  name: S
  base_url: https://s.example/blog/
  default_language: en
  time_zone: Asia/Seoul
languages:
  - {code: en, name: English}
  - {code: fa, name: فارسی, locale: fa-IR-u-nu-arabext}
sections:
  - {id: news, title: "AI News & Research"}
newsletter:
  from: "S <brief@s.example>"
  list_id: brief.s.example
  subscribe_url: https://s.example/subscribe
  unsubscribe_url: https://s.example/{lang}/unsubscribe
)";

}  // namespace

TEST(Config, LoadsTheSampleSite) {
  DiagnosticSink sink;
  const auto c = load_site_config(test::source_dir(), sink);
  ASSERT_TRUE(c) << format_diagnostics(sink.sorted(), OutputFormat::text);
  EXPECT_EQ(c->languages.size(), 5u);
  EXPECT_EQ(c->base_path, "/");
  EXPECT_EQ(c->section("news")->title, "AI News & Research");
}

TEST(Config, KeepsBasePathAndLocale) {
  test::TempDir dir;
  test::write_text(dir.path(), "pipeline/site.yaml", kGood);
  DiagnosticSink sink;
  const auto c = load_site_config(dir.path(), sink);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->base_path, "/blog/");
  EXPECT_EQ(c->language("fa")->locale, "fa-IR-u-nu-arabext");
  EXPECT_EQ(c->language("en")->locale, "en");
}

TEST(Config, ReportsUnknownKeyWithSuggestion) {
  std::string yaml = kGood;
  yaml.replace(yaml.find("  time_zone"), 11, "  time_zon");
  EXPECT_EQ(
      load_errors(yaml),
      "pipeline/site.yaml:2:3: error: missing required key 'time_zone' in 'site' "
      "[config/missing-key]\n"
      "pipeline/site.yaml:5:3: error: unknown key 'time_zon' in 'site'; did you mean 'time_zone'? "
      "[config/unknown-key]\n");
}

// A configured URL is sent to readers and echoed into pages, emails and
// JSON-LD: a path holding a direction control, a line separator, a control or
// Unicode white space is refused at its place; other non-ASCII text is kept.
TEST(Config, AConfiguredUrlHoldsNoControlOrSpace) {
  auto with_image = [](const std::string& url) {
    std::string yaml = kGood;
    yaml.insert(yaml.find("  base_url:"), "  image: \"" + url + "\"\n");
    return yaml;
  };
  EXPECT_EQ(load_errors(with_image("https://s.example/카드.png")), "");
  for (const char* bad : {"https://s.example/card\u202E.png", "https://s.example/a\u2028b",
                          "https://s.example/a\u00A0b", "https://s.example/a\u0085b",
                          "https://s.example/a\u200Fb", "https://s.example/a\u3000b"}) {
    const std::string got = load_errors(with_image(bad));
    EXPECT_TRUE(
        got.starts_with("pipeline/site.yaml:3:10: error: 'image' is not an absolute "
                        "http(s) URL: "))
        << got;
    EXPECT_TRUE(got.ends_with(" [config/url]\n")) << got;
  }
}

TEST(Config, ReportsBadZoneLanguageAndUrl) {
  std::string yaml = kGood;
  yaml.replace(yaml.find("Asia/Seoul"), 10, "Mars/Olympus");
  yaml.replace(yaml.find("code: fa"), 8, "code: qq");
  yaml.replace(yaml.find("https://s.example/blog/"), 23, "ftp://s.example/");
  EXPECT_EQ(
      load_errors(yaml),
      "pipeline/site.yaml:3:13: error: 'base_url' is not an absolute http(s) URL: "
      "\"ftp://s.example/\" [config/url]\n"
      "pipeline/site.yaml:5:14: error: 'time_zone' is not an IANA time zone: \"Mars/Olympus\" "
      "[config/time-zone]\n"
      "pipeline/site.yaml:8:12: warning: ICU has no locale data for 'qq'; its dates, numbers and "
      "plural rules follow its locale 'fa-IR-u-nu-arabext' [config/language-data]\n");
}

TEST(Config, PosixLocaleNamesAreReadAsBcp47) {
  EXPECT_EQ(bcp47_of_posix("pt_BR"), "pt-BR");
  EXPECT_EQ(bcp47_of_posix("zh_Hans"), "zh-Hans");
  EXPECT_EQ(bcp47_of_posix("zh_Hant_TW"), "zh-Hant-TW");
  EXPECT_EQ(bcp47_of_posix("sr@latin"), "sr-Latn");
  EXPECT_EQ(bcp47_of_posix("sr_RS@latin"), "sr-Latn-RS");
  EXPECT_EQ(bcp47_of_posix("uz@cyrillic"), "uz-Cyrl");
  EXPECT_EQ(bcp47_of_posix("de_DE.UTF-8"), "de-DE");
  EXPECT_EQ(bcp47_of_posix("pt-BR"), std::nullopt);
  EXPECT_EQ(bcp47_of_posix("en"), std::nullopt);
  EXPECT_EQ(bcp47_of_posix("_"), std::nullopt);

  std::string yaml = kGood;
  yaml.replace(yaml.find("default_language: en"), 20, "default_language: en_GB");
  yaml.replace(yaml.find("code: en"), 8, "code: en_GB");
  yaml.replace(yaml.find("fa-IR-u-nu-arabext"), 18, "fa_IR");
  std::string findings;
  const auto c = load(yaml, findings);
  ASSERT_TRUE(c);
  EXPECT_EQ(findings,
            "pipeline/site.yaml:7:12: note: 'en_GB' is a POSIX locale name, read as the BCP 47 "
            "tag 'en-GB' (its pages are under /en-GB/) [config/posix-locale]\n"
            "pipeline/site.yaml:8:42: note: 'fa_IR' is a POSIX locale name, read as the BCP 47 "
            "tag 'fa-IR' [config/posix-locale]\n");
  EXPECT_EQ(c->default_language, "en-GB");
  EXPECT_EQ(c->language("en-GB")->locale, "en-GB");
  EXPECT_EQ(c->language("fa")->locale, "fa-IR");
}

// Languages ICU has no data for (Udmurt, Ido, Walloon) are configured with
// the locale they are formatted as; a warning says so.
TEST(Config, ALanguageIcuLacksFormatsAsItsLocale) {
  std::string yaml = kGood;
  yaml.replace(yaml.find("  - {code: fa"), 0,
               "  - {code: udm, name: Удмурт, locale: ru}\n  - {code: wa, name: Walon, locale: "
               "fr-BE}\n");
  std::string findings;
  const auto c = load(yaml, findings);
  ASSERT_TRUE(c);
  EXPECT_EQ(findings,
            "pipeline/site.yaml:8:12: warning: ICU has no locale data for 'udm'; its dates, "
            "numbers and plural rules follow its locale 'ru' [config/language-data]\n"
            "pipeline/site.yaml:9:12: warning: ICU has no locale data for 'wa'; its dates, "
            "numbers and plural rules follow its locale 'fr-BE' [config/language-data]\n");
  EXPECT_EQ(c->language("udm")->locale, "ru");
}

// links.proxy (issue 15 finding 6): a proxy URL of a scheme libcurl speaks to
// proxies, host and port only; anything else is a located error.
TEST(Config, LinksProxyIsAProxyUrl) {
  for (const char* good :
       {"http://127.0.0.1:3128", "https://proxy.example:443/", "socks5h://[::1]:1080",
        "socks4a://proxy.example", "socks5://10.0.0.1:1"}) {
    test::TempDir dir;
    test::write_text(dir.path(), "pipeline/site.yaml",
                     kGood + "links:\n  proxy: \"" + good + "\"\n");
    DiagnosticSink sink;
    const auto c = load_site_config(dir.path(), sink);
    ASSERT_TRUE(c) << good << format_diagnostics(sink.sorted(), OutputFormat::text);
    EXPECT_EQ(c->links.proxy, good);
  }
  for (const char* bad :
       {"ftp://proxy.example", "proxy.example:3128", "http://", "http://user:pw@p.example",
        "http://p.example:0", "http://p.example:65536", "http://p.example:123456",
        "http://p.example/path", "http://p example", "http://[::1", "http://p.example:3128?x"})
    EXPECT_EQ(
        load_errors(kGood + "links:\n  proxy: \"" + bad + "\"\n"),
        std::string("pipeline/site.yaml:17:10: error: 'proxy' is not a proxy URL (http, https, "
                    "socks4, socks4a, socks5 or socks5h://host[:port]): \"") +
            bad + "\" [config/url]\n")
        << bad;
  EXPECT_EQ(load_errors(kGood + "links:\n  proxy: \"\"\n"),
            "pipeline/site.yaml:17:10: error: 'proxy' must not be empty [config/value-type]\n");
}

// links.schemes (docs/spec.md §4): scheme names in lower case, defaulting to
// http, https, mailto and tel; the schemes always refused cannot be listed.
TEST(Config, LinksSchemesAreSchemeNames) {
  {
    test::TempDir dir;
    test::write_text(dir.path(), "pipeline/site.yaml", kGood);
    DiagnosticSink sink;
    const auto c = load_site_config(dir.path(), sink);
    ASSERT_TRUE(c);
    EXPECT_EQ(c->links.schemes, (std::vector<std::string>{"http", "https", "mailto", "tel"}));
  }
  {
    test::TempDir dir;
    test::write_text(dir.path(), "pipeline/site.yaml",
                     kGood + "links:\n  schemes: [https, ftp, web+app, a1.b-c]\n");
    DiagnosticSink sink;
    const auto c = load_site_config(dir.path(), sink);
    ASSERT_TRUE(c) << format_diagnostics(sink.sorted(), OutputFormat::text);
    EXPECT_EQ(c->links.schemes, (std::vector<std::string>{"https", "ftp", "web+app", "a1.b-c"}));
  }
  EXPECT_EQ(load_errors(kGood + "links:\n  schemes: [https, \"tel:\", FTP, 1x, javascript]\n"),
            "pipeline/site.yaml:17:20: error: 'schemes' entry is not a scheme name in lower case "
            "([a-z][a-z0-9+.-]*, without ':'): \"tel:\" [config/value-type]\n"
            "pipeline/site.yaml:17:28: error: 'schemes' entry is not a scheme name in lower case "
            "([a-z][a-z0-9+.-]*, without ':'): \"FTP\" [config/value-type]\n"
            "pipeline/site.yaml:17:33: error: 'schemes' entry is not a scheme name in lower case "
            "([a-z][a-z0-9+.-]*, without ':'): \"1x\" [config/value-type]\n"
            "pipeline/site.yaml:17:37: error: 'schemes' cannot allow 'javascript': such links are "
            "always refused [config/value-type]\n");
  EXPECT_EQ(load_errors(kGood + "links:\n  schemes: https\n"),
            "pipeline/site.yaml:17:12: error: 'schemes' must be a list of scheme names "
            "[config/value-type]\n");
}

TEST(Config, ReportsYamlSyntaxErrorsAtTheirLine) {
  EXPECT_EQ(load_errors("site:\n  name: [unclosed\n"),
            "pipeline/site.yaml:3:1: error: invalid YAML: end of sequence flow not found "
            "[config/yaml]\n");
}

TEST(Config, MissingFileIsAnError) {
  test::TempDir dir;
  DiagnosticSink sink;
  EXPECT_FALSE(load_site_config(dir.path(), sink));
  EXPECT_EQ(sink.sorted().at(0).rule, "config/read");
}

// `rules:` sets the level of warning and note rules; error rules stay errors.
TEST(Config, RuleLevels) {
  std::string findings;
  auto c = load(kGood + "rules:\n  link/untranslated: ignore\n  i18n/plural-forms-extra: warning\n",
                findings);
  ASSERT_TRUE(c) << findings;
  EXPECT_EQ(findings, "");
  EXPECT_EQ(c->rule_levels.at("link/untranslated"), std::nullopt);
  EXPECT_EQ(c->rule_levels.at("i18n/plural-forms-extra"), Severity::warning);
  EXPECT_EQ(load_errors(kGood + "rules:\n  link/untranslatd: ignore\n  link/untranslated: quiet\n"
                                "  link/anchor: warning\n  link/anchor-x: [a]\n"),
            "pipeline/site.yaml:17:3: error: unknown key 'link/untranslatd' in 'rules'; did you "
            "mean 'link/untranslated'? [config/rules]\n"
            "pipeline/site.yaml:18:22: error: 'quiet' is not a level; use error, warning, note or "
            "ignore [config/rules]\n"
            "pipeline/site.yaml:19:16: error: 'link/anchor' is an error: build cannot go on past "
            "it, so it cannot be set to warning (only warnings and notes can be) [config/rules]\n"
            "pipeline/site.yaml:20:3: error: unknown key 'link/anchor-x' in 'rules'; did you mean "
            "'link/anchor'? [config/rules]\n");
}

}  // namespace pp

namespace pp {

// newsletter.address is one line a reader sees as written: a line break of
// any kind (NEL, U+2028) or a control that turns its direction (U+202E) is
// refused at its place; a blank one is no address (found by the outside
// audit of issue 38: they were accepted, and a blank one silenced the
// config/postal-address warning).
TEST(Config, ThePostalAddressIsOneLineWithoutDirectionControls) {
  std::string findings;
  auto c = load(kGood + "  address: \"S Ltd, 1 Main St, Springfield\"\n", findings);
  ASSERT_TRUE(c) << findings;
  EXPECT_EQ(c->newsletter.address, "S Ltd, 1 Main St, Springfield");
  c = load(kGood + "  address: \"   \"\n", findings);
  ASSERT_TRUE(c) << findings;
  EXPECT_EQ(c->newsletter.address, "");
  for (const char* bad : {"S Ltd\\u2028Main St", "S Ltd\\x85Main St", "\\u202Ets dtL S",
                          "S\\u2066Ltd\\u2069", "S Ltd\\nMain St"})
    EXPECT_EQ(load_errors(kGood + "  address: \"" + bad + "\"\n"),
              "pipeline/site.yaml:16:12: error: 'address' must be one line of at most 300 "
              "characters, without direction controls [config/range]\n")
        << bad;
}

}  // namespace pp
