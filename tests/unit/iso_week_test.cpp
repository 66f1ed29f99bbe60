// ISO 8601 weeks ("YYYY-Www") as `polypress edition` reads them (render/render.h).
#include <gtest/gtest.h>

#include "render/render.h"

namespace pp {

namespace {

constexpr double kDayMs = 86400000.0;

// "YYYY-MM-DD" of a week's day.
std::string text(const IsoWeek::Day& d) {
  char out[16];
  std::snprintf(out, sizeof out, "%04d-%02d-%02d", d.year, d.month, d.day);
  return out;
}

}  // namespace

TEST(IsoWeek, AWeekRunsMondayToSunday) {
  const auto w = parse_iso_week("2026-W48", "UTC");
  ASSERT_TRUE(w);
  EXPECT_EQ(w->label, "2026-W48");
  EXPECT_EQ(text(w->first), "2026-11-23");
  EXPECT_EQ(text(w->last), "2026-11-29");
  EXPECT_EQ(w->start_ms, 1795392000000.0);  // 2026-11-23T00:00Z
  EXPECT_EQ(w->end_ms, w->start_ms + 7 * kDayMs);
  EXPECT_EQ(week_range_text(*w), "2026-11-23 to 2026-11-29");
}

TEST(IsoWeek, IsCutInTheSitesTimeZone) {
  const auto utc = parse_iso_week("2026-W48", "UTC");
  const auto seoul = parse_iso_week("2026-W48", "Asia/Seoul");
  const auto la = parse_iso_week("2026-W48", "America/Los_Angeles");
  ASSERT_TRUE(utc && seoul && la);
  EXPECT_EQ(seoul->start_ms, utc->start_ms - 9 * 3600000.0);
  EXPECT_EQ(la->start_ms, utc->start_ms + 8 * 3600000.0);
  EXPECT_EQ(text(seoul->first), "2026-11-23");
  // The week summer time starts in is an hour short.
  const auto berlin = parse_iso_week("2026-W13", "Europe/Berlin");
  ASSERT_TRUE(berlin);
  EXPECT_EQ(text(berlin->first), "2026-03-23");
  EXPECT_EQ(berlin->end_ms - berlin->start_ms, 7 * kDayMs - 3600000.0);
}

TEST(IsoWeek, Week53OnlyInYearsThatHaveIt) {
  // 2026 and 2020 begin on a Thursday (2020 is a leap year beginning on a
  // Wednesday too): 53 weeks. 2025 and 2021 have 52.
  const auto w2026 = parse_iso_week("2026-W53", "UTC");
  ASSERT_TRUE(w2026);
  EXPECT_EQ(text(w2026->first), "2026-12-28");
  EXPECT_EQ(text(w2026->last), "2027-01-03");
  const auto w2020 = parse_iso_week("2020-W53", "UTC");
  ASSERT_TRUE(w2020);
  EXPECT_EQ(w2020->start_ms, 1609113600000.0);  // 2020-12-28T00:00Z
  EXPECT_EQ(text(w2020->last), "2021-01-03");
  EXPECT_TRUE(parse_iso_week("2015-W53", "UTC"));
  EXPECT_FALSE(parse_iso_week("2025-W53", "UTC"));
  EXPECT_FALSE(parse_iso_week("2021-W53", "UTC"));
  EXPECT_FALSE(parse_iso_week("2027-W53", "UTC"));
}

TEST(IsoWeek, Week1CanBeginInThePreviousYear) {
  const auto w2025 = parse_iso_week("2025-W01", "UTC");
  ASSERT_TRUE(w2025);
  EXPECT_EQ(text(w2025->first), "2024-12-30");
  EXPECT_EQ(text(w2025->last), "2025-01-05");
  EXPECT_EQ(week_range_text(*w2025), "2024-12-30 to 2025-01-05");
  const auto w2026 = parse_iso_week("2026-W01", "UTC");
  ASSERT_TRUE(w2026);
  EXPECT_EQ(w2026->start_ms, 1766966400000.0);  // 2025-12-29T00:00Z
  EXPECT_EQ(text(w2026->first), "2025-12-29");
  EXPECT_EQ(text(w2026->last), "2026-01-04");
  // …or in the year itself, when it begins on Friday to Sunday.
  const auto w2021 = parse_iso_week("2021-W01", "UTC");
  ASSERT_TRUE(w2021);
  EXPECT_EQ(text(w2021->first), "2021-01-04");
  EXPECT_EQ(text(w2021->last), "2021-01-10");
}

TEST(IsoWeek, ConsecutiveWeeksMeet) {
  const auto last = parse_iso_week("2026-W53", "Asia/Seoul");
  const auto next = parse_iso_week("2027-W01", "Asia/Seoul");
  ASSERT_TRUE(last && next);
  EXPECT_EQ(last->end_ms, next->start_ms);
  const auto w52 = parse_iso_week("2025-W52", "UTC");
  const auto w01 = parse_iso_week("2026-W01", "UTC");
  ASSERT_TRUE(w52 && w01);
  EXPECT_EQ(w52->end_ms, w01->start_ms);
}

TEST(IsoWeek, WeekNumbersOutsideOneTo53AreRefused) {
  EXPECT_FALSE(parse_iso_week("2026-W00", "UTC"));
  EXPECT_FALSE(parse_iso_week("2026-W54", "UTC"));
  EXPECT_FALSE(parse_iso_week("2026-W99", "UTC"));
  EXPECT_TRUE(parse_iso_week("2026-W52", "UTC"));
  EXPECT_TRUE(parse_iso_week("9999-W01", "UTC"));
}

TEST(IsoWeek, MalformedTextIsRefused) {
  for (const char* bad : {"", "2026", "2026-W1", "2026-W001", "2026W01", "2026-01", "2026-w01",
                          " 2026-W01", "2026-W01 ", "2026-WAA", "20a6-W01", "+2026-W01",
                          "2026-W01-1", "2026-W-1", "２０２６-W01", "2026-W０1"})
    EXPECT_FALSE(parse_iso_week(bad, "UTC")) << bad;
}

}  // namespace pp
