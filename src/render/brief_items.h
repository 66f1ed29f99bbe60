#pragma once
// Internal to render: what the weekly brief of an ISO week lists, for its
// email (edition.cpp) and its web copy (brief_page.cpp) alike.

#include <string>
#include <vector>

#include "render/site_model.h"
#include "render/view_data.h"

namespace pp {

/// The articles `lang`'s brief of a week lists: reviews, then news and
/// analysis; newest first within each (the order of the language's list).
struct WeekItems {
  std::vector<Listed> reviews, others;
  bool empty() const { return reviews.empty() && others.empty(); }
};

/// A day of an ISO week as a date ("2026-11-23").
Date week_day(const IsoWeek::Day& d);

/// The articles of `lang` published in `week` (only they are a dependency).
WeekItems week_items(const SiteModel& m, const IsoWeek& week, const std::string& lang);

/// The ISO weeks ("2026-W48") of `entries`' publication, cut in
/// `time_zone`, newest first, each once (SiteModel::build_lists()).
std::vector<std::string> iso_weeks_of(const std::vector<Listed>& entries,
                                      const std::string& time_zone);

/// The ISO weeks in which `lang` lists an article: the weeks whose brief has
/// a web copy (SiteModel::weeks_of(): only the weeks are a dependency).
const std::vector<std::string>& brief_weeks(const SiteModel& m, const std::string& lang);

/// A brief's items as its templates show them: `reviews` and `others` (title,
/// url, type_label, date, rating, summary, verdict; other_lang and other_dir
/// for a fallback), and for the email's text part the items as text and the
/// first title (its preheader). Links are absolute with `absolute`, else
/// root-relative.
struct BriefItems {
  ViewList reviews, others;
  std::string text, preheader;
};
BriefItems brief_items(const SiteModel& m, const Locale& loc, const WeekItems& w, bool absolute);

}  // namespace pp
