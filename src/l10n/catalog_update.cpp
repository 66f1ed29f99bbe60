// `i18n update`: the .pot merged into a language's catalog by GNU msgmerge.
#include <algorithm>
#include <optional>
#include <sstream>
#include <string_view>

#include "core/file_io.h"
#include "core/process.h"
#include "core/safe_fs.h"
#include "core/site_layout.h"
#include "l10n/l10n.h"
#include "l10n/po_file.h"
#include "l10n/theme_catalogs.h"

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
  // gettext tools print "PATH:LINE: message" or "PATH:LINE:COL: message";
  // a finding may continue on indented lines (msgfmt's hint "Try using the
  // following, …" and the header it suggests), and one finding may be split
  // in two located halves, "nplurals = 3..." then "...but some messages have
  // only 2 plural forms".
  std::istringstream err(tool_stderr);
  std::string line;
  std::vector<Diagnostic> found;
  bool continues = false;                // an indented line continues found.back()
  std::optional<Diagnostic> first_half;  // "…..." waiting for its "...…"
  bool half_used = false;
  while (std::getline(err, line)) {
    const auto m = split_tool_message(line);
    if (!m) {
      const auto text = line.find_first_not_of(" \t");
      if (continues && text != std::string::npos && text > 0)
        found.back().message +=
            (found.back().message.ends_with(":") ? " " : "; ") + line.substr(text);
      continue;
    }
    continues = false;
    if (m->message.find("warning:") == 0) continue;
    for (const auto& [shown, rel] : files) {
      if (m->path != shown) continue;
      int line_no = m->line;
      std::string message = m->message;
      if (message == "...this is the location of the first definition") {
        if (!found.empty() && found.back().message == "duplicate message definition")
          found.back().message += " (first defined at line " + std::to_string(line_no) + ")";
        continue;
      }
      if (message == "duplicate message definition...") message = "duplicate message definition";
      if (message.size() > 3 && message.ends_with("...") && !message.starts_with("...")) {
        if (first_half && !half_used) found.push_back(*first_half);
        half_used = false;
        first_half = Diagnostic{{rel, line_no, m->column},
                                Severity::error,
                                rule,
                                message.substr(0, message.size() - 3)};
        continue;
      }
      if (message.starts_with("...") && first_half) {
        std::string rest = message.substr(3);
        // "some messages" is the one at this line.
        if (rest.starts_with("but some messages have "))
          rest = "but this entry has " + rest.substr(23);
        message =
            first_half->message + " (line " + std::to_string(first_half->where.line) + "), " + rest;
        half_used = true;
      } else if (message.starts_with("...")) {
        message.erase(0, 3);
      }
      // gettext's lexer counts the newline that ends an unterminated string
      // before it reports it; the string is on the line above.
      if (message == "end-of-line within string" && line_no > 1) --line_no;
      found.push_back({{rel, line_no, m->column}, Severity::error, rule, message});
      continues = true;
    }
  }
  if (first_half && !half_used) found.push_back(*first_half);
  for (auto& d : found) sink.error(d.where, rule, d.message);
  if (found.empty()) {
    std::string first = tool_stderr.substr(0, tool_stderr.find('\n'));
    sink.error({files.empty() ? "" : files.front().second, 0, 0}, rule,
               first.empty() ? "the gettext tool failed" : first);
  }
}

namespace {

// A msgid's lines in an entry: "msgid …" and the string lines after it, or
// the same after "#| " for the previous msgid msgmerge keeps.
std::string msgid_block(const std::vector<std::string_view>& lines, std::string_view prefix) {
  std::string out;
  bool in = false;
  for (const auto line : lines) {
    if (!line.starts_with(prefix)) {
      if (in) break;
      continue;
    }
    const auto rest = line.substr(prefix.size());
    if (rest.starts_with("msgid ")) {
      in = true;
    } else if (!(in && rest.starts_with("\""))) {
      if (in) break;
      continue;
    }
    out += std::string(rest) + "\n";
  }
  return out;
}

}  // namespace

std::string keep_context_only_matches(const std::string& po) {
  std::string out;
  std::size_t from = 0;
  while (from < po.size()) {
    auto end = po.find("\n\n", from);
    end = end == std::string::npos ? po.size() : end + 2;
    const std::string_view entry(po.data() + from, end - from);
    from = end;
    std::vector<std::string_view> lines;
    for (std::size_t at = 0; at < entry.size();) {
      auto nl = entry.find('\n', at);
      if (nl == std::string_view::npos) nl = entry.size();
      lines.push_back(entry.substr(at, nl - at));
      at = nl + 1;
    }
    const bool context =
        std::any_of(lines.begin(), lines.end(), [](auto l) { return l.starts_with("msgctxt "); });
    const bool previous_context = std::any_of(lines.begin(), lines.end(),
                                              [](auto l) { return l.starts_with("#| msgctxt "); });
    const std::string previous = msgid_block(lines, "#| ");
    if (!context || previous_context || previous.empty() || previous != msgid_block(lines, "")) {
      out += entry;
      continue;
    }
    // Only a context was added (a word given a second role): the same text,
    // translated as it was, not fuzzy; the previous msgid says nothing new.
    for (const auto line : lines) {
      if (line.starts_with("#| ")) continue;
      if (line.starts_with("#, ")) {
        std::string flags;
        for (std::size_t at = 3; at <= line.size();) {
          auto comma = line.find(',', at);
          if (comma == std::string_view::npos) comma = line.size();
          auto flag = line.substr(at, comma - at);
          while (flag.starts_with(' ')) flag.remove_prefix(1);
          if (!flag.empty() && flag != "fuzzy")
            flags += (flags.empty() ? "" : ", ") + std::string(flag);
          at = comma + 1;
        }
        if (!flags.empty()) out += "#, " + flags + "\n";
        continue;
      }
      out += std::string(line) + "\n";
    }
  }
  return out;
}

std::optional<CatalogUpdate> merge_catalog(const fs::path& root, const LanguageConfig& lang,
                                           DiagnosticSink& sink) {
  const std::string rel = catalog_rel(root, lang.code);
  const std::string pot_rel = kPotPath;
  const fs::path pot = root / pot_rel;
  std::string link_error;
  const auto po_file = catalog_file(root, lang.code, link_error);
  if (!po_file) {
    sink.error({rel, 0, 0}, "i18n/read", "cannot read: " + link_error);
    return std::nullopt;
  }
  const fs::path& po = *po_file;
  // msgmerge opens the template by its path: never a link, a FIFO or a device.
  if (const std::string kind = special_kind_name(pot); !kind.empty()) {
    sink.error({pot_rel, 0, 0}, "i18n/read", "cannot read: " + kind + ", not a regular file");
    return std::nullopt;
  }
  CatalogUpdate update;
  update.created = file_kind(po) == FileKind::missing;
  // A catalog that is a link within locales/ is updated where it points.
  update.file = po;
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
    // Only the header: msgmerge then gives every plural entry from the
    // template the header's nplurals slots (it keeps the slots of entries it
    // is given, the template's two).
    const auto end = text.find("\n\n");
    if (end != std::string::npos) text.erase(end + 1);
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
    update.text = keep_context_only_matches(r.out);
    if (const std::string* theme = theme_catalog_for(lang.code)) {
      std::string filled = fill_from_theme(update.text, *theme, update.from_theme);
      // Written as msgmerge writes (long lines wrapped), so that the next
      // `i18n update` leaves the file as it is.
      const ProcessResult cat = update.from_theme > 0
                                    ? run_process_with_input({"msgcat", "-o", "-", "-"}, &filled)
                                    : ProcessResult{};
      update.text = update.from_theme > 0 && cat.exit_code == 0 ? cat.out : filled;
    }
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
  // msgfmt judges whether the catalog can be read at all; the counting is
  // ours, so that it never depends on msgfmt's wording and an entry with an
  // empty plural form counts as untranslated (msgfmt counts it translated).
  const ProcessResult r = run_process_with_input({"msgfmt", "-o", "/dev/null", "-"}, &po_text);
  if (r.exit_code != 0) return std::nullopt;
  CatalogStats s;
  for (const auto& e : read_po(po_text)) {
    if (e.msgid.empty()) continue;  // the header
    auto filled = [](const auto& m) { return !m.second.empty(); };
    const bool any = std::any_of(e.msgstr.begin(), e.msgstr.end(), filled);
    const bool all = any && std::all_of(e.msgstr.begin(), e.msgstr.end(), filled);
    if (e.fuzzy && any)
      ++s.fuzzy;
    else if (all)
      ++s.translated;
    else
      ++s.untranslated;
  }
  // Obsolete entries ("#~ msgid") are kept by msgmerge and ignored by msgfmt.
  std::istringstream in(po_text);
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("#~ msgid ", 0) == 0) ++s.obsolete;
  return s;
}

}  // namespace pp
