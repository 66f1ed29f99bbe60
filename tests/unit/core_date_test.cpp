#include <gtest/gtest.h>

#include "core/date.h"

namespace pp {

TEST(Date, ParsesDatesAndDateTimes) {
  auto d = parse_date("2026-11-29");
  ASSERT_TRUE(d);
  EXPECT_EQ(d->year, 2026);
  EXPECT_FALSE(d->has_time);
  auto t = parse_date("2026-11-24T09:30:00+09:00");
  ASSERT_TRUE(t);
  EXPECT_TRUE(t->has_time);
  EXPECT_EQ(t->offset_minutes, 540);
  EXPECT_TRUE(parse_date("2024-02-29"));
  EXPECT_TRUE(parse_date("2026-11-24T09:30Z"));
  EXPECT_TRUE(parse_date("2026-11-24T09:30:00.123-05:00"));
}

TEST(Date, RejectsImpossibleOrSloppyDates) {
  for (const char* bad :
       {"2026-02-30", "2026-13-01", "2025-02-29", "2024-1-5", "05/01/2024", "2026-11-24T09:30:00",
        "2026-11-24T24:00:00Z", "2026-11-24 09:30Z", "2026-11-29x", "", "yes"})
    EXPECT_FALSE(parse_date(bad)) << bad;
}

TEST(Date, ConvertsToEpochAndBack) {
  // The ICU truth table's instant: 2026-11-29T09:30:00Z = 1795944600000 ms.
  auto t = parse_date("2026-11-29T18:30:00+09:00");
  ASSERT_TRUE(t);
  EXPECT_EQ(to_epoch_ms(*t, 0), 1795944600000.0);
  EXPECT_EQ(format_rfc3339_utc(1795944600000.0), "2026-11-29T09:30:00Z");
  auto d = parse_date("2026-11-29");
  EXPECT_EQ(format_rfc3339_utc(to_epoch_ms(*d, 540)), "2026-11-28T15:00:00Z");
}

}  // namespace pp
