#pragma once
// Internal to cli: the translators' reports (`translations`, `i18n stats`,
// `i18n update`) as text tables and JSON, from the data the driver returns.

#include <string>

#include "driver/driver.h"

namespace pp {

/// The translation matrix: a "bundle" column and one per language, a line of
/// totals, then (with --diff) what changed in each stale translation's source.
std::string translations_text(const TranslationsResult& result);

/// The translation matrix as a JSON array of {bundle, languages, diffs?}.
std::string translations_json(const TranslationsResult& result);

/// Per language: strings translated, fuzzy, untranslated and their share;
/// articles up to date, stale, unstamped, missing and their share.
std::string i18n_stats_text(const I18nStatsResult& result);

/// `i18n stats` as a JSON array of {language, strings, articles}.
std::string i18n_stats_json(const I18nStatsResult& result);

/// The languages below `percent` of strings or articles done, the source
/// language left out: "ko (strings 0.0 %)", in configuration order.
std::vector<std::string> i18n_stats_below(const I18nStatsResult& result, double percent);

/// One line per catalog `i18n update` wrote: "locales/ko.po: updated, 3
/// translated, 1 fuzzy, 0 untranslated, 0 obsolete".
std::string catalog_update_text(const I18nUpdateResult& result);

}  // namespace pp
