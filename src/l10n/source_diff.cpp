// Which paragraphs of a source article changed between two versions.
#include <algorithm>

#include "l10n/l10n.h"

namespace pp {

namespace {

// A unit of comparison: one front matter key with its nested lines, or one
// body paragraph (lines up to a blank line).
struct Block {
  std::string key;  ///< front matter key, empty for the body
  std::vector<std::string> lines;
  int line = 0;  ///< 1-based first line
  bool operator==(const Block& o) const { return key == o.key && lines == o.lines; }
};

std::vector<std::string> split_lines(const std::string& bytes) {
  std::vector<std::string> lines;
  std::size_t start = bytes.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0;
  while (start < bytes.size()) {
    auto end = bytes.find('\n', start);
    if (end == std::string::npos) end = bytes.size();
    std::string line = bytes.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    lines.push_back(std::move(line));
    start = end + 1;
  }
  return lines;
}

bool blank(const std::string& s) {
  return s.find_first_not_of(" \t") == std::string::npos;
}

std::vector<Block> blocks_of(const std::string& bytes) {
  const auto lines = split_lines(bytes);
  std::vector<Block> out;
  std::size_t i = 0;
  if (!lines.empty() && lines[0] == "---") {
    std::size_t close = 1;
    while (close < lines.size() &&
           !(lines[close].rfind("---", 0) == 0 && blank(lines[close].substr(3))))
      ++close;
    if (close < lines.size()) {
      for (std::size_t k = 1; k < close; ++k) {
        const std::string& l = lines[k];
        const bool top = !l.empty() && l[0] != ' ' && l[0] != '\t' && l[0] != '-' && l[0] != '#';
        if (top || out.empty())
          out.push_back(
              {top ? l.substr(0, l.find(':')) : std::string(), {}, static_cast<int>(k + 1)});
        out.back().lines.push_back(l);
      }
      i = close + 1;
    }
  }
  while (i < lines.size()) {
    if (blank(lines[i])) {
      ++i;
      continue;
    }
    Block b{"", {}, static_cast<int>(i + 1)};
    while (i < lines.size() && !blank(lines[i])) b.lines.push_back(lines[i++]);
    out.push_back(std::move(b));
  }
  return out;
}

}  // namespace

std::vector<SourceChange> diff_source(const std::string& old_bytes, const std::string& new_bytes) {
  const auto a = blocks_of(old_bytes), b = blocks_of(new_bytes);
  // Longest common subsequence of whole blocks; articles have at most a few
  // hundred, so the table stays small.
  const std::size_t n = a.size(), m = b.size();
  std::vector<std::vector<int>> lcs(n + 1, std::vector<int>(m + 1, 0));
  for (std::size_t i = n; i-- > 0;)
    for (std::size_t j = m; j-- > 0;)
      lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : std::max(lcs[i + 1][j], lcs[i][j + 1]);
  std::vector<SourceChange> out;
  auto flush = [&](std::vector<const Block*>& gone, std::vector<const Block*>& come) {
    // Front matter keys pair up by name; body paragraphs form one change.
    std::vector<const Block*> gone_body, come_body;
    for (const Block* g : gone) {
      if (g->key.empty()) {
        gone_body.push_back(g);
        continue;
      }
      const auto match = std::find_if(come.begin(), come.end(),
                                      [&](const Block* c) { return c && c->key == g->key; });
      SourceChange c{SourceChange::removed, g->key, g->line, 0, g->lines, {}};
      if (match != come.end()) {
        c.kind = SourceChange::changed;
        c.line = (*match)->line;
        c.new_lines = (*match)->lines;
        *match = nullptr;
      }
      out.push_back(std::move(c));
    }
    for (const Block* c : come) {
      if (!c) continue;
      if (c->key.empty())
        come_body.push_back(c);
      else
        out.push_back({SourceChange::added, c->key, 0, c->line, {}, c->lines});
    }
    if (!gone_body.empty() || !come_body.empty()) {
      SourceChange c{gone_body.empty()   ? SourceChange::added
                     : come_body.empty() ? SourceChange::removed
                                         : SourceChange::changed,
                     "",
                     gone_body.empty() ? 0 : gone_body.front()->line,
                     come_body.empty() ? 0 : come_body.front()->line,
                     {},
                     {}};
      for (const Block* g : gone_body) {
        if (!c.old_lines.empty()) c.old_lines.push_back("");
        c.old_lines.insert(c.old_lines.end(), g->lines.begin(), g->lines.end());
      }
      for (const Block* x : come_body) {
        if (!c.new_lines.empty()) c.new_lines.push_back("");
        c.new_lines.insert(c.new_lines.end(), x->lines.begin(), x->lines.end());
      }
      out.push_back(std::move(c));
    }
    gone.clear();
    come.clear();
  };
  std::vector<const Block*> gone, come;
  std::size_t i = 0, j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] == b[j]) {
      flush(gone, come);
      ++i, ++j;
    } else if (j < m && (i == n || lcs[i][j + 1] >= lcs[i + 1][j])) {
      come.push_back(&b[j++]);
    } else {
      gone.push_back(&a[i++]);
    }
  }
  flush(gone, come);
  return out;
}

}  // namespace pp
