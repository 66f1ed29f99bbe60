// The built-in theme's translations, filling what a site's catalog leaves empty.
#include "l10n/theme_catalogs.h"

#include <unicode/locid.h>

#include <algorithm>
#include <map>
#include <tuple>
#include <vector>

#include "core/builtin_theme.h"
#include "l10n/po_file.h"

namespace pp {

namespace {

using Key = std::tuple<std::string, std::string, std::string>;  // msgctxt, msgid, msgid_plural

Key key_of(const PoEntry& e) {
  return {e.context, e.msgid, e.msgid_plural};
}

bool all_filled(const PoEntry& e) {
  return !e.msgstr.empty() && std::all_of(e.msgstr.begin(), e.msgstr.end(),
                                          [](const auto& m) { return !m.second.empty(); });
}

bool none_filled(const PoEntry& e) {
  return std::all_of(e.msgstr.begin(), e.msgstr.end(),
                     [](const auto& m) { return m.second.empty(); });
}

std::string plural_forms_of(const std::vector<PoEntry>& entries) {
  for (const auto& e : entries)
    if (e.msgid.empty() && e.context.empty() && !e.msgstr.empty()) {
      std::string value = header_plural_forms(e.msgstr.front().second).value_or("");
      value.erase(std::remove_if(value.begin(), value.end(), [](char c) { return c == ' '; }),
                  value.end());
      return value;
    }
  return "";
}

// The script a language tag is written in, as CLDR's likely subtags give it
// ("zh-TW" → Hant, "hi" → Deva, "hi-Latn" → Latn); "" when ICU cannot tell.
std::string likely_script(const std::string& tag) {
  UErrorCode status = U_ZERO_ERROR;
  icu::Locale locale = icu::Locale::forLanguageTag(tag, status);
  if (U_FAILURE(status)) return "";
  locale.addLikelySubtags(status);
  return U_FAILURE(status) ? "" : locale.getScript();
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::size_t from = 0;
  while (from < text.size()) {
    auto nl = text.find('\n', from);
    if (nl == std::string::npos) nl = text.size();
    out.push_back(text.substr(from, nl - from));
    from = nl + 1;
  }
  return out;
}

}  // namespace

const std::string* theme_catalog_for(const std::string& lang_code) {
  const auto& files = builtin_theme_files();
  const std::string script = likely_script(lang_code);
  // The exact tag, then the language in its script ("zh-CN" → zh-Hans), then
  // the language alone ("ar-EG" → ar): each only in the tag's own script
  // (hi-Latn gets no Devanagari, zh-TW no Simplified Chinese).
  const std::string language = lang_code.substr(0, lang_code.find('-'));
  for (const std::string& tag : {lang_code, language + "-" + script, language}) {
    const auto it = files.find("locales/" + tag + ".po");
    if (it != files.end() && likely_script(tag) == script) return &it->second;
  }
  return nullptr;
}

std::string fill_from_theme(const std::string& po, const std::string& theme, int& filled) {
  filled = 0;
  const std::vector<PoEntry> theirs = read_po(theme);
  const std::vector<PoEntry> ours = read_po(po);
  const bool same_plurals = plural_forms_of(theirs) == plural_forms_of(ours);
  std::map<Key, const PoEntry*> translated;
  for (const auto& e : theirs)
    if (!e.msgid.empty() && !e.fuzzy && all_filled(e)) translated.emplace(key_of(e), &e);

  // Line (1-based) → what replaces it: an untranslated entry's msgstr lines
  // are one `msgstr ""` line each, as msgmerge writes them.
  std::map<int, std::string> replaced;
  for (const auto& e : ours) {
    if (e.msgid.empty() || e.fuzzy || !none_filled(e)) continue;
    if (!e.msgid_plural.empty() && !same_plurals) continue;
    const auto it = translated.find(key_of(e));
    if (it == translated.end() || it->second->msgstr.size() != e.msgstr.size() ||
        e.msgstr_lines.size() != e.msgstr.size())
      continue;
    for (std::size_t i = 0; i < e.msgstr.size(); ++i) {
      const std::string keyword =
          e.msgid_plural.empty() ? "msgstr " : "msgstr[" + std::to_string(e.msgstr[i].first) + "] ";
      replaced[e.msgstr_lines[i]] = keyword + po_quote(it->second->msgstr[i].second);
    }
    ++filled;
  }
  if (replaced.empty()) return po;
  std::vector<std::string> lines = lines_of(po);
  std::string out;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const auto it = replaced.find(static_cast<int>(i) + 1);
    // Only the one-line empty msgstr is replaced; anything else is kept.
    const bool empty_line = lines[i].ends_with(" \"\"") && lines[i].starts_with("msgstr");
    out += (it != replaced.end() && empty_line ? it->second : lines[i]) + "\n";
  }
  return out;
}

}  // namespace pp
