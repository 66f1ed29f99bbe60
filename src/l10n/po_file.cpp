#include "l10n/po_file.h"

#include <algorithm>
#include <regex>
#include <sstream>

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

}  // namespace

std::vector<PoEntry> read_po(const std::string& text) {
  std::vector<PoEntry> entries;
  PoEntry cur;
  bool open = false;
  std::string* target = nullptr;
  bool pending_fuzzy = false;
  auto flush = [&] {
    if (open) entries.push_back(cur);
    cur = PoEntry{};
    open = false;
    target = nullptr;
  };
  std::istringstream in(text);
  std::string line;
  int n = 0;
  static const std::regex msgstr_re(R"(^msgstr(?:\[(\d+)\])?\s+".*$)");
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
      continue;
    }
    if (line[0] == '#') continue;
    std::smatch m;
    if (line.rfind("msgid_plural ", 0) == 0) {
      cur.msgid_plural = unquote(line);
      target = &cur.msgid_plural;
    } else if (line.rfind("msgid ", 0) == 0) {
      if (open && !cur.msgstr.empty()) flush();
      open = true;
      cur.line = n;
      cur.fuzzy = pending_fuzzy;
      pending_fuzzy = false;
      cur.msgid = unquote(line);
      target = &cur.msgid;
    } else if (std::regex_match(line, m, msgstr_re)) {
      cur.msgstr.push_back({m[1].matched ? std::stoi(m[1].str()) : 0, unquote(line)});
      cur.msgstr_lines.push_back(n);
      target = &cur.msgstr.back().second;
    } else if (line[0] == '"' && target) {
      *target += unquote(line);
    }
  }
  flush();
  return entries;
}

std::vector<std::string> placeholders(const std::string& text) {
  static const std::regex re(R"(\{([A-Za-z_][A-Za-z0-9_]*)\})");
  std::vector<std::string> out;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), re); it != std::sregex_iterator();
       ++it)
    out.push_back((*it)[1].str());
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace pp
