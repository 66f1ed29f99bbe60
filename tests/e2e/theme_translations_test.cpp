// The built-in theme's own translations (theme/locales/) filling a site's
// catalogs at `init` and `i18n update` (docs/translators.md, "The theme's
// translations"), through the binary as a translator runs it.
#include <gtest/gtest.h>

#include <regex>

#include "support/temp_site.h"

namespace pp {

namespace fs = std::filesystem;
using test::run_polypress;

namespace {

// The languages the theme ships, by their catalogs' names.
std::vector<std::string> theme_languages() {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(test::source_dir() / "theme/locales"))
    if (e.path().extension() == ".po") out.push_back(e.path().stem().string());
  std::sort(out.begin(), out.end());
  return out;
}

// `text` with the msgstr of the entry `msgid` (a one-line msgstr) set to `msgstr`.
std::string with_msgstr(const std::string& text, const std::string& msgid,
                        const std::string& msgstr) {
  const std::regex entry("(msgid \"" + msgid + "\"\nmsgstr )\"[^\n]*\"\n");
  std::string out = std::regex_replace(text, entry, "$1\"" + msgstr + "\"\n");
  EXPECT_NE(out, text) << msgid;
  return out;
}

}  // namespace

// Every language the theme ships translates every string of the theme, with
// placeholders and plural forms `i18n check` accepts; a regional tag takes
// its language's catalog, Chinese goes by script.
TEST(ThemeTranslations, EveryShippedLanguageTranslatesEveryThemeString) {
  const auto langs = theme_languages();
  ASSERT_GE(langs.size(), 12u);
  test::TempDir dir;
  const fs::path site = dir.path() / "site";
  std::string list = "en";
  for (const auto& l : langs) list += "," + l;
  list += ",ar-EG,fr-CA,zh-CN,zh-TW,hi-Latn";
  auto r = run_polypress({"init", site.string(), "--quiet", "--languages", list});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  r = run_polypress({"-C", site.string(), "i18n", "update"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const auto& l : langs)
    EXPECT_NE(r.out.find("locales/" + l + ".po: unchanged, "), std::string::npos) << r.out;
  const std::regex line(
      "locales/([A-Za-z-]+)\\.po: unchanged, (\\d+) translated, 0 fuzzy, "
      "(\\d+) untranslated");
  std::map<std::string, std::pair<int, int>> counts;
  for (std::sregex_iterator it(r.out.begin(), r.out.end(), line), end; it != end; ++it)
    counts[(*it)[1]] = {std::stoi((*it)[2]), std::stoi((*it)[3])};
  for (const auto& l : langs) {
    EXPECT_EQ(counts[l].second, 0) << l << " leaves strings untranslated\n" << r.out;
    EXPECT_GT(counts[l].first, 50) << l;
  }
  for (const std::string l : {"ar-EG", "fr-CA", "zh-CN"})
    EXPECT_EQ(counts[l], counts[l.substr(0, 2) == "zh" ? "zh-Hans" : l.substr(0, 2)]) << l;
  EXPECT_EQ(counts["zh-TW"].first, 0) << "Traditional Chinese never gets Simplified";
  EXPECT_EQ(counts["hi-Latn"].first, 0) << "romanised Hindi never gets Devanagari";
  EXPECT_EQ(counts["en"].first, 0);
  r = run_polypress({"-C", site.string(), "i18n", "check"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  const std::string fr = test::read_text(site / "locales/fr.po");
  EXPECT_NE(fr.find("msgid \"Subscribe\"\nmsgstr \"S’abonner\"\n"), std::string::npos) << fr;
}

// `i18n update` fills only what has no translation at all: a translator's own
// wording and a fuzzy entry stay, a plural entry under another Plural-Forms
// stays empty, and the output says how many came from the theme.
TEST(ThemeTranslations, TheSiteTranslationAlwaysWins) {
  test::TempDir dir;
  const fs::path site = dir.path() / "site";
  ASSERT_EQ(run_polypress({"init", site.string(), "--quiet", "--languages", "en,fr,ru"}).exit_code,
            0);
  std::string fr = test::read_text(site / "locales/fr.po");
  fr = with_msgstr(fr, "Subscribe", "Abonnez-vous");
  fr = with_msgstr(fr, "Unsubscribe", "");
  fr = with_msgstr(fr, "Tags:", "");
  fr = std::regex_replace(fr, std::regex("\nmsgid \"Tags:\""), "\n#, fuzzy\nmsgid \"Tags:\"");
  fr = with_msgstr(fr, "Tags:", "Mots-clés :");
  test::write_text(site, "locales/fr.po", fr);
  // Russian with a two-form header of its own: the theme's three forms do not fit.
  std::string ru = test::read_text(site / "locales/ru.po");
  ru = std::regex_replace(ru, std::regex("\"Plural-Forms: [^\n]*\n(\"[^\n]*\n)?"),
                          "\"Plural-Forms: nplurals=2; plural=(n != 1);\\n\"\n");
  ru = std::regex_replace(
      ru,
      std::regex("(msgid_plural \"\\{count\\} articles\"\n)msgstr\\[0\\][^\n]*\n(\"[^\n]*\n)*"
                 "msgstr\\[1\\][^\n]*\n(\"[^\n]*\n)*msgstr\\[2\\][^\n]*\n(\"[^\n]*\n)*"),
      "$1msgstr[0] \"\"\nmsgstr[1] \"\"\n");
  ru = with_msgstr(ru, "Subscribe", "");
  test::write_text(site, "locales/ru.po", ru);

  const auto r = run_polypress({"-C", site.string(), "i18n", "update"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("locales/fr.po: updated, 58 translated, 1 fuzzy, 0 untranslated, 0 "
                       "obsolete (1 from the built-in theme's translations)\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("locales/ru.po: updated, 58 translated, 0 fuzzy, 1 untranslated, 0 "
                       "obsolete (1 from the built-in theme's translations)\n"),
            std::string::npos)
      << r.out;
  fr = test::read_text(site / "locales/fr.po");
  EXPECT_NE(fr.find("msgid \"Subscribe\"\nmsgstr \"Abonnez-vous\"\n"), std::string::npos);
  EXPECT_NE(fr.find("msgid \"Unsubscribe\"\nmsgstr \"Se désabonner\"\n"), std::string::npos);
  EXPECT_NE(fr.find("#, fuzzy\nmsgid \"Tags:\"\nmsgstr \"Mots-clés :\"\n"), std::string::npos);
  ru = test::read_text(site / "locales/ru.po");
  EXPECT_NE(ru.find("msgid_plural \"{count} articles\"\nmsgstr[0] \"\"\nmsgstr[1] \"\"\n"),
            std::string::npos);
  EXPECT_NE(ru.find("msgid \"Subscribe\"\nmsgstr \"Подписаться\"\n"), std::string::npos);

  // Run again: nothing more to fill, nothing rewritten.
  const auto again = run_polypress({"-C", site.string(), "i18n", "update"});
  EXPECT_EQ(again.out.find("from the built-in theme"), std::string::npos) << again.out;
  EXPECT_NE(again.out.find("locales/fr.po: unchanged"), std::string::npos) << again.out;
}

}  // namespace pp
