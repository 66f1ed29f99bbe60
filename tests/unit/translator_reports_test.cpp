// The translators' reports, formatted by the command line from the driver's data.
#include <gtest/gtest.h>

#include "cli/translator_reports.h"

namespace pp {
namespace {

TranslationsResult matrix() {
  TranslationsResult r;
  r.languages = {"en", "ko", "zh-Hant-TW-x"};
  r.rows = {{"news/a-very-long-slug",
             {{"en", TranslationState::source},
              {"ko", TranslationState::stale},
              {"zh-Hant-TW-x", TranslationState::missing}},
             {}},
            {"reviews/t",
             {{"en", TranslationState::source},
              {"ko", TranslationState::up_to_date},
              {"zh-Hant-TW-x", TranslationState::unstamped}},
             {}}};
  return r;
}

TEST(TranslatorReports, TheMatrixIsATableWithTotals) {
  EXPECT_EQ(translations_text(matrix()),
            "bundle                 en          ko          zh-Hant-TW-x\n"
            "news/a-very-long-slug  source      stale       missing\n"
            "reviews/t              source      up to date  unstamped\n"
            "1 up to date, 1 stale, 1 unstamped, 1 missing\n");
}

TEST(TranslatorReports, StaleDiffsFollowTheMatrix) {
  TranslationsResult r = matrix();
  r.diffs = {{"content/news/a-very-long-slug/index.ko.md",
              "content/news/a-very-long-slug/index.en.md",
              "0123456789abcdef0123456789abcdef01234567",
              true,
              {{SourceChange::changed, "title", 2, 2, {"title: Old"}, {"title: New"}},
               {SourceChange::added, "", 0, 9, {}, {"New paragraph."}}}}};
  const std::string text = translations_text(r);
  EXPECT_NE(text.find("1 missing\n\n"
                      "content/news/a-very-long-slug/index.ko.md: stale; "
                      "content/news/a-very-long-slug/index.en.md changed since 0123456789ab\n"
                      "  content/news/a-very-long-slug/index.en.md:2: front matter 'title' "
                      "changed\n    - title: Old\n    + title: New\n"
                      "  content/news/a-very-long-slug/index.en.md:9: paragraph added\n"
                      "    + New paragraph.\n"),
            std::string::npos)
      << text;
  const std::string json = translations_json(r);
  EXPECT_NE(json.find("\"source_digest\": \"0123456789abcdef0123456789abcdef01234567\""),
            std::string::npos)
      << json;
  // Only the row of the diff's bundle carries it.
  EXPECT_EQ(json.find("\"diffs\""), json.rfind("\"diffs\"")) << json;
}

TEST(TranslatorReports, StatsTableAndThreshold) {
  I18nStatsResult r;
  LanguageStats en{"en", true, CatalogStats{0, 0, 4, 0}, 100.0, 2, 0, 0, 0, 0, 100.0, 0, 0, {}};
  LanguageStats de{"de", false, CatalogStats{3, 1, 0, 0}, 75.0, 0, 2, 0, 0, 0, 100.0, 0, 0, {}};
  LanguageStats ko{"ko", false, std::nullopt, 0.0, 0, 1, 1, 0, 0, 50.0, 0, 0, {}};
  r.languages = {en, de, ko};
  EXPECT_EQ(i18n_stats_text(r),
            "language  translated  fuzzy untranslated      %   up to date  stale unstamped "
            "catalogs missing      %\n"
            "en                 0      0            4 source            2      0         0 "
            "       0       0 100.0%\n"
            "de                 3      1            0  75.0%            2      0         0 "
            "       0       0 100.0%\n"
            "ko        no catalog      -            -      -            1      1         0 "
            "       0       0  50.0%\n");
  // A language translated in catalogs only: its articles are there, not
  // missing (11 of 12 catalogs complete).
  LanguageStats fr{"fr", false, std::nullopt, 0.0, 0, 0, 0, 0, 0, 91.7, 12, 11, {}};
  r.languages = {fr};
  EXPECT_EQ(i18n_stats_text(r).substr(i18n_stats_text(r).find('\n') + 1, 86),
            "fr        no catalog      -            -      -            0      0         0 "
            "   11/12");
  r.languages = {en, de, ko};
  // The source language's strings are the msgids: never below the bar.
  EXPECT_EQ(i18n_stats_below(r, 0), std::vector<std::string>{});
  EXPECT_EQ(i18n_stats_below(r, 1), std::vector<std::string>{"ko (strings 0.0 %)"});
  EXPECT_EQ(
      i18n_stats_below(r, 80),
      (std::vector<std::string>{"de (strings 75.0 %)", "ko (strings 0.0 %, articles 50.0 %)"}));
  r.languages = {de};
  EXPECT_EQ(i18n_stats_below(r, 75), std::vector<std::string>{});
  EXPECT_EQ(i18n_stats_json(r),
            "[\n  {\n    \"articles\": {\n      \"catalog\": 0,\n      \"missing\": 0,\n"
            "      \"percent\": 100.0,\n"
            "      \"source\": 0,\n      \"stale\": 0,\n      \"unstamped\": 0,\n"
            "      \"up_to_date\": 2\n    },\n    \"language\": \"de\",\n"
            "    \"segments\": {\n      \"fuzzy\": 0,\n      \"translated\": 0,\n"
            "      \"untranslated\": 0\n    },\n"
            "    \"source_language\": false,\n    \"strings\": {\n"
            "      \"fuzzy\": 1,\n      \"percent\": 75.0,\n      \"translated\": 3,\n"
            "      \"untranslated\": 0\n    }\n  }\n]\n");
}

TEST(TranslatorReports, CatalogUpdateLines) {
  I18nUpdateResult r;
  r.catalogs = {{"locales/ar.po", CatalogWritten::created, CatalogStats{0, 0, 5, 0}},
                {"locales/ko.po", CatalogWritten::updated, CatalogStats{4, 1, 0, 2}},
                {"locales/en.po", CatalogWritten::unchanged, std::nullopt}};
  EXPECT_EQ(catalog_update_text(r),
            "locales/ar.po: created, 0 translated, 0 fuzzy, 5 untranslated, 0 obsolete\n"
            "locales/ko.po: updated, 4 translated, 1 fuzzy, 0 untranslated, 2 obsolete\n"
            "locales/en.po: unchanged\n");
}

}  // namespace
}  // namespace pp
