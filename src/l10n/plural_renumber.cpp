// Rewriting a catalog for a corrected Plural-Forms header: the header line
// replaced, every plural entry's msgstr[] renumbered (i18n update
// --fix-plural-forms). Every other line is kept byte for byte.
#include <map>

#include "l10n/po_file.h"

namespace pp {

namespace {

// The lines of `text`, each without its '\n'; a last line without one is kept.
std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t at = 0;
  for (std::size_t nl; (nl = text.find('\n', at)) != std::string::npos; at = nl + 1)
    lines.push_back(text.substr(at, nl - at));
  if (at < text.size()) lines.push_back(text.substr(at));
  return lines;
}

bool starts(const std::string& line, std::string_view prefix) {
  return line.starts_with(prefix);
}

// The index of "msgstr[N] …", or -1.
int msgstr_index(const std::string& line) {
  if (!starts(line, "msgstr[")) return -1;
  const auto close = line.find(']');
  if (close == std::string::npos || close == 7 || close > 9) return -1;
  int n = 0;
  for (std::size_t i = 7; i < close; ++i) {
    if (line[i] < '0' || line[i] > '9') return -1;
    n = n * 10 + (line[i] - '0');
  }
  return n;
}

// One entry's lines (no blank line inside) rewritten: its msgstr[] blocks in
// the new order, and "fuzzy" among its flags when a form was guessed.
std::vector<std::string> renumber_entry(const std::vector<std::string>& entry,
                                        const std::vector<PluralFormsVerdict::Slot>& slots,
                                        bool& fuzzied) {
  std::map<int, std::vector<std::string>> blocks;  // old index → its lines, after "msgstr[N] "
  std::vector<std::string> head;
  std::size_t i = 0;
  for (; i < entry.size() && msgstr_index(entry[i]) < 0; ++i) head.push_back(entry[i]);
  const std::size_t first_tail = i;
  while (i < entry.size()) {
    const int k = msgstr_index(entry[i]);
    if (k < 0) break;
    auto& block = blocks[k];
    block.push_back(entry[i].substr(entry[i].find(']') + 2));
    for (++i; i < entry.size() && starts(entry[i], "\""); ++i) block.push_back(entry[i]);
  }
  if (first_tail == entry.size()) return entry;  // no msgstr[]: not a plural entry
  bool guessed = false;
  std::vector<std::string> out;
  for (std::size_t s = 0; s < slots.size(); ++s) {
    const auto found = blocks.find(slots[s].from);
    std::vector<std::string> block =
        found == blocks.end() ? std::vector<std::string>{"\"\""} : found->second;
    const bool translated = block.size() > 1 || block.front() != "\"\"";
    // A new form is a guess only where its category's numbers showed
    // different texts: otherwise it holds what they all showed.
    bool alike = true;
    for (int k : slots[s].shown)
      if (const auto b = blocks.find(k); b != blocks.end() && found != blocks.end())
        alike &= b->second == found->second;
    guessed |= !slots[s].exact && translated && !alike;
    block.front() = "msgstr[" + std::to_string(s) + "] " + block.front();
    out.insert(out.end(), block.begin(), block.end());
  }
  for (; i < entry.size(); ++i) out.push_back(entry[i]);  // anything after (kept)
  // A text the translator wrote that no new form takes would be dropped
  // silently (Welsh's form for 8 and 11 under a header that gives them
  // 'other''s): the entry is for the translator to check.
  for (const auto& [k, block] : blocks) {
    const bool written = block.size() > 1 || block.front() != "\"\"";
    bool kept = false;
    for (const auto& slot : slots)
      if (const auto taken = blocks.find(slot.from); taken != blocks.end())
        kept |= slot.from == k || taken->second == block;
    guessed |= written && !kept;
  }
  if (guessed) {
    // A guessed form is for the translator to confirm: msgfmt leaves the
    // entry out until "fuzzy" is removed, so the page shows the source text.
    fuzzied = true;
    bool flagged = false;
    for (auto& line : head)
      if (starts(line, "#,")) {
        // gettext's tools write "fuzzy" first.
        if (line.find("fuzzy") == std::string::npos) line.insert(2, " fuzzy,");
        flagged = true;
        break;
      }
    if (!flagged) {
      std::size_t at = 0;
      while (at < head.size() && starts(head[at], "#") && !starts(head[at], "#|")) ++at;
      head.insert(head.begin() + static_cast<long>(at), "#, fuzzy");
    }
  }
  head.insert(head.end(), out.begin(), out.end());
  return head;
}

// The header entry with its Plural-Forms line (and any lines it continues
// on) replaced by one line.
std::vector<std::string> replace_header(const std::vector<std::string>& entry,
                                        const std::string& plural_forms) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < entry.size(); ++i) {
    if (!starts(entry[i], "\"Plural-Forms:")) {
      out.push_back(entry[i]);
      continue;
    }
    // The field ends at the first line whose string ends in "\n".
    while (i + 1 < entry.size() && !entry[i].ends_with("\\n\"") && starts(entry[i + 1], "\"")) ++i;
    out.push_back("\"Plural-Forms: " + plural_forms + "\\n\"");
  }
  return out;
}

}  // namespace

std::string renumber_plural_forms(const std::string& po, const std::string& plural_forms,
                                  const std::vector<PluralFormsVerdict::Slot>& slots, int& entries,
                                  int& fuzzied) {
  entries = fuzzied = 0;
  const std::vector<std::string> lines = lines_of(po);
  std::string out;
  std::size_t i = 0;
  while (i < lines.size()) {
    if (lines[i].empty()) {
      out += "\n";
      ++i;
      continue;
    }
    std::vector<std::string> entry;
    for (; i < lines.size() && !lines[i].empty(); ++i) entry.push_back(lines[i]);
    // The header: msgid "" and at once msgstr (a long msgid "" continues).
    bool header = false, plural = false;
    for (std::size_t k = 0; k < entry.size(); ++k) {
      header |= entry[k] == "msgid \"\"" && k + 1 < entry.size() && starts(entry[k + 1], "msgstr ");
      plural |= starts(entry[k], "msgid_plural ");
    }
    // An obsolete entry ("#~ msgid_plural …") is renumbered too: msgmerge
    // brings it back as it is when its msgid returns.
    bool obsolete = false;
    for (const auto& l : entry) obsolete |= starts(l, "#~ msgid_plural ");
    if (obsolete)
      for (auto& l : entry)
        if (starts(l, "#~ ")) l.erase(0, 3);
    for (const auto& l : entry) plural |= starts(l, "msgid_plural ");
    bool fuzzy = false;
    if (header)
      entry = replace_header(entry, plural_forms);
    else if (plural) {
      entry = renumber_entry(entry, slots, fuzzy);
      ++entries;
      fuzzied += fuzzy;
    }
    if (obsolete)
      for (auto& l : entry)
        if (!starts(l, "#")) l = "#~ " + l;
    for (const auto& l : entry) out += l + "\n";
  }
  if (!po.empty() && po.back() != '\n' && !out.empty()) out.pop_back();
  return out;
}

}  // namespace pp
