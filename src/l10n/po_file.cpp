#include "l10n/po_file.h"

#include <algorithm>
#include <climits>
#include <optional>
#include <sstream>
#include <string_view>

namespace pp {

namespace {

std::string unquote(const std::string& s) {
  const auto a = s.find('"'), b = s.rfind('"');
  if (a == std::string::npos || b <= a) return "";
  std::string out;
  for (std::size_t i = a + 1; i < b; ++i) {
    if (s[i] == '\\' && i + 1 < b) {
      const char c = s[++i];
      out += c == 'n' ? '\n' : c == 't' ? '\t' : c;
    } else {
      out += s[i];
    }
  }
  return out;
}

// \s of ECMAScript on bytes.
bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

// The index of a msgstr line: `line` matches ^msgstr(?:\[(\d+)\])?\s+".*$
// (checked by hand: std::regex recursed once per character of a long line).
// No index is 0; an index too large for an int is INT_MAX (msgfmt reports it).
std::optional<int> msgstr_index(std::string_view line) {
  if (!line.starts_with("msgstr")) return std::nullopt;
  std::size_t i = 6;
  int index = 0;
  if (i < line.size() && line[i] == '[') {
    std::size_t j = i + 1;
    long long n = 0;
    while (j < line.size() && line[j] >= '0' && line[j] <= '9')
      n = std::min<long long>(n * 10 + (line[j++] - '0'), INT_MAX);
    if (j > i + 1 && j < line.size() && line[j] == ']') {
      index = static_cast<int>(n);
      i = j + 1;
    }
  }
  const std::size_t spaces = i;
  while (i < line.size() && is_space(line[i])) ++i;
  if (i == spaces || i == line.size() || line[i] != '"') return std::nullopt;
  // '.' matched anything but a line break.
  if (line.find_first_of("\r\n", i) != std::string_view::npos) return std::nullopt;
  return index;
}

}  // namespace

std::vector<PoEntry> read_po(const std::string& text) {
  std::vector<PoEntry> entries;
  PoEntry cur;
  bool open = false;
  std::string* target = nullptr;
  bool pending_fuzzy = false, pending_no_format = false;
  std::string pending_context;
  auto flush = [&] {
    if (open) entries.push_back(cur);
    cur = PoEntry{};
    open = false;
    target = nullptr;
  };
  std::istringstream in(text);
  std::string line;
  int n = 0;
  while (std::getline(in, line)) {
    ++n;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) {
      flush();
      continue;
    }
    if (line.rfind("#~", 0) == 0) continue;
    if (line.rfind("#,", 0) == 0) {
      if (line.find("fuzzy") != std::string::npos) pending_fuzzy = true;
      if (line.find("no-python-brace-format") != std::string::npos) pending_no_format = true;
      continue;
    }
    if (line[0] == '#') continue;
    if (line.rfind("msgctxt ", 0) == 0) {
      // A context starts the next entry.
      if (open && !cur.msgstr.empty()) flush();
      pending_context = unquote(line);
      target = &pending_context;
    } else if (line.rfind("msgid_plural ", 0) == 0) {
      cur.msgid_plural = unquote(line);
      target = &cur.msgid_plural;
    } else if (line.rfind("msgid ", 0) == 0) {
      if (open && !cur.msgstr.empty()) flush();
      open = true;
      cur.line = n;
      cur.fuzzy = pending_fuzzy;
      cur.no_brace_format = pending_no_format;
      pending_fuzzy = pending_no_format = false;
      cur.msgid = unquote(line);
      cur.context = std::move(pending_context);
      pending_context.clear();
      target = &cur.msgid;
    } else if (const auto index = msgstr_index(line)) {
      cur.msgstr.push_back({*index, unquote(line)});
      cur.msgstr_lines.push_back(n);
      target = &cur.msgstr.back().second;
    } else if (line[0] == '"' && target) {
      *target += unquote(line);
    }
  }
  flush();
  return entries;
}

std::optional<std::string> header_plural_forms(const std::string& header) {
  // (?:^|\n)Plural-Forms:\s*([^\n]*), found by hand.
  static constexpr std::string_view kField = "Plural-Forms:";
  for (std::size_t line = 0; line < header.size();) {
    if (std::string_view(header).substr(line).starts_with(kField)) {
      std::size_t i = line + kField.size();
      while (i < header.size() && is_space(header[i])) ++i;
      return header.substr(i, header.find('\n', i) - i);
    }
    const auto next = header.find('\n', line);
    if (next == std::string::npos) break;
    line = next + 1;
  }
  return std::nullopt;
}

std::vector<std::string> placeholders(const std::string& text) {
  // Every \{([A-Za-z_][A-Za-z0-9_]*)\}, found in one pass.
  auto is_start = [](char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
  };
  auto is_name = [&](char c) { return is_start(c) || (c >= '0' && c <= '9'); };
  std::vector<std::string> out;
  std::size_t i = 0;
  while ((i = text.find('{', i)) != std::string::npos) {
    // "{{" is a literal brace in Python's format strings; "\{" and "\N{NAME}"
    // (a regex or Unicode-name escape, as in glib's catalogs) are no placeholders.
    if (i + 1 < text.size() && text[i + 1] == '{') {
      i += 2;
      continue;
    }
    const bool escaped =
        (i > 0 && text[i - 1] == '\\') || (i > 1 && text[i - 2] == '\\' && is_start(text[i - 1]));
    std::size_t end = i + 1;
    if (end < text.size() && is_start(text[end])) {
      ++end;
      while (end < text.size() && is_name(text[end])) ++end;
    }
    if (end > i + 1 && end < text.size() && text[end] == '}') {
      if (!escaped) out.push_back(text.substr(i + 1, end - i - 1));
      i = end + 1;
    } else {
      // No placeholder starts inside the name just scanned.
      i = end;
    }
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::string po_quote(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"')
      out += "\\\"";
    else if (c == '\\')
      out += "\\\\";
    else if (c == '\n')
      out += "\\n";
    else if (c == '\t')
      out += "\\t";
    else
      out += c;
  }
  return out + "\"";
}

}  // namespace pp
