#include <gtest/gtest.h>

#include "core/process.h"
#include "l10n/l10n.h"
#include "support/temp_site.h"

namespace pp {

namespace {

SiteConfig seoul() {
  SiteConfig c;
  c.time_zone = "Asia/Seoul";
  return c;
}

Figure fig(double v, const std::string& format, const std::string& currency = "") {
  Figure f;
  f.value = v;
  f.format = format;
  f.currency = currency;
  return f;
}

}  // namespace

// Expected strings are ICU 72's own output (shared/data/icu72-truth.tsv).
TEST(L10n, LongDatesPerLocale) {
  const auto d = *parse_date("2026-11-29");
  EXPECT_EQ(Locale(seoul(), {"ko", "한국어", "ko"}, "").format_date(d), "2026년 11월 29일");
  EXPECT_EQ(Locale(seoul(), {"en", "English", "en"}, "").format_date(d), "November 29, 2026");
  EXPECT_EQ(Locale(seoul(), {"de", "Deutsch", "de"}, "").format_date(d), "29. November 2026");
  EXPECT_EQ(Locale(seoul(), {"ar", "العربية", "ar"}, "").format_date(d), "٢٩ نوفمبر ٢٠٢٦");
  // A date-time is shown in the site's zone: 23:30 UTC is the next day in Seoul.
  EXPECT_EQ(
      Locale(seoul(), {"en", "English", "en"}, "").format_date(*parse_date("2026-11-28T23:30:00Z")),
      "November 29, 2026");
}

TEST(L10n, FiguresPerLocale) {
  const Locale ko(seoul(), {"ko", "한국어", "ko"}, "");
  const Locale de(seoul(), {"de", "Deutsch", "de"}, "");
  const Locale ar(seoul(), {"ar", "العربية", "ar"}, "");
  EXPECT_EQ(*ko.format_figure(fig(0.965, "percent")), "96.5%");
  EXPECT_EQ(*de.format_figure(fig(0.965, "percent")), "96,5\u00A0%");
  EXPECT_EQ(*ar.format_figure(fig(0.965, "percent")), "٩٦٫٥٪\u061C");
  EXPECT_EQ(*ko.format_figure(fig(19999.5, "currency", "KRW")), "₩20,000");
  EXPECT_EQ(*de.format_figure(fig(19999.5, "currency", "KRW")), "20.000\u00A0₩");
  EXPECT_EQ(*ko.format_figure(fig(1234.5678, "decimal")), "1,234.57");
  EXPECT_EQ(*de.format_figure(fig(1234, "integer")), "1.234");
  EXPECT_EQ(*ko.format_figure(fig(1230000, "compact")), "123만");
  EXPECT_EQ(*ko.format_figure(fig(68, "measure-unit/digital-gigabyte unit-width-short")), "68GB");
  EXPECT_FALSE(ko.format_figure(fig(1, "no-such-skeleton")));
}

TEST(L10n, DirectionComesFromTheLocale) {
  EXPECT_EQ(Locale(seoul(), {"ar", "العربية", "ar"}, "").dir(), "rtl");
  EXPECT_EQ(Locale(seoul(), {"fa", "فارسی", "fa-IR-u-nu-arabext"}, "").dir(), "rtl");
  EXPECT_EQ(Locale(seoul(), {"ko", "한국어", "ko"}, "").dir(), "ltr");
  EXPECT_EQ(Locale(seoul(), {"ko", "한국어", "ko"}, "").og_locale(), "ko_KR");
}

TEST(L10n, CatalogsCompileAndTranslateWithPlurals) {
  DiagnosticSink sink;
  const auto mo = compile_catalog(test::source_dir(), "ko", sink);
  ASSERT_TRUE(mo) << format_diagnostics(sink.sorted(), OutputFormat::text);
  const Locale ko(seoul(), {"ko", "한국어", "ko"}, *mo);
  EXPECT_EQ(ko.tr("Skip to main content"), "본문으로 건너뛰기");
  EXPECT_EQ(ko.tr("Not in the catalog"), "Not in the catalog");
  const auto ar_mo = compile_catalog(test::source_dir(), "ar", sink);
  ASSERT_TRUE(ar_mo);
  const Locale ar(seoul(), {"ar", "العربية", "ar"}, *ar_mo);
  // Arabic has six plural forms; 2 is the dual, 11 "many".
  EXPECT_NE(ar.tr_n("{count} article", "{count} articles", 2),
            ar.tr_n("{count} article", "{count} articles", 11));
}

// A msgctxt tells one English word's two roles apart; a catalog written
// before the context was given keeps working through its plain entry.
TEST(L10n, AContextTranslatesOnItsOwnAndFallsBackToThePlainEntry) {
  const std::string header =
      "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n\n"
      "msgid \"Analysis\"\nmsgstr \"Analysen\"\n\n";
  auto compiled = [](const std::string& po) {
    std::string text = po;
    const ProcessResult r = run_process_with_input({"msgfmt", "-o", "-", "-"}, &text);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return r.out;
  };
  const Locale with(seoul(), {"de", "Deutsch", "de"},
                    compiled(header + "msgctxt \"article type\"\nmsgid \"Analysis\"\nmsgstr "
                                      "\"Analyse\"\n"));
  EXPECT_EQ(with.tr("Analysis"), "Analysen");
  EXPECT_EQ(with.tr_ctx("article type", "Analysis"), "Analyse");
  const Locale without(seoul(), {"de", "Deutsch", "de"}, compiled(header));
  EXPECT_EQ(without.tr_ctx("article type", "Analysis"), "Analysen");
  EXPECT_EQ(without.tr_ctx("article type", "Review"), "Review");
}

TEST(L10n, BrokenCatalogIsALocatedError) {
  test::TempDir dir;
  test::write_text(dir.path(), "locales/de.po",
                   "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n\nmsgid "
                   "\"a\"\nmsgstr \"b\n");
  DiagnosticSink sink;
  EXPECT_FALSE(compile_catalog(dir.path(), "de", sink));
  const auto d = sink.sorted();
  ASSERT_FALSE(d.empty());
  EXPECT_EQ(d[0].where.path, "locales/de.po");
  // msgfmt reports an unterminated string on the line after it; we report its own.
  EXPECT_EQ(d[0].where.line, 5);
  EXPECT_EQ(d[0].rule, "i18n/syntax");
}

TEST(L10n, MissingCatalogIsAWarning) {
  test::TempDir dir;
  DiagnosticSink sink;
  EXPECT_FALSE(compile_catalog(dir.path(), "ja", sink));
  EXPECT_EQ(sink.count(Severity::warning), 1);
}

}  // namespace pp

namespace pp {

TEST(Translations, StampKeepsEveryOtherByte) {
  const std::string digest(40, 'a');
  EXPECT_EQ(*stamp_front_matter("---\r\ntitle: x # kept\r\nsource_digest: 0000\r\n---\r\nbody\r\n",
                                digest),
            "---\r\ntitle: x # kept\r\nsource_digest: " + digest + "\r\n---\r\nbody\r\n");
  EXPECT_EQ(*stamp_front_matter("\xEF\xBB\xBF---\ntitle: x\ntranslation_of: en\n---\n", digest),
            "\xEF\xBB\xBF---\ntitle: x\ntranslation_of: en\nsource_digest: " + digest + "\n---\n");
  EXPECT_FALSE(stamp_front_matter("no front matter\n", digest));
  EXPECT_FALSE(stamp_front_matter("---\ntitle: x\n", digest));
}

}  // namespace pp

namespace pp {

// Split into items and glue, a list reads exactly as ICU formats it.
TEST(L10n, ListPartsJoinToTheFormattedList) {
  SiteConfig config;
  config.time_zone = "UTC";
  for (const char* code : {"en", "ar", "ja", "ko", "de"}) {
    const Locale loc(config, LanguageConfig{code, code, code}, "");
    const std::vector<std::string> names = {"Ana Lima", "بن عودة", "김서연"};
    std::string joined;
    int items = 0;
    for (const auto& p : loc.format_list_parts(names)) {
      joined += p.text;
      if (p.item) {
        EXPECT_EQ(p.text, names[items++]) << code;
      }
    }
    EXPECT_EQ(items, 3) << code;
    EXPECT_EQ(joined, loc.format_list(names)) << code;
  }
}

}  // namespace pp

namespace pp {

// The weekly brief's week (docs/spec.md §7) as ICU's DateIntervalFormat writes it.
TEST(L10n, DateIntervalsAreIcuRanges) {
  SiteConfig config;
  config.time_zone = "Asia/Seoul";
  const auto from = *parse_date("2026-11-23"), to = *parse_date("2026-11-29");
  auto range = [&](const char* code) {
    return Locale(config, LanguageConfig{code, code, code}, "").format_date_interval(from, to);
  };
  EXPECT_EQ(range("ko"), "2026년 11월 23일~29일");
  EXPECT_EQ(range("en"), "November 23\u2009\u2013\u200929, 2026");
  EXPECT_EQ(range("de"), "23.\u201329. November 2026");
  EXPECT_EQ(range("ja"), "2026年11月23日～29日");
  EXPECT_EQ(range("ar"), "٢٣–٢٩ نوفمبر، ٢٠٢٦");
  EXPECT_EQ(Locale(config, LanguageConfig{"en", "en", "en"}, "")
                .format_date_interval(*parse_date("2026-12-28"), *parse_date("2027-01-03")),
            "December 28, 2026\u2009\u2013\u2009January 3, 2027");
}

}  // namespace pp
