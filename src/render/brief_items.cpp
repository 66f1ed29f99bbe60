// What the weekly brief of an ISO week lists, for its email and its web copy.
#include "render/brief_items.h"

#include <unicode/calendar.h>
#include <unicode/timezone.h>

#include <memory>
#include <set>

#include "render/urls.h"

namespace pp {

Date week_day(const IsoWeek::Day& d) {
  Date out;
  out.year = d.year;
  out.month = d.month;
  out.day = d.day;
  auto two = [](int n) { return (n < 10 ? "0" : "") + std::to_string(n); };
  out.text = std::to_string(d.year) + "-" + two(d.month) + "-" + two(d.day);
  return out;
}

WeekItems week_items(const SiteModel& m, const IsoWeek& week, const std::string& lang) {
  WeekItems w;
  for (Listed& l : m.listed_in_week(lang, week)) {
    const bool review = l.meta().type && l.meta().type->value == ArticleType::review;
    (review ? w.reviews : w.others).push_back(std::move(l));
  }
  return w;
}

std::vector<std::string> iso_weeks_of(const std::vector<Listed>& entries,
                                      const std::string& time_zone) {
  UErrorCode status = U_ZERO_ERROR;
  std::unique_ptr<icu::Calendar> cal(icu::Calendar::createInstance(
      icu::TimeZone::createTimeZone(icu::UnicodeString::fromUTF8(time_zone)),
      icu::Locale::getRoot(), status));
  if (U_FAILURE(status)) return {};
  // ISO 8601, as parse_iso_week() reads a week: Monday first, week 1 holds
  // the year's first Thursday.
  cal->setFirstDayOfWeek(UCAL_MONDAY);
  cal->setMinimalDaysInFirstWeek(4);
  std::set<std::string, std::greater<>> weeks;
  for (const Listed& l : entries) {
    cal->setTime(l.published_ms, status);
    const int year = cal->get(UCAL_YEAR_WOY, status), week = cal->get(UCAL_WEEK_OF_YEAR, status);
    if (U_FAILURE(status) || year < 1000 || year > 9999) {
      status = U_ZERO_ERROR;
      continue;
    }
    weeks.insert(std::to_string(year) + "-W" + (week < 10 ? "0" : "") + std::to_string(week));
  }
  return {weeks.begin(), weeks.end()};
}

const std::vector<std::string>& brief_weeks(const SiteModel& m, const std::string& lang) {
  return m.weeks_of(lang);
}

BriefItems brief_items(const SiteModel& m, const Locale& loc, const WeekItems& w, bool absolute) {
  BriefItems b;
  std::size_t n = 0;
  auto items = [&](const std::vector<Listed>& list, bool review) {
    ViewList out;
    for (const Listed& l : list) {
      const FrontMatter& fm = l.meta();
      const Locale& page_loc = m.has_locale(l.page_lang) ? m.locale(l.page_lang) : loc;
      const std::string path = article_path(m.config, l.page_lang, l.section(), l.slug());
      const std::string url = absolute_url(m.config, path);
      const std::string title = fm.title ? fm.title->value : l.slug();
      ViewData item;
      item.set("title", title);
      item.set("url", absolute ? url : path);
      item.set("type_label", type_label(loc, fm.type ? fm.type->value : ArticleType::news));
      item.set("date", fm.date ? loc.format_date(fm.date->value) : "");
      if (l.page_lang != loc.code()) {
        item.set("other_lang", l.page_lang);
        item.set("other_dir", page_loc.dir());
      }
      std::string text = std::to_string(++n) + ". " + title + "\n";
      if (review && fm.rating) {
        const std::string rating =
            loc.tr_fill("{rating} out of {max}",
                        {{"rating", loc.format_skeleton(fm.rating->value, ".#").value_or("")},
                         {"max", loc.format_integer(5)}});
        item.set("rating", rating);
        text += loc.tr("Rating:") + " " + rating + "\n";
      }
      if (!review && fm.summary) {
        item.set("summary", fm.summary->value);
        text += fm.summary->value + "\n";
      }
      if (fm.verdict) {
        item.set("verdict", fm.verdict->value);
        text += loc.tr("Verdict:") + " " + fm.verdict->value + "\n";
      }
      b.text += text + url + "\n\n";
      if (b.preheader.empty()) b.preheader = title;
      out.push_back(std::move(item));
    }
    return out;
  };
  b.reviews = items(w.reviews, true);
  b.others = items(w.others, false);
  return b;
}

}  // namespace pp
