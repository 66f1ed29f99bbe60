#pragma once
// Internal to l10n: a line-aware reader of gettext .po files, for `i18n check`.

#include <cstddef>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "core/limits.h"
#include "l10n/l10n.h"

namespace pp {

/// One entry of a .po file, with the lines of its parts (1-based).
struct PoEntry {
  std::string context;  ///< msgctxt ("" when none)
  std::string msgid, msgid_plural;
  std::vector<std::pair<int, std::string>> msgstr;  ///< (index, text); index 0 for a singular
  std::vector<int> msgstr_lines;
  bool fuzzy = false;
  bool no_brace_format = false;  ///< flagged "#, no-python-brace-format": braces are text
  int line = 0;                  ///< line of msgid
};

/// The entries of a .po file's text (obsolete "#~" entries left out). Syntax is
/// msgfmt's to judge; this reader only needs well-formed input.
std::vector<PoEntry> read_po(const std::string& text);

/// `s` as a quoted .po string ("a \"b\"\n"), on one line.
std::string po_quote(const std::string& s);

/// The value of the Plural-Forms field of a catalog header (the msgstr of the
/// empty msgid): the rest of the first line starting "Plural-Forms:", after
/// any white space (line breaks too); nullopt when there is no such line.
std::optional<std::string> header_plural_forms(const std::string& header);

/// `po` for a corrected Plural-Forms header: the header's Plural-Forms line
/// set to `plural_forms` ("nplurals=…; plural=…;") and in every plural entry
/// msgstr[i] taken from the old msgstr[slots[i].from] (empty when there is
/// none). An entry with a translated form that is only a guess
/// (`exact` false) is flagged fuzzy. Every other line is kept as it was.
/// `entries` counts the plural entries, `fuzzied` those flagged.
std::string renumber_plural_forms(const std::string& po, const std::string& plural_forms,
                                  const std::vector<PluralFormsVerdict::Slot>& slots, int& entries,
                                  int& fuzzied);

/// The `{name}` placeholders of a message, sorted and unique; `{{`, `\{`
/// and `\N{name}` are text.
std::vector<std::string> placeholders(const std::string& text);

/// Checks what msgfmt does not: an empty form beside translated ones
/// (i18n/empty-plural-form, a warning; forms in `fraction_forms` are used by no
/// whole number) and {placeholders} unlike the msgid's (i18n/placeholder,
/// i18n/placeholder-length) — except at `msgfmt_lines`, where msgfmt compared
/// them already.
void check_catalog_entries(const std::vector<PoEntry>& entries, const std::string& rel,
                           const std::set<int>& fraction_forms, const std::set<int>& msgfmt_lines,
                           DiagnosticSink& sink);

/// Warns (i18n/character) at each translation holding a character that XML
/// or HTML refuse (see is_refused_in_markup): pages, feeds and emails drop it.
void check_catalog_characters(const std::vector<PoEntry>& entries, const std::string& rel,
                              DiagnosticSink& sink);

}  // namespace pp
