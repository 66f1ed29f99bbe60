// gettext Plural-Forms derived from CLDR, and the check that a catalog's
// Plural-Forms agrees with CLDR for whole numbers.
#include <gtest/gtest.h>

#include <map>

#include "l10n/l10n.h"
#include "l10n/po_file.h"

namespace pp {
namespace {

std::optional<std::string> check(const std::string& code, const std::string& plural_forms) {
  SiteConfig config;
  config.time_zone = "UTC";
  return check_plural_forms(config, LanguageConfig{code, code, code}, plural_forms);
}

TEST(PluralForms, WholeNumberCategoriesLeaveOutFractionOnlyOnes) {
  using V = std::vector<std::string>;
  EXPECT_EQ(integer_plural_categories("ru"), (V{"one", "few", "many"}));
  EXPECT_EQ(integer_plural_categories("pl"), (V{"one", "few", "many"}));
  EXPECT_EQ(integer_plural_categories("ar"), (V{"zero", "one", "two", "few", "many", "other"}));
  EXPECT_EQ(integer_plural_categories("fr"), (V{"one", "many", "other"}));
  EXPECT_EQ(integer_plural_categories("he"), (V{"one", "two", "other"}));
  EXPECT_EQ(integer_plural_categories("ko"), (V{"other"}));
  EXPECT_EQ(integer_plural_categories("ar-u-nu-latn"), integer_plural_categories("ar"));
}

TEST(PluralForms, GeneratedHeadersAreExactForEveryLocale) {
  EXPECT_EQ(gettext_plural_forms("de"), "nplurals=2; plural=(n == 1 ? 0 : 1);");
  EXPECT_EQ(gettext_plural_forms("ja"), "nplurals=1; plural=0;");
  EXPECT_EQ(gettext_plural_forms("he"), "nplurals=3; plural=(n == 1 ? 0 : n == 2 ? 1 : 2);");
  // Evaluated by msgfmt + Boost.Locale against ICU for 0..1000 and powers of ten.
  for (const char* code : {"ar", "ru",      "pl", "ja", "ko", "hi", "de", "en", "fr", "he", "pt-BR",
                           "tr", "zh-Hans", "cs", "lt", "lv", "gd", "cy", "sl", "ga", "uk"})
    EXPECT_EQ(check(code, gettext_plural_forms(code)), std::nullopt) << code;
}

TEST(PluralForms, CommonGnuHeadersAreAccepted) {
  EXPECT_EQ(check("de", "nplurals=2; plural=(n != 1);"), std::nullopt);
  EXPECT_EQ(check("ru",
                  "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && "
                  "(n%100<10 || n%100>=20) ? 1 : 2);"),
            std::nullopt);
  EXPECT_EQ(check("ar",
                  "nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && "
                  "n%100<=10 ? 3 : n%100>=11 ? 4 : 5);"),
            std::nullopt);
  EXPECT_EQ(check("ko", "nplurals=1; plural=0;"), std::nullopt);
}

TEST(PluralForms, DisagreementsAreExplained) {
  EXPECT_EQ(check("ru", "nplurals=2; plural=(n != 1);"),
            "2–4, 22–24, 32–34, … get form 1 ('many', as 0), but CLDR says 'few', which has no "
            "form of its own; 21, 31, 41, … get form 1 ('many', as 0), but CLDR says 'one' "
            "(form 0, as 1)");
  EXPECT_EQ(check("hi", "nplurals=2; plural=(n != 1);"),
            "0 gets form 1 ('other', as 2), but CLDR says 'one' (form 0, as 1)");
  EXPECT_EQ(check("de", "nplurals=2; plural=(n > 1);"),
            "0 gets form 0 ('one', as 1), but CLDR says 'other' (form 1, as 2)");
  EXPECT_EQ(check("de", "nplurals=2; plural=(n == 1 ? 0 : 2);"),
            "msgfmt rejects Plural-Forms: nplurals = 2 but plural expression can produce values as "
            "large as 2");
  EXPECT_EQ(check("de", "nplurals=2; plural=(n == ;"),
            "msgfmt rejects Plural-Forms: invalid plural expression");
  EXPECT_EQ(check("de", "plural=(n != 1);"), "Plural-Forms has no nplurals");
}

// The headers of Django's catalogs as Debian 12 ships them (python3-django
// 3.2, made with Transifex), judged by what they do to whole numbers.
PluralFormsVerdict judge(const std::string& code, const std::string& plural_forms) {
  SiteConfig config;
  config.time_zone = "UTC";
  return judge_plural_forms(config, LanguageConfig{code, code, code}, plural_forms);
}

TEST(PluralForms, TransifexFractionFormsAndRomanceMillionsAreRight) {
  const std::map<std::string, std::string> right = {
      {"ru",
       "nplurals=4; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<12 || "
       "n%100>14) ? 1 : n%10==0 || (n%10>=5 && n%10<=9) || (n%100>=11 && n%100<=14)? 2 : 3);"},
      {"uk",
       "nplurals=4; plural=(n % 1 == 0 && n % 10 == 1 && n % 100 != 11 ? 0 : n % 1 == 0 && n % "
       "10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14) ? 1 : n % 1 == 0 && (n % 10 "
       "==0 || (n % 10 >=5 && n % 10 <=9) || (n % 100 >=11 && n % 100 <=14 )) ? 2: 3);"},
      {"pl",
       "nplurals=4; plural=(n==1 ? 0 : (n%10>=2 && n%10<=4) && (n%100<12 || n%100>14) ? 1 : "
       "n!=1 && (n%10>=0 && n%10<=1) || (n%10>=5 && n%10<=9) || (n%100>=12 && n%100<=14) ? 2 : "
       "3);"},
      {"cs",
       "nplurals=4; plural=(n == 1 && n % 1 == 0) ? 0 : (n >= 2 && n <= 4 && n % 1 == 0) ? 1: "
       "(n % 1 != 0 ) ? 2 : 3;"},
      {"sk",
       "nplurals=4; plural=(n % 1 == 0 && n == 1 ? 0 : n % 1 == 0 && n >= 2 && n <= 4 ? 1 : n "
       "% 1 != 0 ? 2: 3);"},
      {"lt",
       "nplurals=4; plural=(n % 10 == 1 && (n % 100 > 19 || n % 100 < 11) ? 0 : (n % 10 >= 2 "
       "&& n % 10 <=9) && (n % 100 > 19 || n % 100 < 11) ? 1 : n % 1 != 0 ? 2: 3);"},
      {"he",
       "nplurals=4; plural=(n == 1 && n % 1 == 0) ? 0 : (n == 2 && n % 1 == 0) ? 1: (n % 10 == "
       "0 && n % 1 == 0 && n > 10) ? 2 : 3;"},
      {"fr", "nplurals=2; plural=(n > 1);"},
      {"es", "nplurals=2; plural=(n != 1);"},
      {"it", "nplurals=2; plural=(n != 1);"},
      {"pt-PT", "nplurals=2; plural=(n != 1);"},
      {"pt-BR", "nplurals=2; plural=(n > 1);"},
      {"ca", "nplurals=2; plural=(n != 1);"},
  };
  for (const auto& [code, header] : right) {
    const auto v = judge(code, header);
    EXPECT_EQ(v.error, std::nullopt) << code;
    EXPECT_NE(v.note, std::nullopt) << code;  // each has a form CLDR does not
  }
  EXPECT_EQ(judge("cs", right.at("cs")).note,
            "Plural-Forms is right for every whole number; form 2 serves no whole number "
            "(Transifex and Weblate add one for fractions; polypress counts whole things)");
  EXPECT_EQ(judge("fr", right.at("fr")).note,
            "Plural-Forms is right for every whole number; 'many' (1000000, 10000000, 100000000, "
            "…) shares form 1 with 'other', as gettext catalogs have always done");
  EXPECT_EQ(judge("he", right.at("he")).note,
            "Plural-Forms is right for every whole number; 20, 30, 40, … get form 2 of their own "
            "('other' in CLDR, like form 3)");
  // GNU msginit's headers and CLDR's own are right without a note.
  EXPECT_EQ(judge("de", "nplurals=2; plural=(n != 1);").note, std::nullopt);
  EXPECT_EQ(judge("ko", "nplurals=1; plural=0;").note, std::nullopt);
}

TEST(PluralForms, WrongMappingsNameTheNumbersAndASafeFix) {
  const std::map<std::string, std::string> wrong = {
      {"bn", "nplurals=2; plural=(n != 1);"},
      {"hi", "nplurals=2; plural=(n != 1);"},
      {"hy", "nplurals=2; plural=(n != 1);"},
      {"pa", "nplurals=2; plural=(n != 1);"},
      {"kab", "nplurals=2; plural=(n != 1);"},
      {"tr", "nplurals=2; plural=(n > 1);"},
      {"lv", "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n != 0 ? 1 : 2);"},
      {"cy", "nplurals=4; plural=(n==1) ? 0 : (n==2) ? 1 : (n != 8 && n != 11) ? 2 : 3;"},
      {"ga", "nplurals=5; plural=(n==1 ? 0 : n==2 ? 1 : n<7 ? 2 : n<11 ? 3 : 4);"},
      {"tg", "nplurals=2; plural=(n != 1);"},
      {"ky", "nplurals=1; plural=0;"},
      {"uz", "nplurals=1; plural=0;"},
  };
  for (const auto& [code, header] : wrong) {
    const auto v = judge(code, header);
    ASSERT_NE(v.error, std::nullopt) << code;
    // The suggestion is right by the same judgement.
    EXPECT_EQ(judge(code, v.suggestion.substr(v.suggestion.find(' ') + 1)).error, std::nullopt)
        << code << ": " << v.suggestion;
  }
  EXPECT_EQ(judge("lv", wrong.at("lv")).error,
            "10–20, 30, 40, … get form 1 ('other', as 2), but CLDR says 'zero' (form 2, as 0)");
  // The translator's order is kept where it can be.
  EXPECT_EQ(judge("lv", wrong.at("lv")).suggestion,
            "Plural-Forms: nplurals=3; plural=((n % 10 == 0 || (n % 100 >= 11 && n % 100 <= 19)) "
            "? 2 : (n % 10 == 1 && n % 100 != 11) ? 0 : 1);");
  EXPECT_EQ(judge("lv", wrong.at("lv")).renumbering, "(your msgstr[] keep their numbers)");
  EXPECT_EQ(judge("tg", wrong.at("tg")).error,
            "1 gets form 0 of its own, but CLDR says 'other' (form 1, as 0): whole numbers read "
            "alike there");
  EXPECT_EQ(judge("ky", wrong.at("ky")).error,
            "1 gets form 0 ('other', as 0), but CLDR says 'one', which has no form of its own");
  EXPECT_EQ(judge("ky", wrong.at("ky")).suggestion,
            "Plural-Forms: nplurals=2; plural=(n == 1 ? 0 : 1);");
  EXPECT_EQ(judge("ky", wrong.at("ky")).renumbering,
            "— in every plural entry msgstr[0] becomes msgstr[1] ('other'), and write msgstr[0] "
            "('one')");
}

// i18n update --fix-plural-forms: the header replaced, msgstr[] moved as the
// slots say, a guessed form flagged fuzzy; every other line kept.
TEST(PluralForms, RenumberingMovesFormsAndFlagsGuesses) {
  const auto v = judge("ky", "nplurals=1; plural=0;");
  ASSERT_EQ(v.slots.size(), 2u);
  EXPECT_EQ(v.slots[0].from, 0);  // 'one' is new: it shows what 1 showed
  EXPECT_FALSE(v.slots[0].exact);
  EXPECT_EQ(v.slots[1].from, 0);  // 'other' keeps its text
  EXPECT_TRUE(v.slots[1].exact);
  const std::string po =
      "# Kyrgyz.\n"
      "msgid \"\"\n"
      "msgstr \"\"\n"
      "\"Language: ky\\n\"\n"
      "\"Plural-Forms: nplurals=1; \"\n"
      "\"plural=0;\\n\"\n"
      "\n"
      "#: a.mustache:1\n"
      "#, python-brace-format\n"
      "msgid \"{count} article\"\n"
      "msgid_plural \"{count} articles\"\n"
      "msgstr[0] \"\"\n"
      "\"{count} макала\"\n"
      "\n"
      "#| msgid \"old\"\n"
      "msgid \"\"\n"
      "\"a long msgid on its own line\"\n"
      "msgstr \"узун\"\n"
      "\n"
      "msgid \"file\"\n"
      "msgid_plural \"files\"\n"
      "msgstr[0] \"\"\n"
      "\n"
      "#~ msgid \"gone\"\n"
      "#~ msgid_plural \"gones\"\n"
      "#~ msgstr[0] \"жок\"\n";
  int entries = 0, fuzzied = 0;
  EXPECT_EQ(
      renumber_plural_forms(po, "nplurals=2; plural=(n == 1 ? 0 : 1);", v.slots, entries, fuzzied),
      "# Kyrgyz.\n"
      "msgid \"\"\n"
      "msgstr \"\"\n"
      "\"Language: ky\\n\"\n"
      "\"Plural-Forms: nplurals=2; plural=(n == 1 ? 0 : 1);\\n\"\n"
      "\n"
      "#: a.mustache:1\n"
      "#, python-brace-format\n"
      "msgid \"{count} article\"\n"
      "msgid_plural \"{count} articles\"\n"
      "msgstr[0] \"\"\n"
      "\"{count} макала\"\n"
      "msgstr[1] \"\"\n"
      "\"{count} макала\"\n"
      "\n"
      "#| msgid \"old\"\n"
      "msgid \"\"\n"
      "\"a long msgid on its own line\"\n"
      "msgstr \"узун\"\n"
      "\n"
      "msgid \"file\"\n"
      "msgid_plural \"files\"\n"
      "msgstr[0] \"\"\n"
      "msgstr[1] \"\"\n"
      "\n"
      "#~ msgid \"gone\"\n"
      "#~ msgid_plural \"gones\"\n"
      "#~ msgstr[0] \"жок\"\n"
      "#~ msgstr[1] \"жок\"\n");
  // 1 showed "{count} макала" before, and shows it still: nothing was
  // guessed, so the entry stays translated. The obsolete entry is
  // renumbered too: msgmerge brings it back as it is.
  EXPECT_EQ(entries, 3);
  EXPECT_EQ(fuzzied, 0);
  // A new form whose numbers showed two texts (form 0 for some, form 1 for
  // others) holds one of them: a guess, to check.
  const std::vector<PluralFormsVerdict::Slot> slots = {
      {0, true, "one", {0}}, {1, false, "few", {0, 1}}, {1, true, "other", {1}}};
  const std::string two =
      "msgid \"\"\nmsgstr \"\"\n\"Plural-Forms: nplurals=2; plural=n>1;\\n\"\n\n"
      "msgid \"a\"\nmsgid_plural \"as\"\nmsgstr[0] \"A\"\nmsgstr[1] \"As\"\n\n"
      "msgid \"b\"\nmsgid_plural \"bs\"\nmsgstr[0] \"B\"\nmsgstr[1] \"B\"\n";
  EXPECT_EQ(
      renumber_plural_forms(two, "nplurals=3; plural=X;", slots, entries, fuzzied),
      "msgid \"\"\nmsgstr \"\"\n\"Plural-Forms: nplurals=3; plural=X;\\n\"\n\n"
      "#, fuzzy\nmsgid \"a\"\nmsgid_plural \"as\"\nmsgstr[0] \"A\"\nmsgstr[1] \"As\"\n"
      "msgstr[2] \"As\"\n\n"
      "msgid \"b\"\nmsgid_plural \"bs\"\nmsgstr[0] \"B\"\nmsgstr[1] \"B\"\nmsgstr[2] \"B\"\n");
  EXPECT_EQ(entries, 2);
  EXPECT_EQ(fuzzied, 1);
  // A text no new form takes would be lost: to check.
  const std::string three =
      "msgid \"c\"\nmsgid_plural \"cs\"\nmsgstr[0] \"C\"\nmsgstr[1] \"Cs\"\nmsgstr[2] \"Cz\"\n";
  const std::vector<PluralFormsVerdict::Slot> two_slots = {{0, true, "one", {0}},
                                                           {1, true, "other", {1, 2}}};
  EXPECT_EQ(renumber_plural_forms(three, "nplurals=2; plural=X;", two_slots, entries, fuzzied),
            "#, fuzzy\nmsgid \"c\"\nmsgid_plural \"cs\"\nmsgstr[0] \"C\"\nmsgstr[1] \"Cs\"\n");
  EXPECT_EQ(fuzzied, 1);
}

}  // namespace
}  // namespace pp
