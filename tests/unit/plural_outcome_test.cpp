// A wrong Plural-Forms judged by what readers would see (plural_outcome_error):
// every header GNU msginit writes passes wherever it can show what CLDR says.
#include <gtest/gtest.h>
#include <unicode/uloc.h>

#include <set>

#include "core/process.h"
#include "l10n/l10n.h"
#include "l10n/po_file.h"

namespace pp {
namespace {

PluralFormsVerdict judge(const std::string& code, const std::string& plural_forms) {
  SiteConfig config;
  config.time_zone = "UTC";
  return judge_plural_forms(config, LanguageConfig{code, code, code}, plural_forms);
}

// One plural entry with `forms` as its msgstr[].
PoEntry entry(const std::vector<std::string>& forms) {
  PoEntry e;
  e.msgid = "{count} file";
  e.msgid_plural = "{count} files";
  e.line = 7;
  for (std::size_t k = 0; k < forms.size(); ++k) e.msgstr.emplace_back(int(k), forms[k]);
  return e;
}

// The header GNU msginit writes for `code`, or "" when it knows none.
std::string msginit_header(const std::string& code) {
  const std::string pot =
      "msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n"
      "\"Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\\n\"\n\n"
      "msgid \"a\"\nmsgid_plural \"as\"\nmsgstr[0] \"\"\nmsgstr[1] \"\"\n";
  const ProcessResult r = run_process_with_input(
      {"msginit", "--no-translator", "-l", code, "-i", "-", "-o", "-"}, &pot);
  if (r.exit_code != 0) return "";
  std::string header;
  for (const auto& e : read_po(r.out))
    if (e.msgid.empty() && !e.msgstr.empty())
      header = header_plural_forms(e.msgstr[0].second).value_or("");
  return header.find("INTEGER") == std::string::npos ? header : "";
}

}  // namespace

TEST(PluralOutcome, OnlyTextsThatDifferWithinACategoryAreWrong) {
  // Tajik with English's "n != 1": CLDR reads every number alike.
  const auto tg = judge("tg", "nplurals=2; plural=(n != 1);");
  ASSERT_TRUE(tg.error);
  int line = 0;
  EXPECT_EQ(plural_outcome_error(tg, {entry({"{count} файл", "{count} файл"})}, line),
            std::nullopt);
  EXPECT_EQ(plural_outcome_error(tg, {entry({"{count} файл", "{count} файлҳо"})}, line),
            "msgid \"{count} file\" (line 7) would read \"{count} файл\" for 1 but \"{count} "
            "файлҳо\" for 0, which CLDR's 'other' reads alike");
  EXPECT_EQ(line, 7);
  // Untranslated or fuzzy entries show the source text whatever the header.
  PoEntry fuzzy = entry({"a", "b"});
  fuzzy.fuzzy = true;
  EXPECT_EQ(plural_outcome_error(tg, {entry({"", ""}), fuzzy}, line), std::nullopt);
  // Hebrew under msginit's "n != 1": 'two' reads 'other''s text, as one text.
  const auto he = judge("he", "nplurals=2; plural=(n != 1);");
  EXPECT_EQ(plural_outcome_error(he, {entry({"קובץ", "{count} קבצים"})}, line), std::nullopt);
  // Hebrew's tens with a form of their own (Transifex's old "many"): right
  // while it reads like 'other', wrong when it does not (an audit's edit of
  // Django's catalog).
  const auto tens =
      judge("he", "nplurals=4; plural=(n==1 ? 0 : n==2 ? 1 : n>10 && n%10==0 ? 2 : 3);");
  ASSERT_FALSE(tens.error);
  EXPECT_EQ(plural_outcome_error(tens, {entry({"שנה", "שנתיים", "%d שנים", "%d שנים"})}, line),
            std::nullopt);
  EXPECT_EQ(plural_outcome_error(tens, {entry({"שנה", "שנתיים", "%d שנה", "%d שנים"})}, line),
            "msgid \"{count} file\" (line 7) would read \"%d שנה\" for 20 but \"%d שנים\" for 0, "
            "which CLDR's 'other' reads alike");
  // White space a page collapses is no difference; a long shared start is
  // quoted from near the difference.
  EXPECT_EQ(plural_outcome_error(tg, {entry({"a  b", "a b"})}, line), std::nullopt);
  const std::string start(60, 'x');
  EXPECT_EQ(plural_outcome_error(tg, {entry({start + " one", start + " two"})}, line),
            "msgid \"{count} file\" (line 7) would read \"…xxxxxxxxxxxxxxxxxxx one\" for 1 but "
            "\"…xxxxxxxxxxxxxxxxxxx two\" for 0, which CLDR's 'other' reads alike");
}

// The "Done when": every header msginit writes, for every language
// it knows (tried with every language ICU has), passes where the catalog can
// show what CLDR says — an untranslated catalog, and one whose forms each
// hold the text of the CLDR categories whose numbers get it.
TEST(PluralOutcome, EveryMsginitHeaderPassesWhereItShowsWhatCldrSays) {
  std::set<std::string> languages;
  for (int32_t i = 0; i < uloc_countAvailable(); ++i) {
    char lang[16] = {};
    UErrorCode status = U_ZERO_ERROR;
    uloc_getLanguage(uloc_getAvailable(i), lang, sizeof lang, &status);
    if (U_SUCCESS(status) && lang[0]) languages.insert(lang);
  }
  int headers = 0, latent = 0;  // latent: wrong for some number, by header alone
  for (const auto& code : languages) {
    const std::string header = msginit_header(code);
    if (header.empty()) continue;
    ++headers;
    const auto v = judge(code, header);
    // msgfmt and Boost.Locale evaluate every one of them.
    ASSERT_FALSE(v.forms.empty()) << code << ": " << header << ": " << v.error.value_or("");
    int line = 0;
    EXPECT_EQ(plural_outcome_error(v, {entry({"", ""})}, line), std::nullopt) << code;
    // Each form holds the names of the categories whose numbers get it; a
    // form two categories' numbers get alike reads one text for both.
    std::map<int, std::set<std::string>> of_form;
    std::map<std::string, int> forms_of_category;
    for (const auto& [category, forms] : v.forms)
      for (const auto& [f, numbers] : forms)
        of_form[f].insert(category), ++forms_of_category[category];
    // A header that splits a category cannot show what CLDR says: skipped.
    bool splits = false;
    for (const auto& [c, n] : forms_of_category) splits |= n > 1;
    if (v.error) ++latent;
    if (splits) continue;
    std::vector<std::string> texts(static_cast<std::size_t>(std::max(2, int(of_form.size()))));
    for (std::size_t k = 0; k < texts.size(); ++k) {
      for (const auto& c : of_form[int(k)]) texts[k] += c + " ";
      if (texts[k].empty()) texts[k] = texts[0];  // a form no whole number gets
    }
    EXPECT_EQ(plural_outcome_error(v, {entry(texts)}, line), std::nullopt)
        << code << ": " << header;
  }
  // gettext 0.21's msginit has a Plural-Forms for 37 of ICU's languages;
  // those unlike CLDR for some number (pt, lv, ga, …) are notes until an
  // entry reads differently.
  EXPECT_GE(headers, 35);
  EXPECT_GT(latent, 0);
}

}  // namespace pp
