#include <gtest/gtest.h>

#include "config/config.h"
#include "support/temp_site.h"

namespace pp {

namespace {

std::string load_errors(const std::string& yaml) {
  test::TempDir dir;
  test::write_text(dir.path(), "pipeline/site.yaml", yaml);
  DiagnosticSink sink;
  const auto c = load_site_config(dir.path(), sink);
  EXPECT_EQ(c.has_value(), !sink.has_errors());
  return format_diagnostics(sink.sorted(), OutputFormat::text);
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
      "pipeline/site.yaml:8:12: error: 'qq' is not a language code ICU knows [config/language]\n");
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

}  // namespace pp
