// Characters a translation may not carry into pages, feeds and emails.
#include "core/code_points.h"
#include "core/markup_text.h"
#include "core/visible_text.h"
#include "l10n/po_file.h"

namespace pp {

void check_catalog_characters(const std::vector<PoEntry>& entries, const std::string& rel,
                              DiagnosticSink& sink) {
  for (const auto& e : entries) {
    if (e.msgid.empty()) continue;  // the header is never shown
    for (std::size_t i = 0; i < e.msgstr.size(); ++i) {
      const std::string& text = e.msgstr[i].second;
      // An unclosed U+202E in "Verdict:" would reverse the verdict after it
      // on every page; pages close what is left open, but the translator
      // must see it.
      if (const std::string bidi = bidi_problem(text); !bidi.empty())
        sink.error({rel, e.msgstr_lines[i], 1}, "i18n/bidi",
                   "the translation of \"" + e.msgid + "\": " + bidi);
      for (std::size_t at = 0; at < text.size();) {
        const CodePoint cp = decode_utf8_at(text, at);
        at += cp.length;
        if (!cp.valid || !is_refused_in_markup(cp.value)) continue;
        sink.warning({rel, e.msgstr_lines[i], 1}, "i18n/character",
                     "the translation of \"" + e.msgid + "\" holds " + code_point_name(cp.value) +
                         ", which XML and HTML refuse; pages, feeds and emails leave it out");
        break;
      }
    }
  }
}

}  // namespace pp
