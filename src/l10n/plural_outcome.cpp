// A wrong Plural-Forms judged by what readers would see: only an entry whose
// texts differ among the forms one CLDR category's numbers get shows
// something wrong (docs/translators.md, "Plural forms"). A category the
// header gives no form of its own (Hebrew's 'two' under msginit's "n != 1")
// reads one text for all its numbers, as gettext catalogs always have.
#include <algorithm>
#include <map>
#include <set>

#include "core/text.h"
#include "l10n/l10n.h"
#include "l10n/po_file.h"

namespace pp {

namespace {

// A text as a page shows it: runs of white space are one space (HTML
// collapses them), none at the ends.
std::string as_shown(const std::string& s) {
  std::string out;
  for (char c : s) {
    const bool space = c == ' ' || c == '\t' || c == '\n' || c == '\r';
    if (space && (out.empty() || out.back() == ' ')) continue;
    out += space ? ' ' : c;
  }
  if (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

// `a` and `b` quoted for a message from a little before where they first
// differ, so that two long texts never look alike in it.
std::pair<std::string, std::string> quoted_difference(const std::string& a, const std::string& b) {
  std::size_t at = 0;
  while (at < a.size() && at < b.size() && a[at] == b[at]) ++at;
  std::size_t from = at > 20 ? at - 20 : 0;
  while (from > 0 && (static_cast<unsigned char>(a[from]) & 0xC0) == 0x80) --from;
  const std::string lead = from > 0 ? "…" : "";
  return {"\"" + lead + quote_for_message(std::string_view(a).substr(from), 40) + "\"",
          "\"" + lead + quote_for_message(std::string_view(b).substr(from), 40) + "\""};
}

}  // namespace

std::optional<std::string> plural_outcome_error(const PluralFormsVerdict& v,
                                                const std::vector<PoEntry>& entries, int& line) {
  for (const auto& e : entries) {
    if (e.msgid_plural.empty() || e.fuzzy) continue;
    std::map<int, const std::string*> text;  // form → its translation
    bool written = !e.msgstr.empty();
    std::vector<std::string> shown_texts;
    shown_texts.reserve(e.msgstr.size());
    for (const auto& [k, t] : e.msgstr) written &= !t.empty();
    for (const auto& [k, t] : e.msgstr) shown_texts.push_back(as_shown(t));
    for (std::size_t i = 0; i < e.msgstr.size(); ++i) text[e.msgstr[i].first] = &shown_texts[i];
    if (!written) continue;  // shown in the source language, whatever the header
    bool alike = true;
    for (const auto& [k, t] : text) alike &= *t == *text.begin()->second;
    if (alike) continue;  // the same text for every number, whatever the header
    // A form the translator wrote that no whole number gets, while some
    // category has no form of its own: that text was meant for someone.
    std::set<int> used;
    std::map<int, int> users;  // form → how many categories' numbers get it
    for (const auto& [category, forms] : v.forms)
      for (const auto& [f, numbers] : forms) used.insert(f), ++users[f];
    // Categories sharing one form, each with its first number.
    std::map<int, std::string> sharing;
    for (const auto& [category, forms] : v.forms)
      for (const auto& [f, numbers] : forms)
        if (users[f] > 1 && numbers.front() < 1000000)  // CLDR's "many" of millions aside
          sharing[f] += std::string(sharing[f].empty() ? "" : " and ") + "'" + category + "' (as " +
                        std::to_string(numbers.front()) + ")";
    for (const auto& [k, t] : text) {
      if (used.count(k)) continue;
      for (const auto& [f, who] : sharing) {
        if (!text.count(f) || *t == *text[f] || who.find(" and ") == std::string::npos) continue;
        line = e.line;
        return "msgid \"" + quote_for_message(e.msgid, 40) + "\" (line " + std::to_string(e.line) +
               ") has msgstr[" + std::to_string(k) + "] \"" + quote_for_message(*t, 40) +
               "\" that no whole number shows, while CLDR's " + who + " share msgstr[" +
               std::to_string(f) + "] \"" + quote_for_message(*text[f], 40) + "\"";
      }
    }
    for (const auto& [category, forms] : v.forms) {
      // The first number of each form, with the form's text.
      const std::vector<long>* first_numbers = nullptr;
      int first_form = -1;
      for (const auto& [f, numbers] : forms) {
        const auto it = text.find(f);
        if (it == text.end()) continue;
        if (!first_numbers) {
          first_numbers = &numbers;
          first_form = f;
          continue;
        }
        if (*it->second == *text[first_form]) continue;
        line = e.line;
        const auto [one, other] = quoted_difference(*text[first_form], *it->second);
        return "msgid \"" + quote_for_message(e.msgid, 40) + "\" (line " + std::to_string(e.line) +
               ") would read " + one + " for " + std::to_string(first_numbers->front()) + " but " +
               other + " for " + std::to_string(numbers.front()) + ", which CLDR's '" + category +
               "' reads alike";
      }
    }
  }
  return std::nullopt;
}

}  // namespace pp
