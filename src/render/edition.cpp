// The weekly brief (`polypress edition`): one email per language for an ISO week.
#include <unicode/calendar.h>
#include <unicode/gregocal.h>
#include <unicode/timezone.h>
#include <utility>

#include <memory>

#include "core/text_wrap.h"
#include "l10n/l10n.h"
#include "render/brief_items.h"
#include "render/site_model.h"
#include "render/templates.h"
#include "render/urls.h"

namespace pp {

std::optional<IsoWeek> parse_iso_week(const std::string& text, const std::string& time_zone) {
  // YYYY-Www, checked by hand.
  auto digit = [&](std::size_t i) { return text[i] >= '0' && text[i] <= '9'; };
  if (text.size() != 8 || text[4] != '-' || text[5] != 'W' || !digit(0) || !digit(1) || !digit(2) ||
      !digit(3) || !digit(6) || !digit(7))
    return std::nullopt;
  const int year = std::stoi(text.substr(0, 4)), week = std::stoi(text.substr(6, 2));
  if (week < 1 || week > 53) return std::nullopt;
  UErrorCode status = U_ZERO_ERROR;
  std::unique_ptr<icu::Calendar> cal(icu::Calendar::createInstance(
      icu::TimeZone::createTimeZone(icu::UnicodeString::fromUTF8(time_zone)),
      icu::Locale::getRoot(), status));
  if (U_FAILURE(status)) return std::nullopt;
  // ISO 8601: weeks start on Monday; week 1 holds the year's first Thursday.
  cal->setFirstDayOfWeek(UCAL_MONDAY);
  cal->setMinimalDaysInFirstWeek(4);
  cal->clear();
  cal->set(UCAL_YEAR_WOY, year);
  cal->set(UCAL_WEEK_OF_YEAR, week);
  cal->set(UCAL_DAY_OF_WEEK, UCAL_MONDAY);
  cal->set(UCAL_HOUR_OF_DAY, 0);
  IsoWeek w;
  w.label = text;
  w.start_ms = cal->getTime(status);
  // A week 53 that the year does not have comes back as another week.
  if (U_FAILURE(status) || cal->get(UCAL_WEEK_OF_YEAR, status) != week ||
      cal->get(UCAL_YEAR_WOY, status) != year)
    return std::nullopt;
  // The Monday of week 1 may fall in the year before: its own calendar year.
  w.first = {cal->get(UCAL_YEAR, status), cal->get(UCAL_MONTH, status) + 1,
             cal->get(UCAL_DATE, status)};
  cal->add(UCAL_DATE, 6, status);
  w.last = {cal->get(UCAL_YEAR, status), cal->get(UCAL_MONTH, status) + 1,
            cal->get(UCAL_DATE, status)};
  cal->add(UCAL_DATE, 1, status);
  w.end_ms = cal->getTime(status);
  if (U_FAILURE(status)) return std::nullopt;
  return w;
}

std::string week_range_text(const IsoWeek& w) {
  return week_day(w.first).text + " to " + week_day(w.last).text;
}

namespace {

std::optional<std::string> render_brief(const SiteModel& m, const IsoWeek& week, const Locale& loc,
                                        const WeekItems& w, DiagnosticSink& sink) {
  const auto& reviews = w.reviews;
  const auto& others = w.others;
  const std::string range = loc.format_date_interval(week_day(week.first), week_day(week.last));
  const std::string subject =
      loc.tr_fill("{site} weekly brief, {week}", {{"site", m.config.name}, {"week", range}});
  ViewData d;
  set_email_language(d, loc);
  d.set("subject", subject);
  d.set("site_name", m.config.name);
  d.set("week", range);
  d.set("home_url", absolute_url(m.config, home_path(m.config, loc.code())));
  d.set("unsubscribe_url", unsubscribe_url(m.config, loc.code()));
  set_sender(d, m.config);
  // The week's web copy: "View in your browser" opens it.
  d.set("web_url", absolute_url(m.config, brief_path(m.config, loc.code(), week.label)));
  BriefItems items = brief_items(m, loc, w, true);
  d.set("has_reviews", mustache::data(!reviews.empty()));
  d.set("reviews", std::move(items.reviews));
  d.set("has_others", mustache::data(!others.empty()));
  d.set("others", std::move(items.others));
  d.set("preheader", items.preheader);
  d.set("items_text", items.text);

  EmailContent c;
  c.subject = subject;
  c.date_epoch_s = static_cast<std::int64_t>(week.end_ms / 1000);
  c.message_id = "brief." + week.label + "." + loc.code() + "@" + message_domain(m.config);
  c.html = m.render_template("email/brief.html", d, loc, sink);
  c.text = tidy_text(m.render_text_template("email/brief.txt", d, loc, sink), loc);
  return assemble(m, loc, std::move(c), std::string(kSiteConfigPath), sink);
}

}  // namespace

std::string edition_week_notes(const Corpus& corpus, const SiteConfig& config,
                               const IsoWeek& week) {
  // Counted per bundle: a bundle's files share their date.
  std::size_t drafts = 0, elsewhere = 0;
  const Date first = week_day(week.first), last = week_day(week.last);
  for (const auto& b : corpus.bundles) {
    bool draft = false, shifted = false;
    for (const auto& [lang, a] : b.articles) {
      if (!a.meta.date) continue;
      const Date& d = a.meta.date->value;
      const double at = date_epoch_ms(d, config.time_zone);
      const bool in_week = at >= week.start_ms && at < week.end_ms;
      // The calendar day as written (its own offset) against the week's days.
      const auto key = [](const Date& x) { return x.year * 10000 + x.month * 100 + x.day; };
      const bool written_in_week = key(d) >= key(first) && key(d) <= key(last);
      if (in_week && a.meta.draft) draft = true;
      if (written_in_week && !in_week) shifted = true;
    }
    drafts += draft;
    elsewhere += shifted && !draft;
  }
  std::string notes;
  const auto add = [&](std::size_t n, const std::string& one, const std::string& many) {
    if (n == 0) return;
    notes += (notes.empty() ? "" : "; ") + std::to_string(n) + " " + (n == 1 ? one : many);
  };
  add(drafts, "draft dated in that week is not published",
      "drafts dated in that week are not published");
  add(elsewhere,
      "article dated in that week by its own UTC offset is in another week in " + config.time_zone,
      "articles dated in that week by their own UTC offset are in another week in " +
          config.time_zone);
  return notes;
}

std::vector<OutputFile> render_edition(const std::filesystem::path& root, const SiteConfig& config,
                                       const Corpus& corpus, const LocaleMap& locales,
                                       const TemplateSet& templates, const RenderOptions& options,
                                       const IsoWeek& week,
                                       std::vector<std::string>& empty_languages,
                                       DiagnosticSink& sink) {
  SiteModel m(root, config, corpus, locales, templates, options);
  m.build_lists();
  std::vector<OutputFile> files;
  for (const auto& lang : config.languages) {
    if (!options.languages.empty() &&
        !std::count(options.languages.begin(), options.languages.end(), lang.code))
      continue;
    if (!locales.count(lang.code)) continue;
    const WeekItems items = week_items(m, week, lang.code);
    if (items.empty()) {
      empty_languages.push_back(lang.code);
      continue;
    }
    // A brief that cannot be made (too large) is its finding, not an empty week.
    auto bytes = render_brief(m, week, *locales.at(lang.code), items, sink);
    if (!bytes) continue;
    files.push_back({lang.code + "/brief-" + week.label + ".eml", std::move(*bytes), ""});
  }
  return files;
}

}  // namespace pp
