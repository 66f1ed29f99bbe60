#include <unicode/calendar.h>
#include <unicode/datefmt.h>
#include <unicode/dtitvfmt.h>
#include <unicode/listformatter.h>
#include <unicode/locid.h>
#include <unicode/msgfmt.h>
#include <unicode/numberformatter.h>
#include <unicode/plurrule.h>
#include <unicode/strenum.h>
#include <unicode/timezone.h>

#include <boost/locale.hpp>

#include "core/digest.h"
#include "core/markup_text.h"
#include "core/text.h"
#include "l10n/l10n.h"

namespace pp {

namespace bl = boost::locale;
namespace num = icu::number;

namespace {

icu::Locale icu_locale(const std::string& tag) {
  UErrorCode status = U_ZERO_ERROR;
  icu::Locale loc = icu::Locale::forLanguageTag(tag, status);
  return U_FAILURE(status) ? icu::Locale::getRoot() : loc;
}

std::string to_utf8(const icu::UnicodeString& s) {
  std::string out;
  s.toUTF8String(out);
  return out;
}

std::locale make_messages_locale(const std::string& lang, const std::string& mo) {
  static bl::generator gen;
  static std::mutex gen_mutex;
  std::locale base;
  {
    std::lock_guard<std::mutex> lock(gen_mutex);
    base = gen(lang + ".UTF-8");
  }
  if (mo.empty()) return base;
  bl::gnu_gettext::messages_info info;
  info.language = lang;
  info.encoding = "UTF-8";
  info.domains.push_back(bl::gnu_gettext::messages_info::domain("polypress"));
  info.paths.push_back("catalog");
  // The catalog lives in memory (compiled by msgfmt), not on disk.
  info.callback = [mo](const std::string& file, const std::string&) {
    if (std::string_view(file).ends_with("/LC_MESSAGES/polypress.mo"))
      return std::vector<char>(mo.begin(), mo.end());
    return std::vector<char>();
  };
  return std::locale(base, bl::gnu_gettext::create_messages_facet<char>(info));
}

}  // namespace

Locale::Locale(const SiteConfig& config, const LanguageConfig& lang, const std::string& mo)
    : code_(lang.code),
      icu_locale_(lang.locale.empty() ? lang.code : lang.locale),
      time_zone_(config.time_zone) {
  const icu::Locale loc = icu_locale(icu_locale_);
  dir_ = loc.isRightToLeft() ? "rtl" : "ltr";
  icu::Locale likely = loc;
  UErrorCode status = U_ZERO_ERROR;
  likely.addLikelySubtags(status);
  og_locale_ = std::string(likely.getLanguage()) +
               (likely.getCountry()[0] ? std::string("_") + likely.getCountry() : std::string());
  messages_ = make_messages_locale(lang.code, mo);
  catalog_digest_ = git_blob_id(mo);
  date_format_.reset(icu::DateFormat::createDateInstance(icu::DateFormat::kLong, loc));
  if (date_format_)
    date_format_->adoptTimeZone(
        icu::TimeZone::createTimeZone(icu::UnicodeString::fromUTF8(config.time_zone)));
}

Locale::~Locale() = default;

std::string Locale::tr(const std::string& msgid) const {
  std::string out = bl::translate(msgid).str(messages_);
  // What a translation leaves open is closed within it (i18n check reports it).
  return out.empty() ? msgid : close_bidi_controls(out);
}

std::string Locale::tr_ctx(const std::string& context, const std::string& msgid) const {
  const std::string out = bl::translate(context, msgid).str(messages_);
  // Untranslated in its context (Boost.Locale gives the msgid back): the
  // plain entry, which catalogs made before the context was given hold.
  if (out.empty() || out == msgid) return tr(msgid);
  return close_bidi_controls(out);
}

std::string Locale::tr_n(const std::string& singular, const std::string& plural, long n) const {
  // An empty form of a translated entry falls back to the source text, as an
  // untranslated entry does: never an empty string on a page.
  std::string out = bl::translate(singular, plural, n).str(messages_);
  return !out.empty() ? close_bidi_controls(out) : n == 1 ? singular : plural;
}

std::string Locale::tr_fill(const std::string& msgid,
                            const std::map<std::string, std::string>& values) const {
  return fill_placeholders(tr(msgid), values);
}

std::string Locale::format_date(const Date& d) const {
  if (!date_format_) return d.text;
  // Lists show the same dates on page after page: each is formatted once.
  std::lock_guard<std::mutex> lock(date_mutex_);
  auto [it, added] = formatted_dates_.try_emplace(d.text);
  if (added) {
    icu::UnicodeString out;
    date_format_->format(date_epoch_ms(d, time_zone_), out);
    it->second = to_utf8(out);
  }
  return it->second;
}

std::optional<std::string> Locale::format_skeleton(double value,
                                                   const std::string& skeleton) const {
  // Formatters are made once per skeleton; a LocalizedNumberFormatter formats
  // from any thread.
  const num::LocalizedNumberFormatter* f = nullptr;
  {
    std::lock_guard<std::mutex> lock(number_mutex_);
    auto it = number_formatters_.find(skeleton);
    if (it == number_formatters_.end()) {
      UErrorCode made = U_ZERO_ERROR;
      auto formatter = std::make_unique<num::LocalizedNumberFormatter>(
          num::NumberFormatter::forSkeleton(icu::UnicodeString::fromUTF8(skeleton), made)
              .locale(icu_locale(icu_locale_)));
      if (U_FAILURE(made)) formatter.reset();  // remembered as rejected
      it = number_formatters_.emplace(skeleton, std::move(formatter)).first;
    }
    f = it->second.get();
  }
  if (!f) return std::nullopt;
  UErrorCode status = U_ZERO_ERROR;
  const auto formatted = f->formatDouble(value, status);
  if (U_FAILURE(status)) return std::nullopt;
  return to_utf8(formatted.toString(status));
}

std::string figure_skeleton(const Figure& f) {
  if (f.format == "integer") return "precision-integer";
  if (f.format == "decimal") return ".##";
  if (f.format == "percent") return "percent scale/100 .#";
  if (f.format == "currency") return "currency/" + f.currency;
  if (f.format == "compact") return "compact-short";
  return f.format;
}

std::optional<std::string> Locale::format_figure(const Figure& f) const {
  return format_skeleton(f.value, figure_skeleton(f));
}

std::string Locale::format_integer(long long n) const {
  return format_skeleton(static_cast<double>(n), "precision-integer").value_or(std::to_string(n));
}

std::string Locale::format_date_interval(const Date& from, const Date& to) const {
  UErrorCode status = U_ZERO_ERROR;
  std::unique_ptr<icu::DateIntervalFormat> f(icu::DateIntervalFormat::createInstance(
      icu::UnicodeString::fromUTF8("yMMMMd"), icu_locale(icu_locale_), status));
  if (U_FAILURE(status) || !f) return format_date(from) + " – " + format_date(to);
  f->adoptTimeZone(icu::TimeZone::createTimeZone(icu::UnicodeString::fromUTF8(time_zone_)));
  const icu::DateInterval interval(date_epoch_ms(from, time_zone_), date_epoch_ms(to, time_zone_));
  icu::UnicodeString out;
  icu::FieldPosition pos;
  f->format(&interval, out, pos, status);
  return U_FAILURE(status) ? format_date(from) + " – " + format_date(to) : to_utf8(out);
}

std::string Locale::format_count(long long n) const {
  // Exactly what ICU puts for '#' in a plural message: MessageFormat's own
  // number format, which groups where NumberFormatter's CLDR minimum grouping
  // does not (Polish "1 234" against "1234").
  UErrorCode status = U_ZERO_ERROR;
  icu::MessageFormat mf(icu::UnicodeString::fromUTF8("{0,plural,other{#}}"),
                        icu_locale(icu_locale_), status);
  const icu::Formattable args[] = {icu::Formattable(static_cast<int64_t>(n))};
  icu::UnicodeString out;
  icu::FieldPosition pos;
  mf.format(args, 1, out, pos, status);
  return U_FAILURE(status) ? format_integer(n) : to_utf8(out);
}

std::string Locale::format_currency(double amount, const std::string& currency) const {
  return format_skeleton(amount, "currency/" + currency)
      .value_or(currency + " " + std::to_string(amount));
}

std::string Locale::plural_category(double n) const {
  UErrorCode status = U_ZERO_ERROR;
  std::unique_ptr<icu::PluralRules> rules(
      icu::PluralRules::forLocale(icu_locale(icu_locale_), status));
  if (U_FAILURE(status)) return "other";
  return to_utf8(rules->select(n));
}

std::vector<std::string> Locale::plural_categories() const {
  UErrorCode status = U_ZERO_ERROR;
  std::unique_ptr<icu::PluralRules> rules(
      icu::PluralRules::forLocale(icu_locale(icu_locale_), status));
  std::vector<std::string> out;
  if (U_FAILURE(status)) return out;
  std::unique_ptr<icu::StringEnumeration> e(rules->getKeywords(status));
  while (const icu::UnicodeString* k = e ? e->snext(status) : nullptr) out.push_back(to_utf8(*k));
  return out;
}

std::string Locale::format_list(const std::vector<std::string>& items) const {
  UErrorCode status = U_ZERO_ERROR;
  std::unique_ptr<icu::ListFormatter> lf(
      icu::ListFormatter::createInstance(icu_locale(icu_locale_), status));
  if (U_FAILURE(status) || !lf) return items.empty() ? "" : items[0];
  std::vector<icu::UnicodeString> u;
  for (const auto& s : items) u.push_back(icu::UnicodeString::fromUTF8(s));
  icu::UnicodeString out;
  lf->format(u.data(), static_cast<int32_t>(u.size()), out, status);
  return to_utf8(out);
}

std::vector<ListPart> Locale::format_list_parts(const std::vector<std::string>& items) const {
  UErrorCode status = U_ZERO_ERROR;
  std::unique_ptr<icu::ListFormatter> lf(
      icu::ListFormatter::createInstance(icu_locale(icu_locale_), status));
  std::vector<icu::UnicodeString> u;
  for (const auto& s : items) u.push_back(icu::UnicodeString::fromUTF8(s));
  std::vector<ListPart> parts;
  if (U_FAILURE(status) || !lf) {
    for (const auto& s : items) parts.push_back({s, true});
    return parts;
  }
  const icu::FormattedList list =
      lf->formatStringsToValue(u.data(), static_cast<int32_t>(u.size()), status);
  const icu::UnicodeString whole = list.toTempString(status);
  if (U_FAILURE(status)) return {{format_list(items), false}};
  // The spans of the items; what lies between them is the locale's glue.
  icu::ConstrainedFieldPosition pos;
  pos.constrainField(UFIELD_CATEGORY_LIST, ULISTFMT_ELEMENT_FIELD);
  int32_t at = 0;
  while (list.nextPosition(pos, status) && U_SUCCESS(status)) {
    if (pos.getStart() > at)
      parts.push_back({to_utf8(whole.tempSubStringBetween(at, pos.getStart())), false});
    parts.push_back({to_utf8(whole.tempSubStringBetween(pos.getStart(), pos.getLimit())), true});
    at = pos.getLimit();
  }
  if (at < whole.length()) parts.push_back({to_utf8(whole.tempSubStringBetween(at)), false});
  return parts;
}

}  // namespace pp
