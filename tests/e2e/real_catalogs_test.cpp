// Catalogs in the shapes real tools write (Transifex, Weblate, msginit) and
// translators' real mistakes, through i18n check, stats and build
// (docs/translators.md).
#include <gtest/gtest.h>

#include <string>

#include "core/process.h"
#include "support/temp_site.h"

namespace pp {
namespace {

namespace fs = std::filesystem;

// The sample site in a temporary folder.
void copy_sample(const fs::path& root) {
  for (const char* part : {"pipeline", "locales", "content"})
    test::copy_tree(test::source_dir() / part, root / part);
}

// `text` with its first `from` replaced by `to`.
std::string replace_first(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

// The sample's site.yaml with `languages` ("  - {code: …}\n" lines) added
// after its last language.
void add_languages(const fs::path& root, const std::string& languages) {
  const std::string last = "  - {code: ar, name: العربية}\n";
  test::write_text(
      root, "pipeline/site.yaml",
      replace_first(test::read_text(root / "pipeline/site.yaml"), last, last + languages));
}

// Every "msgstr[1] …" line of a two-form catalog also written as
// msgstr[2], and msgstr[1] replaced by `fraction`: Transifex's Czech shape,
// whose third form only fractions use.
std::string with_fraction_form(const std::string& po, const std::string& fraction) {
  std::string out;
  std::size_t at = 0;
  for (std::size_t nl; (nl = po.find('\n', at)) != std::string::npos; at = nl + 1) {
    const std::string line = po.substr(at, nl - at);
    if (line.rfind("msgstr[1] ", 0) == 0) {
      out += "msgstr[1] \"" + fraction + "\"\n";
      out += "msgstr[2] " + line.substr(10) + "\n";
    } else {
      out += line + "\n";
    }
  }
  return out + po.substr(at);
}

TEST(RealCatalogs, ATransifexFractionFormIsANoteAndTheSiteBuilds) {
  test::TempDir dir;
  copy_sample(dir.path());
  std::string de = test::read_text(dir.path() / "locales/de.po");
  de = replace_first(de, "nplurals=2; plural=(n != 1);",
                     "nplurals=3; plural=(n == 1 && n % 1 == 0) ? 0 : (n % 1 != 0) ? 1 : 2;");
  test::write_text(dir.path(), "locales/de.po", with_fraction_form(de, "BRUCHTEIL"));
  auto r = test::run_polypress({"-C", dir.path().string(), "i18n", "check"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err,
            "locales/de.po:2:1: note: Plural-Forms is right for every whole number; form 1 serves "
            "no whole number (Transifex and Weblate add one for fractions; polypress counts whole "
            "things) [i18n/plural-forms-extra]\n");
  r = test::run_polypress({"-C", dir.path().string(), "build"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // Whole numbers take form 2, never the fraction form.
  const auto pages = test::read_tree(dir.path() / "public/de");
  ASSERT_FALSE(pages.empty());
  for (const auto& [path, bytes] : pages)
    EXPECT_EQ(bytes.find("BRUCHTEIL"), std::string::npos) << path;
}

TEST(RealCatalogs, AWrongMappingStopsTheBuildNamingTheNumbers) {
  test::TempDir dir;
  copy_sample(dir.path());
  // Turkish's Transifex header on German: 0 reads like 1.
  test::write_text(dir.path(), "locales/de.po",
                   replace_first(test::read_text(dir.path() / "locales/de.po"), "plural=(n != 1);",
                                 "plural=(n > 1);"));
  const auto r = test::run_polypress({"-C", dir.path().string(), "build"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("locales/de.po:2:1: error: 0 gets form 0 ('one', as 1), but CLDR says "
                       "'other' (form 1, as 2); so msgid \"Source:\" (line 230) would read "
                       "\"Quelle:\" for 0 but \"Quellen:\" for 2, which CLDR's 'other' reads "
                       "alike; 'de' has 2 CLDR plural categories for whole "
                       "numbers (one, other), e.g. \"Plural-Forms: nplurals=2; plural=(n == 1 ? 0 "
                       ": 1);\" (your msgstr[] keep their numbers; i18n update "
                       "--fix-plural-forms writes it) [i18n/plural-forms]\n"),
            std::string::npos)
      << r.err;
}

// The table of `i18n stats` under `env` settings of the user's language.
std::string stats_with(const fs::path& root, const std::vector<std::string>& env) {
  std::vector<std::string> argv = {"env"};
  argv.insert(argv.end(), env.begin(), env.end());
  argv.insert(argv.end(), {POLYPRESS_BINARY, "-C", root.string(), "i18n", "stats"});
  const ProcessResult r = run_process(argv);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return r.out;
}

TEST(RealCatalogs, StatsAreTheSameInTheUsersLanguage) {
  // gettext's own German and Korean messages are installed (package gettext):
  // its tools really do answer in the user's language here.
  std::string po =
      "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n\n"
      "msgid \"a\"\nmsgstr \"b\"\n";
  const ProcessResult german = run_process_with_input(
      {"env", "LC_ALL=C.UTF-8", "LANGUAGE=de", "msgfmt", "--statistics", "-o", "/dev/null", "-"},
      &po);
  ASSERT_NE(german.err.find("übersetzte"), std::string::npos) << german.err;
  test::TempDir dir;
  copy_sample(dir.path());
  const std::string plain = stats_with(dir.path(), {"LC_ALL=C"});
  EXPECT_NE(plain.find("ko                63      0            0 100.0%"), std::string::npos)
      << plain;
  for (const char* lang : {"de", "ko"})
    EXPECT_EQ(stats_with(dir.path(), {"LC_ALL=C.UTF-8", std::string("LANGUAGE=") + lang}), plain)
        << lang;
  EXPECT_EQ(stats_with(dir.path(), {"LANG=de_DE.UTF-8", "LC_ALL="}), plain);
}

TEST(RealCatalogs, FailUnderNamesEachLanguageAndSkipsTheSource) {
  test::TempDir dir;
  copy_sample(dir.path());
  // Korean with no string translated: gettext's msgfilter empties every msgstr.
  const fs::path ko = dir.path() / "locales/ko.po";
  const ProcessResult emptied = run_process(
      {"msgfilter", "--keep-header", "-i", ko.string(), "-o", ko.string(), "sed", "-e", "d"});
  ASSERT_EQ(emptied.exit_code, 0) << emptied.err;
  const auto r =
      test::run_polypress({"-C", dir.path().string(), "i18n", "stats", "--fail-under", "90"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "polypress i18n stats: below 90 %: ko (strings 0.0 %)\n");
  // en is the source language: its catalog's strings are the msgids.
  EXPECT_NE(r.out.find(" source "), std::string::npos) << r.out;
}

TEST(RealCatalogs, AnUnreadableCatalogIsAnErrorAtItsLine) {
  test::TempDir dir;
  copy_sample(dir.path());
  test::write_text(dir.path(), "locales/ko.po",
                   "\xEF\xBB\xBF" + test::read_text(dir.path() / "locales/ko.po"));
  auto r = test::run_polypress({"-C", dir.path().string(), "i18n", "stats"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err,
            "locales/ko.po:1:1: error: the catalog starts with a byte order mark (BOM), which "
            "gettext cannot read; save it as UTF-8 without BOM, e.g. sed -i "
            "'1s/^\\xEF\\xBB\\xBF//' locales/ko.po [i18n/syntax]\n");
  EXPECT_NE(r.out.find("ko        no catalog"), std::string::npos) << r.out;
}

TEST(RealCatalogs, AnEmptyPluralFormIsAWarningAndCountsUntranslated) {
  test::TempDir dir;
  copy_sample(dir.path());
  test::write_text(dir.path(), "locales/de.po",
                   replace_first(test::read_text(dir.path() / "locales/de.po"),
                                 "msgstr[1] \"Quellen:\"", "msgstr[1] \"\""));
  auto r = test::run_polypress({"-C", dir.path().string(), "i18n", "check"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err,
            "locales/de.po:233:1: warning: msgstr[1] is empty while msgstr[0] is translated; the "
            "entry counts as untranslated and numbers of that form show the source text "
            "[i18n/empty-plural-form]\n");
  r = test::run_polypress({"-C", dir.path().string(), "i18n", "stats"});
  EXPECT_NE(r.out.find("de                62      0            1  98.4%"), std::string::npos)
      << r.out;
}

TEST(RealCatalogs, ALinkedCatalogIsReadAndUpdatedThroughItsLink) {
  // A translator keeps the Korean catalog as ko_KR.po (as other tools name
  // it) and links ko.po to it.
  test::TempDir dir;
  copy_sample(dir.path());
  const fs::path locales = dir.path() / "locales";
  fs::rename(locales / "ko.po", locales / "ko_KR.po");
  fs::create_symlink("ko_KR.po", locales / "ko.po");
  auto r = test::run_polypress({"-C", dir.path().string(), "i18n", "check"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  r = test::run_polypress({"-C", dir.path().string(), "i18n", "stats"});
  EXPECT_NE(r.out.find("ko                63      0            0 100.0%"), std::string::npos)
      << r.out;
  // A new template string reaches the linked file; the link stays a link.
  std::string pot = test::read_text(locales / "polypress.pot");
  test::write_text(
      dir.path(), "locales/polypress.pot",
      pot + "\n#: pipeline/templates/html/x.mustache\nmsgid \"Brand new\"\nmsgstr \"\"\n");
  r = test::run_polypress({"-C", dir.path().string(), "i18n", "update"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(fs::is_symlink(locales / "ko.po"));
  EXPECT_NE(test::read_text(locales / "ko_KR.po").find("msgid \"Brand new\""), std::string::npos);
  r = test::run_polypress({"-C", dir.path().string(), "build"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
}

TEST(RealCatalogs, PosixNamesAndLanguagesIcuLacks) {
  // A Brazilian translation brought from another tool: site.yaml, the
  // catalog and an article all say pt_BR. Udmurt, which ICU has no data
  // for, is written in and formatted as Russian.
  test::TempDir dir;
  copy_sample(dir.path());
  const fs::path root = dir.path();
  add_languages(root,
                "  - {code: pt_BR, name: Português}\n"
                "  - {code: udm, name: Удмурт, locale: ru}\n");
  std::string po = test::read_text(root / "locales/de.po");
  po = replace_first(po, "Language: de", "Language: pt_BR");
  po = replace_first(po, "plural=(n != 1);", "plural=(n > 1);");
  po = replace_first(po, "msgstr \"Testberichte\"", "msgstr \"Análises\"");
  test::write_text(root, "locales/pt_BR.po", po);
  const std::string bundle = "content/news/mcp-registry-opens/";
  test::write_text(root, bundle + "index.pt_BR.md",
                   test::read_text(root / (bundle + "index.de.md")));
  test::write_text(root, bundle + "index.udm.md", test::read_text(root / (bundle + "index.de.md")));
  auto r = test::run_polypress({"-C", root.string(), "validate"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  for (const char* line :
       {"content/news/mcp-registry-opens/index.pt_BR.md: note: 'pt_BR' is a POSIX locale name, "
        "read as the BCP 47 tag 'pt-BR' (index.pt-BR.md) [config/posix-locale]\n",
        "locales/pt_BR.po: note: a POSIX catalog name, read as the catalog of 'pt-BR' (its BCP 47 "
        "name is locales/pt-BR.po) [config/posix-locale]\n",
        "pipeline/site.yaml:14:12: note: 'pt_BR' is a POSIX locale name, read as the BCP 47 tag "
        "'pt-BR' (its pages are under /pt-BR/) [config/posix-locale]\n",
        "pipeline/site.yaml:15:12: warning: ICU has no locale data for 'udm'; its dates, numbers "
        "and plural rules follow its locale 'ru' [config/language-data]\n"})
    EXPECT_NE(r.err.find(line), std::string::npos) << line << "\n" << r.err;
  r = test::run_polypress({"-C", root.string(), "build"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string page = test::read_text(root / "public/pt-BR/index.html");
  EXPECT_NE(page.find("<html lang=\"pt-BR\""), std::string::npos);
  EXPECT_NE(page.find("Análises"), std::string::npos);
  EXPECT_TRUE(fs::exists(root / "public/pt-BR/news/mcp-registry-opens/index.html"));
  // Udmurt pages: Russian dates ("… г."), the language's own lang attribute.
  const std::string udm = test::read_text(root / "public/udm/news/mcp-registry-opens/index.html");
  EXPECT_NE(udm.find("<html lang=\"udm\""), std::string::npos);
  EXPECT_NE(udm.find(">24 ноября 2026\u202Fг.</time>"), std::string::npos);  // ICU: NNBSP
  // i18n update keeps the translator's file name; nothing new appears.
  r = test::run_polypress({"-C", root.string(), "i18n", "update"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_FALSE(fs::exists(root / "locales/pt-BR.po"));
  EXPECT_NE(r.out.find("locales/pt_BR.po"), std::string::npos) << r.out;
  // A code ICU lacks without a locale is refused, saying how to fix it.
  test::write_text(
      root, "pipeline/site.yaml",
      replace_first(test::read_text(root / "pipeline/site.yaml"), ", locale: ru}", "}"));
  r = test::run_polypress({"-C", root.string(), "validate"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("pipeline/site.yaml:15:12: error: ICU has no locale data for 'udm'; if it "
                       "is a language, give it a 'locale:' ICU knows to format its dates, numbers "
                       "and plurals (e.g. locale: ru) [config/language]\n"),
            std::string::npos)
      << r.err;
}

TEST(RealCatalogs, FixPluralFormsRenumbersAndFlagsWhatItGuessed) {
  // A Russian catalog started from the German one: two forms, "n != 1".
  test::TempDir dir;
  copy_sample(dir.path());
  const fs::path root = dir.path();
  add_languages(root, "  - {code: ru, name: Русский}\n");
  test::write_text(
      root, "locales/ru.po",
      replace_first(test::read_text(root / "locales/de.po"), "Language: de", "Language: ru"));
  auto r = test::run_polypress({"-C", root.string(), "i18n", "check"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("— in every plural entry msgstr[1] becomes msgstr[2] ('many'), and write "
                       "msgstr[1] ('few') (i18n update --fix-plural-forms does it) "
                       "[i18n/plural-forms]\n"),
            std::string::npos)
      << r.err;
  r = test::run_polypress({"-C", root.string(), "i18n", "update", "--fix-plural-forms"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err,
            "locales/ru.po:2:1: note: Plural-Forms set to \"nplurals=3; plural=((n % 10 == 1 && n "
            "% 100 != 11) ? 0 : ((n % 10 >= 2 && n % 10 <= 4) && !(n % 100 >= 12 && n % 100 <= "
            "14)) ? 1 : 2);\"; in 5 plural entries msgstr[1] ('few') is new, filled from "
            "msgstr[1], msgstr[1] became msgstr[2] ('many') [i18n/plural-forms-fixed]\n");
  // Nothing was guessed: every 'few' number (2–4, 22–24, …) showed msgstr[1]
  // before, and the new form holds that text, so every entry stays
  // translated and no reader sees the source language instead.
  EXPECT_NE(r.out.find("locales/ru.po: updated, 63 translated, 0 fuzzy, 0 untranslated"),
            std::string::npos)
      << r.out;
  // What 5 showed stays the form for 5: the old msgstr[1] is msgstr[2] now,
  // and the new 'few' form starts as a copy of what its numbers showed.
  const std::string po = test::read_text(root / "locales/ru.po");
  EXPECT_NE(po.find("#: src/render/pages.cpp\nmsgid \"Source:\"\nmsgid_plural "
                    "\"Sources:\"\nmsgstr[0] \"Quelle:\"\nmsgstr[1] \"Quellen:\"\nmsgstr[2] "
                    "\"Quellen:\"\n"),
            std::string::npos)
      << po;
  r = test::run_polypress({"-C", root.string(), "i18n", "check"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  // Wrapped as msgmerge wraps: the next update changes nothing.
  r = test::run_polypress({"-C", root.string(), "i18n", "update", "--fix-plural-forms"});
  EXPECT_EQ(r.err, "");
  EXPECT_NE(r.out.find("locales/ru.po: unchanged"), std::string::npos) << r.out;
  EXPECT_EQ(test::run_polypress({"-C", root.string(), "build"}).exit_code, 0);
}

// `po` (a two-form catalog) with `header` as its Plural-Forms and `nplurals`
// forms in every plural entry: the added ones copy msgstr[1].
std::string with_header(const std::string& po, const std::string& lang, const std::string& header,
                        int nplurals) {
  std::string text = replace_first(po, "Language: de", "Language: " + lang);
  text = replace_first(text, "nplurals=2; plural=(n != 1);", header);
  std::string out;
  std::size_t at = 0;
  for (std::size_t nl; (nl = text.find('\n', at)) != std::string::npos; at = nl + 1) {
    const std::string line = text.substr(at, nl - at);
    if (line.rfind("msgstr[1] ", 0) == 0 && nplurals == 1) continue;
    if (line.rfind("msgstr[0] ", 0) == 0 && nplurals == 1) {
      out += line + "\n";
      continue;
    }
    out += line + "\n";
    if (line.rfind("msgstr[1] ", 0) == 0)
      for (int k = 2; k < nplurals; ++k)
        out += "msgstr[" + std::to_string(k) + "] " + line.substr(10) + "\n";
  }
  return out + text.substr(at);
}

TEST(RealCatalogs, HeadersRealToolsWriteBuild) {
  // Plural-Forms as Transifex, Weblate, GNU msginit and Django ship them:
  // all right for every whole number, so all build (notes at most).
  struct Shape {
    const char* lang;
    const char* tool;
    const char* header;
    int nplurals;
  };
  const std::vector<Shape> shapes = {
      {"ru", "Transifex",
       "nplurals=4; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<12 || "
       "n%100>14) ? 1 : n%10==0 || (n%10>=5 && n%10<=9) || (n%100>=11 && n%100<=14)? 2 : 3);",
       4},
      {"uk", "Weblate",
       "nplurals=3; plural=n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || "
       "n%100>=20) ? 1 : 2;",
       3},
      {"pl", "Transifex",
       "nplurals=4; plural=(n==1 ? 0 : (n%10>=2 && n%10<=4) && (n%100<12 || n%100>14) ? 1 : n!=1 "
       "&& (n%10>=0 && n%10<=1) || (n%10>=5 && n%10<=9) || (n%100>=12 && n%100<=14) ? 2 : 3);",
       4},
      {"cs", "Transifex",
       "nplurals=4; plural=(n == 1 && n % 1 == 0) ? 0 : (n >= 2 && n <= 4 && n % 1 == 0) ? 1: "
       "(n % 1 != 0 ) ? 2 : 3;",
       4},
      {"lt", "Transifex",
       "nplurals=4; plural=(n % 10 == 1 && (n % 100 > 19 || n % 100 < 11) ? 0 : (n % 10 >= 2 && "
       "n % 10 <=9) && (n % 100 > 19 || n % 100 < 11) ? 1 : n % 1 != 0 ? 2: 3);",
       4},
      {"he", "Transifex",
       "nplurals=4; plural=(n == 1 && n % 1 == 0) ? 0 : (n == 2 && n % 1 == 0) ? 1: (n % 10 == 0 "
       "&& n % 1 == 0 && n > 10) ? 2 : 3;",
       4},
      {"fr", "GNU msginit", "nplurals=2; plural=(n > 1);", 2},
      {"es", "Transifex", "nplurals=2; plural=(n != 1);", 2},
      {"pt-BR", "Weblate", "nplurals=2; plural=n > 1;", 2},
      {"ja", "GNU msginit", "nplurals=1; plural=0;", 1},
  };
  test::TempDir dir;
  copy_sample(dir.path());
  const fs::path root = dir.path();
  std::string languages;
  const std::string de = test::read_text(root / "locales/de.po");
  for (const auto& s : shapes) {
    if (std::string(s.lang) != "ja")
      languages += std::string("  - {code: ") + s.lang + ", name: x}\n";
    test::write_text(root, std::string("locales/") + s.lang + ".po",
                     with_header(de, s.lang, s.header, s.nplurals));
  }
  add_languages(root, languages);
  auto r = test::run_polypress({"-C", root.string(), "i18n", "check"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  for (const auto& s : shapes)
    EXPECT_EQ(r.err.find(std::string("locales/") + s.lang + ".po:2:1: error"), std::string::npos)
        << s.tool << " " << s.lang << "\n"
        << r.err;
  // The fraction forms and the Romance millions are named in a note.
  for (const char* lang : {"ru", "pl", "cs", "lt", "he", "fr", "es", "pt-BR"})
    EXPECT_NE(r.err.find(std::string("locales/") + lang +
                         ".po:2:1: note: Plural-Forms is right for every whole number; "),
              std::string::npos)
        << lang << "\n"
        << r.err;
  r = test::run_polypress({"-C", root.string(), "build", "--quiet"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  for (const auto& s : shapes) EXPECT_TRUE(fs::exists(root / "public" / s.lang / "index.html"));
}

}  // namespace
}  // namespace pp
