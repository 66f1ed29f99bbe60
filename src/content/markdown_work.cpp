#include "content/markdown_work.h"

#include <algorithm>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace pp {
namespace {

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

bool is_punct(char c) {
  return (c >= '!' && c <= '/') || (c >= ':' && c <= '@') || (c >= '[' && c <= '`') ||
         (c >= '{' && c <= '~');
}

// The body's lines (without their '\n').
std::vector<std::string_view> split_lines(const std::string& body) {
  std::vector<std::string_view> lines;
  for (std::size_t start = 0; start <= body.size();) {
    auto nl = body.find('\n', start);
    if (nl == std::string::npos) nl = body.size();
    lines.push_back(std::string_view(body).substr(start, nl - start));
    start = nl + 1;
  }
  return lines;
}

bool is_blank(std::string_view line) {
  return std::all_of(line.begin(), line.end(), is_space);
}

// A code fence: up to three spaces, then ``` or ~~~ or longer.
bool is_fence(std::string_view line) {
  std::size_t i = 0;
  while (i < line.size() && i < 3 && line[i] == ' ') ++i;
  if (i + 3 > line.size() || (line[i] != '`' && line[i] != '~')) return false;
  return line[i + 1] == line[i] && line[i + 2] == line[i];
}

// Block quotes and list items opened at the start of one line ("> > - - a").
std::size_t containers_opened(std::string_view line) {
  std::size_t depth = 0, i = 0;
  while (true) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    if (i == line.size()) return depth;
    const char c = line[i];
    const auto ends_marker = [&](std::size_t j) {
      return j == line.size() || line[j] == ' ' || line[j] == '\t';
    };
    if (c == '>') {
      ++i;
    } else if ((c == '-' || c == '+' || c == '*') && ends_marker(i + 1)) {
      ++i;
    } else if (c >= '0' && c <= '9') {
      std::size_t j = i;
      while (j < line.size() && j - i < 9 && line[j] >= '0' && line[j] <= '9') ++j;
      if (j == line.size() || (line[j] != '.' && line[j] != ')') || !ends_marker(j + 1))
        return depth;
      i = j + 1;
    } else {
      return depth;
    }
    ++depth;
  }
}

// The cells of a table row: '|'-separated, outer pipes optional.
std::size_t row_cells(std::string_view line) {
  std::size_t pipes = 0, first = line.find_first_not_of(" \t"), last = line.find_last_not_of(" \t");
  if (first == std::string_view::npos) return 0;
  for (std::size_t i = first; i <= last; ++i)
    if (line[i] == '\\')
      ++i;
    else if (line[i] == '|')
      ++pipes;
  return pipes + 1 - (line[first] == '|') - (last > first && line[last] == '|');
}

// Work on one line: gfm.6's autolink extension and inline HTML re-scan the rest
// of a text run from every candidate ('www.', '://', '@', 'mailto:', 'xmpp:',
// '<?'), a trailing ')' of an autolink re-counts the link's parentheses, and a
// table row re-reads its cells at every '|'.
std::size_t line_work(std::string_view line) {
  std::size_t candidates = 0, pipes = 0, work = 0;
  std::size_t word_start = 0, word_parens = 0;
  bool word_has_link = false;
  for (std::size_t i = 0; i <= line.size(); ++i) {
    if (i == line.size() || line[i] == ' ' || line[i] == '\t' || line[i] == '<') {
      if (word_has_link) work += (i - word_start) * word_parens;
      word_start = i + 1, word_parens = 0, word_has_link = false;
      if (i == line.size()) break;
    }
    const char c = line[i];
    if (c == ']' && i + 1 < line.size() && line[i + 1] == '(') {
      // A link's destination is no text run: the autolinker never sees it.
      std::size_t j = i + 2;
      while (j < line.size() && line[j] != ')' && line[j] != ' ' && line[j] != '\t') ++j;
      i = j - 1;
      continue;
    }
    const std::string_view rest = line.substr(i);
    if (c == '|') ++pipes;
    if (c == ')') ++word_parens;
    if (c == '@' || (c == '<' && rest.substr(0, 2) == "<?") ||
        (c == 'w' && rest.substr(0, 4) == "www.") || (c == ':' && rest.substr(0, 3) == "://") ||
        (c == 'm' && rest.substr(0, 7) == "mailto:") ||
        (c == 'x' && rest.substr(0, 5) == "xmpp:")) {
      ++candidates;
      if (c != '@' && c != '<') word_has_link = true;
    }
  }
  return work + candidates * line.size() + pipes * pipes;
}

// One open emphasis or strikethrough delimiter run.
struct Delimiter {
  char c;
  std::size_t left, length, pos;
  bool can_open, can_close;
  std::size_t inner;  // the deepest emphasis matched above it so far
};

// What one paragraph (a run of non-blank lines) costs: a closing delimiter
// that finds no opener walks the whole delimiter stack, a strikethrough
// closer of another length walks back to the opener's text, and a link
// closes by walking every open bracket. Also estimates how deep the emphasis
// gfm.6 would build nests.
class ParagraphScan {
 public:
  ParagraphScan(std::string_view text, std::size_t budget) : p_(text), budget_(budget) {}

  void run() {
    index_code_spans();
    for (std::size_t i = 0; i < p_.size() && work_ <= budget_;) {
      const char c = p_[i];
      if (c == '\\') {
        i += 2;
      } else if (c == '`') {
        i = skip_code_span(i);
      } else if (c == '*' || c == '_' || c == '~') {
        std::size_t n = 1;
        while (i + n < p_.size() && p_[i + n] == c) ++n;
        delimiter_run(c, i, n);
        i += n;
      } else if (c == '[' || (c == '!' && i + 1 < p_.size() && p_[i + 1] == '[')) {
        brackets_.push_back(i);
        i += c == '!' ? 2 : 1;
      } else if (c == ']') {
        ++work_;
        const bool opened = !brackets_.empty();
        if (opened) brackets_.pop_back();
        if (i + 1 < p_.size() && (p_[i + 1] == '(' || p_[i + 1] == '[')) work_ += brackets_.size();
        ++i;
        // An inline link's destination (up to a ')' before any space) is
        // read by the link parser, never as emphasis or strikethrough.
        // A look that found no ')' up to `no_close_before_` says the same for
        // every later start before it, so each byte is looked at once.
        if (opened && at(i) == '(' && i >= no_close_before_) {
          std::size_t j = i + 1;
          while (j < p_.size() && p_[j] != ')' && !is_space(p_[j])) ++j;
          if (j < p_.size() && p_[j] == ')')
            i = j + 1;
          else
            no_close_before_ = j;
        }
      } else {
        ++i;
      }
    }
  }

  std::size_t work() const { return work_; }
  std::size_t depth() const { return depth_; }
  std::size_t deepest_at() const { return deepest_at_; }  ///< byte offset in the paragraph

 private:
  char at(std::size_t i) const { return i < p_.size() ? p_[i] : '\n'; }

  // Backtick runs by length, so that finding a span's closer is linear overall.
  void index_code_spans() {
    for (std::size_t i = 0; i < p_.size();) {
      if (p_[i] != '`') {
        ++i;
        continue;
      }
      std::size_t n = 1;
      while (i + n < p_.size() && p_[i + n] == '`') ++n;
      runs_[n].push_back(i);
      i += n;
    }
  }

  std::size_t skip_code_span(std::size_t i) {
    std::size_t n = 1;
    while (i + n < p_.size() && p_[i + n] == '`') ++n;
    auto& same = runs_[n];
    std::size_t& next = next_run_[n];
    while (next < same.size() && same[next] <= i) ++next;
    if (next == same.size()) return i + n;  // no closer: literal backticks
    return same[next++] + n;
  }

  void delimiter_run(char c, std::size_t i, std::size_t n) {
    if (c == '~' && n > 2) return;  // not strikethrough
    const char prev = i > 0 ? p_[i - 1] : '\n', next = at(i + n);
    const bool left = !is_space(next) && (!is_punct(next) || is_space(prev) || is_punct(prev));
    const bool right = !is_space(prev) && (!is_punct(prev) || is_space(next) || is_punct(next));
    bool can_open = left, can_close = right;
    if (c == '_') {
      can_open = left && (!right || is_punct(prev));
      can_close = right && (!left || is_punct(next));
    }
    std::size_t left_over = n;
    while (can_close && left_over > 0) {
      std::size_t j = stack_.size();
      bool found = false;
      while (j > 0) {
        --j;
        ++work_;
        const Delimiter& o = stack_[j];
        if (o.c != c || !o.can_open) continue;
        if (c == '~' && o.left != left_over) {
          work_ += i - o.pos;  // gfm.6 walks the text in between
          continue;
        }
        if (c != '~' && (o.can_close || can_open) && (o.length + n) % 3 == 0 &&
            !(o.length % 3 == 0 && n % 3 == 0))
          continue;
        found = true;
        break;
      }
      if (!found || work_ > budget_) break;
      std::size_t inner = 0;
      for (std::size_t k = j + 1; k < stack_.size(); ++k) inner = std::max(inner, stack_[k].inner);
      stack_.resize(j + 1);
      Delimiter& o = stack_[j];
      std::size_t nodes = 0;
      while (o.left > 0 && left_over > 0) {
        const std::size_t use = (c != '~' && o.left >= 2 && left_over >= 2) ? 2 : 1;
        o.left -= std::min(use, o.left);
        left_over -= std::min(use, left_over);
        if (c == '~') o.left = left_over = 0;
        ++nodes;
      }
      const std::size_t depth = std::max(inner, o.inner) + nodes;
      if (depth > depth_) depth_ = depth, deepest_at_ = o.pos;
      if (o.left > 0) {
        o.inner = depth;
      } else {
        stack_.pop_back();
        if (!stack_.empty()) stack_.back().inner = std::max(stack_.back().inner, depth);
      }
    }
    if (left_over > 0 && can_open) stack_.push_back({c, left_over, n, i, can_open, can_close, 0});
  }

  std::string_view p_;
  std::size_t budget_;
  std::size_t work_ = 0, depth_ = 0, deepest_at_ = 0;
  std::size_t no_close_before_ = 0;  ///< no link destination closes before this byte
  std::vector<Delimiter> stack_;
  std::vector<std::size_t> brackets_;
  std::unordered_map<std::size_t, std::vector<std::size_t>> runs_;
  std::unordered_map<std::size_t, std::size_t> next_run_;
};

std::string work_message(const char* what) {
  return std::string("the article would take too long to parse: ") + what +
         " (Debian's cmark-gfm gfm.6 parses this shape in quadratic time)";
}

}  // namespace

std::optional<TooComplex> count_parse_work(const std::string& body) {
  const auto lines = split_lines(body);
  std::size_t work = 0;
  const auto line_no = [](std::size_t i) { return static_cast<int>(i + 1); };
  bool in_fence = false;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (is_fence(lines[i])) in_fence = !in_fence;
    if (in_fence) continue;
    if (containers_opened(lines[i]) > kMaxMarkdownDepth)
      return TooComplex{line_no(i), nesting_message()};
    work += line_work(lines[i]);
    if (work > kMaxParseWork)
      return TooComplex{line_no(i), work_message("many autolinks, '<?', ')' or '|' on one line")};
  }
  in_fence = false;
  for (std::size_t first = 0; first < lines.size();) {
    if (is_fence(lines[first])) in_fence = !in_fence;
    if (in_fence || is_fence(lines[first]) || is_blank(lines[first])) {
      ++first;
      continue;
    }
    std::size_t end = first;  // the paragraph: lines [first, end)
    bool table = false;
    std::size_t bytes = 0;
    for (; end < lines.size() && !is_blank(lines[end]) && !is_fence(lines[end]); ++end) {
      // A delimiter row under a header of another width re-reads the paragraph.
      const std::size_t cells = end > first ? delimiter_cells(std::string(lines[end])) : 0;
      if (cells > 0 && !table) {
        if (row_cells(lines[end - 1]) == cells)
          table = true;
        else
          work += 32 * bytes;
      }
      bytes += lines[end].size() + 1;
      if (work > kMaxParseWork)
        return TooComplex{line_no(end), work_message("table delimiter rows that match no header")};
    }
    const char* start = lines[first].data();
    const std::string_view text(start, lines[end - 1].data() + lines[end - 1].size() - start);
    ParagraphScan scan(text, kMaxParseWork - work);
    scan.run();
    if (scan.depth() > kMaxMarkdownDepth) {
      const std::size_t at = scan.deepest_at();
      const auto nl =
          std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n');
      return TooComplex{line_no(first + static_cast<std::size_t>(nl)), nesting_message()};
    }
    work += scan.work();
    if (work > kMaxParseWork)
      return TooComplex{line_no(first),
                        work_message("emphasis, strikethrough or brackets that never close")};
    first = end;
  }
  return std::nullopt;
}

}  // namespace pp
