#include "core/date.h"

#include <unicode/calendar.h>
#include <unicode/timezone.h>

#include <cctype>
#include <cstdio>
#include <map>
#include <memory>
#include <string>

namespace pp {

namespace {

bool digits(std::string_view s, std::size_t pos, std::size_t n, int& out) {
  if (pos + n > s.size()) return false;
  out = 0;
  for (std::size_t i = pos; i < pos + n; ++i) {
    if (!std::isdigit(static_cast<unsigned char>(s[i]))) return false;
    out = out * 10 + (s[i] - '0');
  }
  return true;
}

int days_in_month(int y, int m) {
  static const int days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  const bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
  return m == 2 && leap ? 29 : days[m - 1];
}

}  // namespace

std::optional<Date> parse_date(std::string_view s) {
  Date d;
  d.text = std::string(s);
  if (s.size() < 10 || !digits(s, 0, 4, d.year) || s[4] != '-' || !digits(s, 5, 2, d.month) ||
      s[7] != '-' || !digits(s, 8, 2, d.day))
    return std::nullopt;
  if (d.year < 1 || d.month < 1 || d.month > 12 || d.day < 1 ||
      d.day > days_in_month(d.year, d.month))
    return std::nullopt;
  if (s.size() == 10) return d;
  if (s[10] != 'T' && s[10] != 't') return std::nullopt;
  std::size_t p = 11;
  if (!digits(s, p, 2, d.hour) || s.size() <= p + 2 || s[p + 2] != ':' ||
      !digits(s, p + 3, 2, d.minute))
    return std::nullopt;
  p += 5;
  if (p < s.size() && s[p] == ':') {
    if (!digits(s, p + 1, 2, d.second)) return std::nullopt;
    p += 3;
    if (p < s.size() && s[p] == '.') {
      ++p;
      const std::size_t start = p;
      while (p < s.size() && std::isdigit(static_cast<unsigned char>(s[p]))) ++p;
      if (p == start) return std::nullopt;
    }
  }
  if (d.hour > 23 || d.minute > 59 || d.second > 59) return std::nullopt;
  if (p >= s.size()) return std::nullopt;  // RFC 3339 needs an offset
  if (s[p] == 'Z' || s[p] == 'z') {
    if (p + 1 != s.size()) return std::nullopt;
  } else if (s[p] == '+' || s[p] == '-') {
    int oh = 0, om = 0;
    if (p + 6 != s.size() || !digits(s, p + 1, 2, oh) || s[p + 3] != ':' ||
        !digits(s, p + 4, 2, om) || oh > 23 || om > 59)
      return std::nullopt;
    d.offset_minutes = (s[p] == '-' ? -1 : 1) * (oh * 60 + om);
  } else {
    return std::nullopt;
  }
  d.has_time = true;
  return d;
}

long long days_from_civil(int y, int m, int d) {
  // Howard Hinnant's algorithm.
  y -= m <= 2;
  const long long era = (y >= 0 ? y : y - 399) / 400;
  const unsigned yoe = static_cast<unsigned>(y - era * 400);
  const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + static_cast<long long>(doe) - 719468;
}

double to_epoch_ms(const Date& d, int zone_offset_minutes) {
  const long long days = days_from_civil(d.year, d.month, d.day);
  long long seconds = days * 86400;
  if (d.has_time) {
    seconds += d.hour * 3600 + d.minute * 60 + d.second - d.offset_minutes * 60LL;
  } else {
    seconds -= zone_offset_minutes * 60LL;
  }
  return static_cast<double>(seconds) * 1000.0;
}

}  // namespace pp

namespace pp {

std::string format_rfc3339_utc(double epoch_ms) {
  long long secs = static_cast<long long>(epoch_ms / 1000.0);
  long long days = secs / 86400;
  long long rem = secs % 86400;
  if (rem < 0) {
    rem += 86400;
    --days;
  }
  // civil_from_days (Howard Hinnant).
  days += 719468;
  const long long era = (days >= 0 ? days : days - 146096) / 146097;
  const unsigned doe = static_cast<unsigned>(days - era * 146097);
  const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const unsigned mp = (5 * doy + 2) / 153;
  const unsigned d = doy - (153 * mp + 2) / 5 + 1;
  const unsigned m = mp < 10 ? mp + 3 : mp - 9;
  const long long y = static_cast<long long>(yoe) + era * 400 + (m <= 2);
  char buf[64];
  std::snprintf(buf, sizeof buf, "%04lld-%02u-%02uT%02lld:%02lld:%02lldZ", y, m, d, rem / 3600,
                (rem / 60) % 60, rem % 60);
  return buf;
}

double date_epoch_ms(const Date& d, const std::string& time_zone) {
  if (d.has_time) return to_epoch_ms(d, 0);
  // One calendar per thread and zone; each day's midnight computed once.
  thread_local std::string zone;
  thread_local std::unique_ptr<icu::Calendar> cal;
  thread_local std::map<long long, double> midnights;
  if (!cal || zone != time_zone) {
    UErrorCode status = U_ZERO_ERROR;
    cal.reset(icu::Calendar::createInstance(
        icu::TimeZone::createTimeZone(icu::UnicodeString::fromUTF8(time_zone)),
        icu::Locale::getRoot(), status));
    if (U_FAILURE(status)) cal.reset();
    zone = time_zone;
    midnights.clear();
  }
  if (!cal) return to_epoch_ms(d, 0);
  const long long day = days_from_civil(d.year, d.month, d.day);
  if (auto it = midnights.find(day); it != midnights.end()) return it->second;
  UErrorCode status = U_ZERO_ERROR;
  cal->clear();
  cal->set(d.year, d.month - 1, d.day, 0, 0, 0);
  const UDate t = cal->getTime(status);
  const double ms = U_FAILURE(status) ? to_epoch_ms(d, 0) : t;
  midnights.emplace(day, ms);
  return ms;
}

}  // namespace pp
