#pragma once
// Dates of front matter: `YYYY-MM-DD` or an RFC 3339 date-time with an offset.

#include <optional>
#include <string>
#include <string_view>

namespace pp {

/// A calendar date, optionally with a time of day and a UTC offset.
struct Date {
  int year = 0, month = 0, day = 0;
  bool has_time = false;
  int hour = 0, minute = 0, second = 0;
  int offset_minutes = 0;  ///< east of UTC; meaningful when has_time
  std::string text;        ///< as written

  friend bool operator==(const Date& a, const Date& b) { return a.text == b.text; }
};

/// Parses a strict ISO 8601 / RFC 3339 value; nullopt when malformed or impossible
/// (2026-02-30, month 13, hour 24, a date-time without an offset).
std::optional<Date> parse_date(std::string_view s);

/// Days since 1970-01-01 of a proleptic Gregorian date.
long long days_from_civil(int y, int m, int d);

/// Milliseconds since the epoch. A date without a time is midnight in the zone
/// whose offset (minutes east of UTC) at that date is `zone_offset_minutes`.
double to_epoch_ms(const Date& d, int zone_offset_minutes);

/// Milliseconds since the epoch of a front matter date; a date without a time
/// is midnight in `time_zone` (an IANA name, read by ICU).
double date_epoch_ms(const Date& d, const std::string& time_zone);

}  // namespace pp

namespace pp {

/// "YYYY-MM-DDTHH:MM:SSZ" of milliseconds since the epoch.
std::string format_rfc3339_utc(double epoch_ms);

}  // namespace pp
