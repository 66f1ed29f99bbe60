// The checks of a catalog's entries that msgfmt does not make: empty plural
// forms and {placeholders}.
#include <algorithm>

#include "core/text.h"
#include "l10n/po_file.h"

namespace pp {

namespace {

// "{a}, {b}", or "none".
std::string placeholder_list(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& p : v) s += (s.empty() ? "{" : ", {") + p + "}";
  return s.empty() ? std::string("none") : s;
}

// Warns (i18n/empty-plural-form) at each empty form, other than a fraction
// form, of a translated plural entry: msgfmt counts the entry translated and
// a page would show nothing for those numbers.
void check_empty_forms(const PoEntry& e, const std::string& rel,
                       const std::set<int>& fraction_forms, DiagnosticSink& sink) {
  const auto filled = std::find_if(e.msgstr.begin(), e.msgstr.end(),
                                   [](const auto& m) { return !m.second.empty(); });
  if (e.fuzzy || e.msgid_plural.empty() || filled == e.msgstr.end()) return;
  for (std::size_t i = 0; i < e.msgstr.size(); ++i)
    if (e.msgstr[i].second.empty() && !fraction_forms.count(e.msgstr[i].first))
      sink.warning({rel, e.msgstr_lines[i], 1}, "i18n/empty-plural-form",
                   "msgstr[" + std::to_string(e.msgstr[i].first) + "] is empty while msgstr[" +
                       std::to_string(filled->first) +
                       "] is translated; the entry counts as untranslated and numbers of that "
                       "form show the source text");
}

}  // namespace

void check_catalog_entries(const std::vector<PoEntry>& entries, const std::string& rel,
                           const std::set<int>& fraction_forms, const std::set<int>& msgfmt_lines,
                           DiagnosticSink& sink) {
  // A placeholder name longer than any the code uses is an error of its own,
  // and the string is not compared further.
  auto too_long = [&](const std::vector<std::string>& names, int line) {
    for (const auto& name : names) {
      if (name.size() <= kMaxPlaceholderName) continue;
      sink.error({rel, line, 1}, "i18n/placeholder-length",
                 "placeholder '{" + quote_for_message(name, 40) + "}' is longer than " +
                     std::to_string(kMaxPlaceholderName) + " characters");
      return true;
    }
    return false;
  };
  for (const auto& e : entries) {
    if (e.msgid.empty()) continue;
    check_empty_forms(e, rel, fraction_forms, sink);
    if (e.no_brace_format) continue;  // its braces are text, not placeholders
    auto wanted = placeholders(e.msgid + " " + e.msgid_plural);
    if (too_long(wanted, e.line)) continue;
    for (std::size_t i = 0; i < e.msgstr.size(); ++i) {
      // Indexes beyond nplurals are among msgfmt's findings (i18n/syntax).
      const std::string& text = e.msgstr[i].second;
      const int line = e.msgstr_lines[i];
      if (text.empty() || e.fuzzy) continue;
      const auto have = placeholders(text);
      if (too_long(have, line)) continue;
      // msgfmt compared this entry's python-brace-format already.
      if (msgfmt_lines.count(line) || msgfmt_lines.count(e.line)) continue;
      // A plural form may leave the number out ("one article"); nothing may be invented.
      const bool ok = e.msgid_plural.empty()
                          ? have == wanted
                          : std::includes(wanted.begin(), wanted.end(), have.begin(), have.end());
      if (!ok)
        sink.error({rel, line, 1}, "i18n/placeholder",
                   "placeholders " + placeholder_list(have) + " differ from the msgid's " +
                       placeholder_list(wanted));
    }
  }
}

}  // namespace pp
