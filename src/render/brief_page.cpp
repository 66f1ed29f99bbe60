// The web copy of a weekly brief: /<lang>/briefs/<week>/, a page of the site
// with what the week's email lists, in the sitemap.
#include <algorithm>

#include "render/brief_items.h"
#include "render/page_parts.h"
#include "render/urls.h"

namespace pp {

std::string render_brief_page(const SiteModel& m, const Locale& loc, const std::string& week,
                              DiagnosticSink& sink) {
  const auto w = parse_iso_week(week, m.config.time_zone);
  if (!w) return {};
  const std::string path = brief_path(m.config, loc.code(), week);
  ViewData d = common_data(m, loc, path);
  const std::string range = loc.format_date_interval(week_day(w->first), week_day(w->last));
  const std::string title =
      loc.tr_fill("{site} weekly brief, {week}", {{"site", m.config.name}, {"week", range}});
  d.set("page_title", title);
  d.set("og_title", title);
  d.set("og_type", "website");
  d.set("description", title);
  // The languages whose brief of this week has a web copy.
  std::vector<LanguagePage> counterparts;
  for (const auto& l : m.config.languages) {
    if (!m.has_locale(l.code)) continue;
    const auto& weeks = brief_weeks(m, l.code);
    if (l.code == loc.code() || std::count(weeks.begin(), weeks.end(), week))
      counterparts.push_back({l.code, brief_path(m.config, l.code, week), true});
  }
  set_partial_language_links(d, m, loc, counterparts);
  d.set("week", range);
  const WeekItems items = week_items(m, *w, loc.code());
  BriefItems b = brief_items(m, loc, items, false);
  d.set("has_reviews", mustache::data(!items.reviews.empty()));
  d.set("reviews", std::move(b.reviews));
  d.set("has_others", mustache::data(!items.others.empty()));
  d.set("others", std::move(b.others));
  return m.render_template("brief", d, loc, sink);
}

}  // namespace pp
