// gettext Plural-Forms derived from CLDR, and the check that a catalog's
// Plural-Forms agrees with CLDR for whole numbers.
#include <gtest/gtest.h>

#include "l10n/l10n.h"

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
  EXPECT_EQ(check("ru", "nplurals=2; plural=(n != 1);"), "Plural-Forms says nplurals=2");
  EXPECT_EQ(check("hi", "nplurals=2; plural=(n != 1);"),
            "Plural-Forms gives 0 and 1, both 'one', different forms (1 and 0)");
  EXPECT_EQ(check("de", "nplurals=2; plural=(n > 1);"),
            "Plural-Forms gives form 0 to 0 (other) and to 1 (one)");
  EXPECT_EQ(check("de", "nplurals=2; plural=(n == 1 ? 0 : 2);"),
            "msgfmt rejects Plural-Forms: nplurals = 2 but plural expression can produce values as "
            "large as 2");
  EXPECT_EQ(check("de", "nplurals=2; plural=(n == ;"),
            "msgfmt rejects Plural-Forms: invalid plural expression");
  EXPECT_EQ(check("de", "plural=(n != 1);"), "Plural-Forms has no nplurals");
}

}  // namespace
}  // namespace pp
