// i18n update --fix-plural-forms: a catalog whose Plural-Forms gives some
// whole number the wrong form is rewritten for the header the check suggests.
#include "core/process.h"
#include "l10n/l10n.h"
#include "l10n/po_file.h"

namespace pp {

void fix_plural_forms(const SiteConfig& config, const LanguageConfig& lang, const std::string& rel,
                      CatalogUpdate& update, DiagnosticSink& sink) {
  int line = 1;
  std::optional<std::string> plural_forms;
  for (const auto& e : read_po(update.text))
    if (e.msgid.empty() && !e.msgstr.empty()) {
      line = e.line;
      plural_forms = header_plural_forms(e.msgstr[0].second);
      break;
    }
  if (!plural_forms) return;  // i18n check says what is missing
  const PluralFormsVerdict v = judge_plural_forms(config, lang, *plural_forms);
  if (!v.error) return;
  const std::string header = v.suggestion.substr(v.suggestion.find(' ') + 1);
  if (v.slots.empty()) {
    sink.error({rel, line, 1}, "i18n/plural-forms",
               "cannot renumber: " + *v.error + "; write \"" + v.suggestion +
                   "\" by hand and order the forms as it says");
    return;
  }
  // The fix is judged like any header before it is written.
  if (judge_plural_forms(config, lang, header).error) {
    sink.error({rel, line, 1}, "i18n/plural-forms",
               "cannot renumber: the suggested \"" + v.suggestion + "\" is not right either");
    return;
  }
  int entries = 0, fuzzied = 0;
  const std::string text = renumber_plural_forms(update.text, header, v.slots, entries, fuzzied);
  // msgcat wraps the new lines as msgmerge does: the next update is a no-op.
  const ProcessResult wrapped = run_process_with_input({"msgcat", "-o", "-", "-"}, &text);
  if (wrapped.exit_code != 0) {
    sink.error({rel, line, 1}, "i18n/plural-forms",
               "cannot renumber: msgcat rejects the result (" +
                   wrapped.err.substr(0, wrapped.err.find('\n')) + ")");
    return;
  }
  update.text = wrapped.out;
  std::string moves;
  for (std::size_t i = 0; i < v.slots.size(); ++i) {
    const auto& s = v.slots[i];
    const std::string to =
        "msgstr[" + std::to_string(i) + "]" + (s.category.empty() ? "" : " ('" + s.category + "')");
    if (!s.exact)
      moves += ", " + to + " is new" +
               (s.from < 0 ? "" : ", filled from msgstr[" + std::to_string(s.from) + "]");
    else if (s.from != static_cast<int>(i))
      moves += ", msgstr[" + std::to_string(s.from) + "] became " + to;
  }
  std::string what =
      "Plural-Forms set to \"" + header + "\"; " +
      (moves.empty()
           ? "the " + std::to_string(entries) + " plural entries keep their msgstr[] numbers"
           : "in " + std::to_string(entries) + " plural entries " + moves.substr(2));
  if (fuzzied)
    what += "; " + std::to_string(fuzzied) + (fuzzied == 1 ? " entry is" : " entries are") +
            " marked fuzzy: a new form holds its old text, to check";
  sink.report({rel, line, 1}, Severity::note, "i18n/plural-forms-fixed", what);
}

}  // namespace pp
