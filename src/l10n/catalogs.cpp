// Compiling catalogs with GNU msgfmt and loading every language's Locale.
#include <algorithm>
#include <climits>
#include <sstream>

#include "core/file_io.h"
#include "core/process.h"
#include "core/safe_fs.h"
#include "core/site_layout.h"
#include "core/text.h"
#include "l10n/l10n.h"
#include "l10n/po_file.h"

namespace pp {

namespace fs = std::filesystem;

namespace {

// The bytes of `locales/<lang>.po`, through a link within locales/.
ReadResult read_catalog(const fs::path& root, const std::string& lang) {
  std::string error;
  const auto path = catalog_file(root, lang, error);
  if (!path) return ReadResult{false, false, "", error};
  return read_file(*path, kMaxCatalogBytes);
}

}  // namespace

namespace {

// " (your msgstr[] keep their numbers; …)" or " — in every plural entry …
// (…)": what the fix does to the entries, and the command that does it.
std::string fix_hint(const PluralFormsVerdict& v) {
  if (v.renumbering.empty()) return "";
  if (v.slots.empty()) return " " + v.renumbering;
  const std::string command = "i18n update --fix-plural-forms";
  if (v.renumbering.starts_with("("))
    return " " + v.renumbering.substr(0, v.renumbering.size() - 1) + "; " + command + " writes it)";
  return " " + v.renumbering + " (" + command + " does it)";
}

}  // namespace

std::optional<std::string> compile_catalog(const fs::path& root, const std::string& lang,
                                           DiagnosticSink& sink) {
  const std::string rel = catalog_rel(root, lang);
  if (file_kind(root / rel) == FileKind::missing) {
    sink.warning({rel, 0, 0}, "i18n/missing-catalog",
                 "no catalog for '" + lang + "'; interface strings are shown untranslated");
    return std::nullopt;
  }
  // msgfmt reads the bytes polypress read, never the path: a catalog that is
  // a FIFO, a device or a link out of locales/ is refused here instead of
  // being followed or waited on by msgfmt.
  const ReadResult file = read_catalog(root, lang);
  if (!file.ok) {
    sink.error({rel, 0, 0}, "i18n/read", "cannot read: " + file.error);
    return std::nullopt;
  }
  const ProcessResult r =
      run_process_with_input({"msgfmt", "--check", "-o", "-", "-"}, &file.bytes);
  if (r.exit_code == 0) return r.out;
  if (r.exit_code < 0 && r.out.empty() && r.err.find("msgfmt") != std::string::npos &&
      r.err.find("No such file") != std::string::npos) {
    sink.error({rel, 0, 0}, "i18n/msgfmt", "cannot run msgfmt (install gettext)");
    return std::nullopt;
  }
  // msgfmt checks {placeholders} itself where the .pot marked the string
  // python-brace-format; those findings keep the placeholder rule.
  DiagnosticSink found;
  report_gettext_errors(r.err, {{"<stdin>", rel}}, "i18n/syntax", found);
  const bool bom = file.bytes.starts_with("\xEF\xBB\xBF");
  if (bom)
    sink.error({rel, 1, 1}, "i18n/syntax",
               "the catalog starts with a byte order mark (BOM), which gettext cannot read; save "
               "it as UTF-8 without BOM, e.g. sed -i '1s/^\\xEF\\xBB\\xBF//' " +
                   rel);
  for (const auto& d : found.sorted())
    if (!(bom && d.where.line == 1))  // msgfmt's "1:2: syntax error" is the BOM
      sink.report(
          d.where, d.severity,
          d.message.find("format specification") != std::string::npos ? "i18n/placeholder" : d.rule,
          d.message);
  return std::nullopt;
}

namespace {

// What is wrong with a catalog's Plural-Forms (`plural_forms`, nullopt when
// the header has none), or nullopt; a correct header's note goes to `sink`
// and its forms no whole number uses to `fraction_forms`.
std::optional<std::string> header_finding(const SiteConfig& config, const LanguageConfig& lang,
                                          const std::optional<std::string>& plural_forms,
                                          const std::vector<PoEntry>& entries,
                                          bool msgfmt_on_plural_forms, const SourceLocation& where,
                                          std::set<int>& fraction_forms, DiagnosticSink& sink) {
  const std::string icu = lang.locale.empty() ? lang.code : lang.locale;
  const auto categories = integer_plural_categories(icu);
  std::string names;
  for (const auto& c : categories) names += (names.empty() ? "" : ", ") + c;
  const std::string expected = "Plural-Forms: " + gettext_plural_forms(icu);
  // A language read with another's rules (`locale: ru` for udm) says whose.
  auto language_of = [](const std::string& tag) { return tag.substr(0, tag.find_first_of("-_@")); };
  const std::string whose =
      lang.locale.empty() || language_of(lang.locale) == language_of(lang.code)
          ? "'" + lang.code + "'"
          : "'" + lang.code + "' (read as '" + lang.locale + "')";
  const std::string has = whose + " has " + std::to_string(categories.size()) + " CLDR plural " +
                          (categories.size() == 1 ? "category" : "categories") +
                          " for whole numbers (" + names + ")";
  if (!plural_forms) {
    // msgfmt accepts it while no entry has plural forms; nothing is shown
    // wrong until one is translated.
    const bool plural_translated = std::any_of(entries.begin(), entries.end(), [](const auto& e) {
      return !e.msgid_plural.empty() && !e.fuzzy &&
             std::any_of(e.msgstr.begin(), e.msgstr.end(),
                         [](const auto& m) { return !m.second.empty(); });
    });
    const std::string finding =
        "the header has no Plural-Forms; " + has + ", e.g. \"" + expected + "\"";
    if (plural_translated) return finding;
    sink.report(where, Severity::note, "i18n/plural-forms-latent",
                finding + " (no translated plural entry needs it yet)");
    return std::nullopt;
  }
  if (plural_forms->find("INTEGER") != std::string::npos)
    return "Plural-Forms is still the template's \"" + quote_for_message(*plural_forms, 60) +
           "\"; " + has + ", e.g. \"" + expected + "\"";
  const PluralFormsVerdict verdict = judge_plural_forms(config, lang, *plural_forms);
  fraction_forms.insert(verdict.fraction_forms.begin(), verdict.fraction_forms.end());
  // A header that gives some numbers another category's form is wrong for
  // readers only where an entry's texts differ between those forms: until
  // then it is a note (a catalog with no translated plural entry, or the
  // same text in every form, shows the same whatever the header says).
  if (verdict.error && !verdict.forms.empty()) {
    int line = 0;
    const auto seen = plural_outcome_error(verdict, entries, line);
    const std::string fix = has + ", e.g. \"" + verdict.suggestion + "\"" + fix_hint(verdict);
    if (seen) return *verdict.error + "; so " + *seen + "; " + fix;
    sink.report(where, Severity::note, "i18n/plural-forms-latent",
                *verdict.error +
                    "; no translated plural entry reads differently for it yet, so "
                    "readers see nothing wrong; " +
                    fix);
    return std::nullopt;
  }
  // When msgfmt rejects the expression, its own words (with its hint) say it.
  if (verdict.error && !(msgfmt_on_plural_forms && verdict.error->starts_with("msgfmt rejects")))
    return *verdict.error + "; " + has + ", e.g. \"" + verdict.suggestion + "\"" +
           fix_hint(verdict);
  // A form of its own for some numbers of one category (Hebrew's tens) is
  // right only while its texts read like the category's.
  if (!verdict.error && !verdict.forms.empty()) {
    int line = 0;
    if (const auto seen = plural_outcome_error(verdict, entries, line))
      return "Plural-Forms gives some numbers of one CLDR category a form of their own, and " +
             *seen + "; " + has + ", e.g. \"" + verdict.suggestion + "\"";
  }
  if (verdict.note && !verdict.error)
    sink.report(where, Severity::note, "i18n/plural-forms-extra", *verdict.note);
  return std::nullopt;
}

}  // namespace

std::optional<std::string> check_catalog(const fs::path& root, const SiteConfig& config,
                                         const LanguageConfig& lang, DiagnosticSink& sink) {
  const std::string rel = catalog_rel(root, lang.code);
  if (rel != catalog_path(lang.code))
    sink.report({rel, 0, 0}, Severity::note, "config/posix-locale",
                "a POSIX catalog name, read as the catalog of '" + lang.code +
                    "' (its BCP 47 name is " + catalog_path(lang.code) + ")");
  // polypress's own checks run even when msgfmt rejects the catalog, so that
  // a translator sees every problem in one run.
  DiagnosticSink compiled;
  auto mo = compile_catalog(root, lang.code, compiled);
  const ReadResult file = read_catalog(root, lang.code);
  const bool bom = file.ok && file.bytes.starts_with("\xEF\xBB\xBF");
  const auto entries =
      file.ok ? read_po(bom ? file.bytes.substr(3) : file.bytes) : std::vector<PoEntry>{};
  std::optional<std::string> plural_forms;
  int header_line = 1, header_end = INT_MAX;  // the header entry's lines: [line, end)
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const auto& e = entries[i];
    if (!e.msgid.empty() || e.msgstr.empty()) continue;
    header_line = e.line;
    header_end = i + 1 < entries.size() ? entries[i + 1].line : INT_MAX;
    if (auto value = header_plural_forms(e.msgstr[0].second)) plural_forms = std::move(value);
  }
  // msgfmt's findings in the header: about its Plural-Forms, or a syntax
  // error that leaves the header unread (then the header is msgfmt's alone).
  auto in_header = [&](const Diagnostic& d) {
    return d.where.line <= 1 || (d.where.line >= header_line && d.where.line < header_end);
  };
  auto on_plural_forms = [](const Diagnostic& d) {
    return d.message.find("plural") != std::string::npos;
  };
  bool header_unread = !file.ok, msgfmt_on_plural_forms = false;
  for (const auto& d : compiled.sorted()) {
    if (d.severity != Severity::error || !in_header(d)) continue;
    (on_plural_forms(d) ? msgfmt_on_plural_forms : header_unread) = true;
  }
  std::set<int> fraction_forms;
  const std::optional<std::string> header_error =
      header_unread ? std::nullopt  // msgfmt's syntax error is the finding
                    : header_finding(config, lang, plural_forms, entries, msgfmt_on_plural_forms,
                                     {rel, header_line, 1}, fraction_forms, sink);
  if (header_error) sink.error({rel, header_line, 1}, "i18n/plural-forms", *header_error);
  std::set<int> msgfmt_lines;  // lines msgfmt reported something at
  for (const auto& d : compiled.sorted()) {
    // Ours says what msgfmt says about the header's Plural-Forms, with CLDR's.
    if (header_error && in_header(d) && on_plural_forms(d)) continue;
    if (d.severity == Severity::error) msgfmt_lines.insert(d.where.line);
    sink.report(d.where, d.severity, d.rule, d.message);
  }
  if (!file.ok) return mo;  // missing or unreadable: reported
  check_catalog_entries(entries, rel, fraction_forms, msgfmt_lines, sink);
  check_catalog_characters(entries, rel, sink);
  return mo;
}

std::string catalog_key(const std::string& context, const std::string& msgid) {
  return context.empty() ? msgid : context + '\x04' + msgid;
}

std::set<std::string> catalog_msgids(const std::string& po_text) {
  std::set<std::string> ids;
  for (const auto& e : read_po(po_text))
    if (!e.msgid.empty()) ids.insert(catalog_key(e.context, e.msgid));
  return ids;
}

std::optional<CatalogStats> catalog_stats(const fs::path& root, const std::string& lang) {
  const ReadResult file = read_catalog(root, lang);
  return file.ok ? catalog_stats_of(file.bytes) : std::nullopt;
}

std::map<std::string, std::unique_ptr<Locale>> load_locales(const fs::path& root,
                                                            const SiteConfig& config,
                                                            DiagnosticSink& sink) {
  std::map<std::string, std::unique_ptr<Locale>> out;
  for (const auto& lang : config.languages) {
    const auto mo = check_catalog(root, config, lang, sink);
    out.emplace(lang.code, std::make_unique<Locale>(config, lang, mo.value_or("")));
  }
  return out;
}

std::string format_pot(const std::vector<CatalogMessage>& messages) {
  std::string out =
      "# Interface strings of polypress and this site's templates.\n"
      "# Written by `polypress i18n extract`; translators edit locales/<lang>.po.\n"
      "msgid \"\"\n"
      "msgstr \"\"\n"
      "\"Project-Id-Version: polypress\\n\"\n"
      "\"MIME-Version: 1.0\\n\"\n"
      "\"Content-Type: text/plain; charset=UTF-8\\n\"\n"
      "\"Content-Transfer-Encoding: 8bit\\n\"\n"
      "\"Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\\n\"\n";
  for (const auto& m : messages) {
    out += "\n";
    if (!m.note.empty()) out += "#. " + m.note + "\n";
    for (const auto& ref : m.references) out += "#: " + ref + "\n";
    if (m.msgid.find('{') != std::string::npos) out += "#, python-brace-format\n";
    if (!m.context.empty()) out += "msgctxt " + po_quote(m.context) + "\n";
    out += "msgid " + po_quote(m.msgid) + "\n";
    if (m.plural.empty()) {
      out += "msgstr \"\"\n";
    } else {
      out += "msgid_plural " + po_quote(m.plural) + "\nmsgstr[0] \"\"\nmsgstr[1] \"\"\n";
    }
  }
  return out;
}

namespace {

// A locale that formats figures as every language would accept them: ICU
// accepts a format or not whatever the locale. Made once, on first use (on
// any thread), and kept for the process's life.
const Locale& figure_probe() {
  static const Locale* probe = [] {
    SiteConfig cfg;
    cfg.time_zone = "UTC";
    return new Locale(cfg, LanguageConfig{"en", "English", "en"}, "");
  }();
  return *probe;
}

}  // namespace

void check_figure_formats(const Corpus& corpus, DiagnosticSink& sink) {
  for (const auto& b : corpus.bundles) check_bundle_figure_formats(b, sink);
}

void check_bundle_figure_formats(const Bundle& b, DiagnosticSink& sink) {
  for (const auto& [lang, a] : b.articles)
    for (const auto& [name, f] : a.own.figures)
      if (!figure_probe().format_figure(f))
        sink.error(f.format_where, "figure/format",
                   "figure '" + name + "' has a format ICU rejects: \"" + f.format + "\"");
}

}  // namespace pp
