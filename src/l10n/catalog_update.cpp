// `i18n update`: the .pot merged into a language's catalog by GNU msgmerge.
#include <optional>
#include <sstream>
#include <string_view>

#include "core/file_io.h"
#include "core/process.h"
#include "core/safe_fs.h"
#include "core/site_layout.h"
#include "l10n/l10n.h"

namespace pp {

namespace fs = std::filesystem;

namespace {

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

// The digits at `i` as a number (at most 1,000,000,000: more is not a line of
// a catalog); `i` moves past them. Nullopt when there is no digit.
std::optional<int> number_at(std::string_view s, std::size_t& i) {
  const std::size_t start = i;
  long long n = 0;
  while (i < s.size() && is_digit(s[i])) n = std::min(n * 10 + (s[i++] - '0'), 1000000000LL);
  if (i == start) return std::nullopt;
  return static_cast<int>(n);
}

// One line of a gettext tool's messages split by hand as
//   ^(.*?):(\d+):(?:(\d+):)? (.*)$
// into path, line, column (0: none) and message.
struct ToolMessage {
  std::string path;
  int line = 0, column = 0;
  std::string message;
};

std::optional<ToolMessage> split_tool_message(std::string_view s) {
  // '.' matched anything but a line break.
  if (s.find_first_of("\r\n") != std::string_view::npos) return std::nullopt;
  // The path ends at the first ':' after which the rest fits.
  for (std::size_t colon = s.find(':'); colon != std::string_view::npos;
       colon = s.find(':', colon + 1)) {
    std::size_t i = colon + 1;
    const auto line = number_at(s, i);
    if (!line || i == s.size() || s[i] != ':') continue;
    ++i;
    int column = 0;
    if (i < s.size() && is_digit(s[i])) {
      const auto c = number_at(s, i);
      if (i == s.size() || s[i] != ':') continue;
      column = *c;
      ++i;
    }
    if (i == s.size() || s[i] != ' ') continue;
    return ToolMessage{std::string(s.substr(0, colon)), *line, column,
                       std::string(s.substr(i + 1))};
  }
  return std::nullopt;
}

}  // namespace

void report_gettext_errors(const std::string& tool_stderr,
                           const std::vector<std::pair<std::string, std::string>>& files,
                           const std::string& rule, DiagnosticSink& sink) {
  // gettext tools print "PATH:LINE: message" or "PATH:LINE:COL: message".
  std::istringstream err(tool_stderr);
  std::string line;
  bool any = false;
  // msgfmt reports a duplicate on two lines: the duplicate, then its first
  // definition; they become one finding at the duplicate.
  std::optional<Diagnostic> duplicate;
  auto flush = [&](int first_line) {
    if (!duplicate) return;
    if (first_line > 0)
      duplicate->message += " (first defined at line " + std::to_string(first_line) + ")";
    sink.error(duplicate->where, rule, duplicate->message);
    duplicate.reset();
  };
  while (std::getline(err, line)) {
    const auto m = split_tool_message(line);
    if (!m || m->message.find("warning:") == 0) continue;
    for (const auto& [shown, rel] : files) {
      if (m->path != shown) continue;
      int line_no = m->line;
      const std::string& message = m->message;
      const SourceLocation where{rel, line_no, m->column};
      any = true;
      if (message == "...this is the location of the first definition") {
        flush(line_no);
        continue;
      }
      flush(0);
      if (message == "duplicate message definition...") {
        duplicate = Diagnostic{where, Severity::error, rule, "duplicate message definition"};
        continue;
      }
      // gettext's lexer counts the newline that ends an unterminated string
      // before it reports it; the string is on the line above.
      if (message == "end-of-line within string" && line_no > 1) --line_no;
      sink.error({rel, line_no, where.column}, rule, message);
    }
  }
  flush(0);
  if (!any) {
    std::string first = tool_stderr.substr(0, tool_stderr.find('\n'));
    sink.error({files.empty() ? "" : files.front().second, 0, 0}, rule,
               first.empty() ? "the gettext tool failed" : first);
  }
}

std::optional<CatalogUpdate> merge_catalog(const fs::path& root, const LanguageConfig& lang,
                                           DiagnosticSink& sink) {
  const std::string rel = catalog_path(lang.code);
  const std::string pot_rel = kPotPath;
  const fs::path po = root / rel, pot = root / pot_rel;
  // msgmerge opens the template by its path: never a link, a FIFO or a device.
  if (const std::string kind = special_kind_name(pot); !kind.empty()) {
    sink.error({pot_rel, 0, 0}, "i18n/read", "cannot read: " + kind + ", not a regular file");
    return std::nullopt;
  }
  CatalogUpdate update;
  update.created = file_kind(po) == FileKind::missing;
  ProcessResult r;
  // --previous keeps the old msgid beside a fuzzy match, which Poedit and
  // Weblate show to the translator.
  if (update.created) {
    // A new catalog: the template with the language and its CLDR plural forms.
    const ReadResult t = read_file(pot, kMaxCatalogBytes);
    if (!t.ok) return std::nullopt;
    std::string text = t.bytes;
    const std::string placeholder = "\"Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\\n\"\n";
    std::string gettext_lang = lang.code;
    for (char& c : gettext_lang)
      if (c == '-') c = '_';
    const std::string header = "\"Language: " + gettext_lang + "\\n\"\n\"Plural-Forms: " +
                               gettext_plural_forms(lang.locale.empty() ? lang.code : lang.locale) +
                               "\\n\"\n";
    const auto at = text.find(placeholder);
    if (at != std::string::npos) text.replace(at, placeholder.size(), header);
    r = run_process_with_input({"msgmerge", "--quiet", "--previous", "-o", "-", "-", pot.string()},
                               &text);
  } else {
    // The catalog's bytes go through standard input: msgmerge never opens a
    // link or a FIFO in its place.
    const ReadResult old = read_file(po, kMaxCatalogBytes);
    if (!old.ok) {
      sink.error({rel, 0, 0}, "i18n/read", "cannot read: " + old.error);
      return std::nullopt;
    }
    r = run_process_with_input({"msgmerge", "--quiet", "--previous", "-o", "-", "-", pot.string()},
                               &old.bytes);
  }
  if (r.exit_code == 0) {
    update.text = r.out;
    return update;
  }
  if (r.exit_code < 0 && r.err.find("msgmerge") == 0) {
    sink.error({rel, 0, 0}, "i18n/msgfmt", "cannot run msgmerge (install gettext)");
    return std::nullopt;
  }
  report_gettext_errors(r.err, {{pot.string(), pot_rel}, {"<stdin>", rel}, {"-", rel}},
                        "i18n/syntax", sink);
  return std::nullopt;
}

std::optional<CatalogStats> catalog_stats_of(const std::string& po_text) {
  const ProcessResult r =
      run_process_with_input({"msgfmt", "--statistics", "-o", "/dev/null", "-"}, &po_text);
  if (r.exit_code != 0) return std::nullopt;
  // "40 translated messages, 2 fuzzy translations, 3 untranslated messages."
  CatalogStats s;
  // Each "N translated", "N fuzzy" or "N untranslated", found by hand.
  const std::string_view err = r.err;
  for (std::size_t i = 0; i < err.size();) {
    if (!is_digit(err[i])) {
      ++i;
      continue;
    }
    const int n = *number_at(err, i);
    if (i == err.size() || err[i] != ' ') continue;
    const std::string_view rest = err.substr(i + 1);
    for (const auto& [kind, count] :
         {std::pair{"translated", &s.translated}, std::pair{"fuzzy", &s.fuzzy},
          std::pair{"untranslated", &s.untranslated}}) {
      if (!rest.starts_with(kind)) continue;
      *count = n;
      i += 1 + std::string_view(kind).size();
      break;
    }
  }
  // Obsolete entries ("#~ msgid") are kept by msgmerge and ignored by msgfmt.
  std::istringstream in(po_text);
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("#~ msgid ", 0) == 0) ++s.obsolete;
  return s;
}

}  // namespace pp
