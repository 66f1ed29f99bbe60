// Language tags: BCP 47's shape, the POSIX names other tools use, and
// whether ICU has data for a language.
#include <unicode/locid.h>

#include <algorithm>
#include <set>

#include "config/config.h"

namespace pp {

std::optional<std::string> bcp47_of_posix(const std::string& name) {
  if (name.find_first_of("_@.") == std::string::npos) return std::nullopt;
  // ll_CC.charset@modifier: the charset goes, the modifier is a script
  // (sr@latin, uz@cyrillic) or a variant ICU maps.
  std::string base = name.substr(0, name.find_first_of(".@"));
  std::string modifier;
  if (const auto at = name.find('@'); at != std::string::npos) modifier = name.substr(at + 1);
  for (char& c : base)
    if (c == '_') c = '-';
  std::string tag = base;
  const auto dash = tag.find('-');
  std::string script;
  if (modifier == "latin") script = "Latn";
  if (modifier == "cyrillic") script = "Cyrl";
  if (!script.empty()) tag.insert(dash == std::string::npos ? tag.size() : dash, "-" + script);
  UErrorCode status = U_ZERO_ERROR;
  const icu::Locale loc = icu::Locale::forLanguageTag(tag, status);
  if (U_FAILURE(status) || loc.isBogus()) return std::nullopt;
  status = U_ZERO_ERROR;
  const std::string out = loc.toLanguageTag<std::string>(status);
  if (U_FAILURE(status) || out.empty() || out == "und") return std::nullopt;
  return out;
}

bool is_known_language(const std::string& tag) {
  UErrorCode status = U_ZERO_ERROR;
  const icu::Locale loc = icu::Locale::forLanguageTag(tag, status);
  if (U_FAILURE(status) || loc.isBogus() || std::string(loc.getLanguage()).empty()) return false;
  // A language ICU has data for: it appears among the available locales.
  static const std::set<std::string> available = [] {
    std::set<std::string> langs;
    int32_t count = 0;
    const icu::Locale* all = icu::Locale::getAvailableLocales(count);
    for (int32_t i = 0; i < count; ++i) langs.insert(all[i].getLanguage());
    return langs;
  }();
  return available.count(loc.getLanguage()) > 0;
}

bool is_language_code_shape(std::string_view code) {
  bool first = true;
  while (true) {
    const std::size_t end = std::min(code.find('-'), code.size());
    const std::string_view part = code.substr(0, end);
    if (part.size() < 2 || part.size() > (first ? 3u : 8u)) return false;
    for (const char c : part) {
      const bool lower = c >= 'a' && c <= 'z';
      const bool upper_or_digit = (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
      if (!lower && (first || !upper_or_digit)) return false;
    }
    if (end == code.size()) return true;
    code.remove_prefix(end + 1);
    first = false;
  }
}

}  // namespace pp
