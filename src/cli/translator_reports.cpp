#include "cli/translator_reports.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>

#include "core/json_text.h"
#include "core/visible_text.h"

namespace pp {

namespace {

const char* kind_name(SourceChange::Kind k) {
  return k == SourceChange::changed ? "changed" : k == SourceChange::added ? "added" : "removed";
}

// `s` padded with spaces to 12 columns (at least one space after it).
std::string column(const std::string& s) {
  return s + std::string(s.size() < 12 ? 12 - s.size() : 1, ' ');
}

// `line` without its trailing spaces, and a line feed.
std::string end_line(std::string line) {
  while (!line.empty() && line.back() == ' ') line.pop_back();
  return line + "\n";
}

std::string diff_text(const std::vector<StaleDiff>& diffs) {
  std::string text;
  for (const auto& d : diffs) {
    // File names and front matter keys may hold line feeds: one item, one line.
    text += "\n" + visible_text(d.translation) + ": stale; " + visible_text(d.source) +
            " changed since " + d.digest.substr(0, 12) + "\n";
    if (!d.found) {
      text += "  the translated version (blob " + d.digest +
              ") is not in git's object store; commit sources before stamping their "
              "translations\n";
      continue;
    }
    if (d.changes.empty()) text += "  only blank lines or line ends changed\n";
    for (const auto& c : d.changes) {
      const std::string what =
          c.key.empty() ? "paragraph" : "front matter '" + visible_text(c.key) + "'";
      text += "  " + visible_text(d.source) + ":" +
              (c.line ? std::to_string(c.line) : "(was " + std::to_string(c.old_line) + ")") +
              ": " + what + " " + kind_name(c.kind) + "\n";
      for (const auto& l : c.old_lines) text += "    - " + l + "\n";
      for (const auto& l : c.new_lines) text += "    + " + l + "\n";
    }
  }
  return text;
}

nlohmann::json diff_json(const StaleDiff& d) {
  nlohmann::json changes = nlohmann::json::array();
  for (const auto& c : d.changes)
    changes.push_back(
        {{"kind", kind_name(c.kind)},
         {"key", c.key.empty() ? nlohmann::json(nullptr) : nlohmann::json(c.key)},
         {"line", c.line ? nlohmann::json(c.line) : nlohmann::json(nullptr)},
         {"old_line", c.old_line ? nlohmann::json(c.old_line) : nlohmann::json(nullptr)},
         {"old", c.old_lines},
         {"new", c.new_lines}});
  return {{"translation", d.translation},
          {"source", d.source},
          {"source_digest", d.digest},
          {"found", d.found},
          {"changes", changes}};
}

}  // namespace

std::string translations_text(const TranslationsResult& result) {
  std::size_t width = 6;
  for (const auto& r : result.rows) width = std::max(width, r.bundle.size());
  std::string header = "bundle" + std::string(width - 6 + 2, ' ');
  for (const auto& code : result.languages) header += column(code);
  std::string text = end_line(header);
  std::map<TranslationState, int> totals;
  for (const auto& r : result.rows) {
    std::string line = r.bundle + std::string(width - r.bundle.size() + 2, ' ');
    for (const auto& [lang, state] : r.states) {
      if (const auto it = r.catalogs.find(lang); it != r.catalogs.end()) {
        const auto& c = it->second;
        const int all = c.translated + c.fuzzy + c.untranslated;
        line += column("catalog " + std::to_string(all ? c.translated * 100 / all : 100) + "%");
      } else {
        line += column(translation_state_name(state));
      }
      ++totals[state];
    }
    text += end_line(line);
  }
  text += std::to_string(totals[TranslationState::up_to_date]) + " up to date, " +
          std::to_string(totals[TranslationState::stale]) + " stale, " +
          std::to_string(totals[TranslationState::unstamped]) + " unstamped, " +
          std::to_string(totals[TranslationState::missing]) + " missing" +
          (totals[TranslationState::catalog]
               ? ", " + std::to_string(totals[TranslationState::catalog]) + " in catalogs"
               : std::string()) +
          "\n";
  return text + diff_text(result.diffs);
}

std::string translations_json(const TranslationsResult& result) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& r : result.rows) {
    nlohmann::json langs = nlohmann::json::object();
    for (const auto& [lang, state] : r.states) langs[lang] = translation_state_name(state);
    nlohmann::json row = {{"bundle", r.bundle}, {"languages", langs}};
    for (const auto& [lang, c] : r.catalogs)
      row["catalogs"][lang] = {
          {"translated", c.translated}, {"fuzzy", c.fuzzy}, {"untranslated", c.untranslated}};
    for (const auto& d : result.diffs)
      if (d.source.rfind("content/" + r.bundle + "/", 0) == 0) row["diffs"].push_back(diff_json(d));
    out.push_back(row);
  }
  return json_text(out, 2) + "\n";
}

std::string i18n_stats_text(const I18nStatsResult& result) {
  char line[256];
  std::snprintf(line, sizeof line, "%-9s %10s %6s %12s %6s   %10s %6s %9s %8s %7s %6s\n",
                "language", "translated", "fuzzy", "untranslated", "%", "up to date", "stale",
                "unstamped", "catalogs", "missing", "%");
  std::string text = line;
  for (const auto& l : result.languages) {
    const int done = l.source + l.up_to_date;
    // Articles translated in catalogs: complete ones of all ("11/12").
    const std::string catalogs =
        l.catalog ? std::to_string(l.catalog_complete) + "/" + std::to_string(l.catalog) : "0";
    char strings[64];
    if (const auto& cs = l.strings; cs && l.source_language)
      std::snprintf(strings, sizeof strings, "%10d %6d %12d %6s", cs->translated, cs->fuzzy,
                    cs->untranslated, "source");
    else if (cs)
      std::snprintf(strings, sizeof strings, "%10d %6d %12d %5.1f%%", cs->translated, cs->fuzzy,
                    cs->untranslated, l.strings_percent);
    else
      std::snprintf(strings, sizeof strings, "%10s %6s %12s %6s", "no catalog", "-", "-", "-");
    std::snprintf(line, sizeof line, "%-9s %s   %10d %6d %9d %8s %7d %5.1f%%\n", l.language.c_str(),
                  strings, done, l.stale, l.unstamped, catalogs.c_str(), l.missing,
                  l.articles_percent);
    text += line;
  }
  // Articles in catalogs, when there are any: their segments.
  for (const auto& l : result.languages)
    if (l.catalog)
      text += l.language + ": " + std::to_string(l.catalog) + " article" +
              (l.catalog == 1 ? "" : "s") + " in catalogs (" + std::to_string(l.catalog_complete) +
              " complete): " + std::to_string(l.segments.translated) + " segments translated, " +
              std::to_string(l.segments.fuzzy) + " fuzzy, " +
              std::to_string(l.segments.untranslated) + " untranslated\n";
  return text;
}

std::string i18n_stats_json(const I18nStatsResult& result) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& l : result.languages) {
    const auto& cs = l.strings;
    out.push_back({{"language", l.language},
                   {"source_language", l.source_language},
                   {"strings", cs ? nlohmann::json{{"translated", cs->translated},
                                                   {"fuzzy", cs->fuzzy},
                                                   {"untranslated", cs->untranslated},
                                                   {"percent", l.strings_percent}}
                                  : nlohmann::json(nullptr)},
                   {"articles",
                    {{"source", l.source},
                     {"up_to_date", l.up_to_date},
                     {"stale", l.stale},
                     {"unstamped", l.unstamped},
                     {"missing", l.missing},
                     {"catalog", l.catalog},
                     {"percent", l.articles_percent}}},
                   {"segments",
                    {{"translated", l.segments.translated},
                     {"fuzzy", l.segments.fuzzy},
                     {"untranslated", l.segments.untranslated}}}});
  }
  return json_text(out, 2) + "\n";
}

std::vector<std::string> i18n_stats_below(const I18nStatsResult& result, double percent) {
  std::vector<std::string> out;
  char number[32];
  for (const auto& l : result.languages) {
    if (l.source_language) continue;
    std::string why;
    for (const auto& [what, value] :
         {std::pair{"strings", l.strings_percent}, std::pair{"articles", l.articles_percent}}) {
      if (value >= percent) continue;
      std::snprintf(number, sizeof number, "%.1f", value);
      why += (why.empty() ? "" : ", ") + std::string(what) + " " + number + " %";
    }
    if (!why.empty()) out.push_back(l.language + " (" + why + ")");
  }
  return out;
}

std::string catalog_update_text(const I18nUpdateResult& result) {
  std::string text;
  for (const auto& c : result.catalogs) {
    std::string line = c.path + ": " +
                       (c.outcome == CatalogWritten::created   ? "created"
                        : c.outcome == CatalogWritten::updated ? "updated"
                                                               : "unchanged");
    if (const auto& stats = c.stats)
      line += ", " + std::to_string(stats->translated) + " translated, " +
              std::to_string(stats->fuzzy) + " fuzzy, " + std::to_string(stats->untranslated) +
              " untranslated, " + std::to_string(stats->obsolete) + " obsolete";
    if (c.from_theme > 0)
      line += " (" + std::to_string(c.from_theme) + " from the built-in theme's translations)";
    text += line + "\n";
  }
  return text;
}

}  // namespace pp
