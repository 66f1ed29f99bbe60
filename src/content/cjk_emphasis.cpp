// Emphasis and strikethrough beside CJK text, paired as the CommonMark
// CJK-friendly amendment says (docs/spec.md §4, "Emphasis beside CJK
// punctuation").
#include "content/cjk_emphasis.h"

#include <cmark-gfm-extension_api.h>
#include <unicode/uchar.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <string>
#include <vector>

#include "content/bounded_parse.h"
#include "core/code_points.h"

namespace pp {

namespace {

// CommonMark's classes of the character beside a delimiter run; 0 stands for
// the start or end of the line, which counts as whitespace.
bool space(char32_t c) {
  return c == 0 || u_isUWhiteSpace(static_cast<UChar32>(c));
}
// ASCII punctuation (symbols included, as CommonMark counts them) and
// Unicode's punctuation categories.
bool punctuation(char32_t c) {
  return (c < 0x80 && std::ispunct(static_cast<int>(c))) || u_ispunct(static_cast<UChar32>(c));
}
// A punctuation character that is not a CJK one (ASCII, “ ” and the like).
bool non_cjk_punctuation(char32_t c) {
  return punctuation(c) && !cjk_character(c);
}
// CommonMark's flanking rules, and with `cjk_friendly` the CommonMark
// CJK-friendly amendment's (markdown-it-cjk-friendly): CJK punctuation counts
// as a letter, and a CJK character beside a run counts as punctuation does.
bool left_flanking(char32_t before, char32_t after, bool cjk_friendly) {
  if (space(after)) return false;
  if (!cjk_friendly) return !punctuation(after) || space(before) || punctuation(before);
  return !non_cjk_punctuation(after) || space(before) || punctuation(before) ||
         cjk_character(before);
}
bool right_flanking(char32_t before, char32_t after, bool cjk_friendly) {
  if (space(before)) return false;
  if (!cjk_friendly) return !punctuation(before) || space(after) || punctuation(after);
  return !non_cjk_punctuation(before) || space(after) || punctuation(after) || cjk_character(after);
}

// The first (or last) character of inline node `n`'s text, 0 for none or a
// line break.
char32_t edge_character(cmark_node* n, bool first) {
  while (n) {
    const auto type = cmark_node_get_type(n);
    if (type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK) return 0;
    if (type == CMARK_NODE_TEXT || type == CMARK_NODE_CODE || type == CMARK_NODE_HTML_INLINE) {
      const std::string_view l = cmark_node_get_literal(n) ? cmark_node_get_literal(n) : "";
      if (l.empty()) return 0;
      return first ? decode_utf8_at(l, 0).value : code_point_before(l, l.size());
    }
    n = first ? cmark_node_first_child(n) : cmark_node_last_child(n);
  }
  return 0;
}

// The text node of `text`, made with the tree's allocator.
cmark_node* text_node(const std::string& text) {
  cmark_node* t = cmark_node_new_with_mem(CMARK_NODE_TEXT, parse_allocator());
  cmark_node_set_literal(t, text.c_str());
  return t;
}

// The strikethrough node GFM's extension makes of a "~~" pair. Its type is
// given out at run time and declared in no header of cmark-gfm: it is taken
// from the extension's own parse of "~~s~~".
cmark_node* strikethrough_node() {
  static cmark_syntax_extension* const extension = cmark_find_syntax_extension("strikethrough");
  static const cmark_node_type type = [] {
    cmark_parser* parser = cmark_parser_new(CMARK_OPT_DEFAULT);
    cmark_parser_attach_syntax_extension(parser, extension);
    cmark_parser_feed(parser, "~~s~~", 5);
    cmark_node* doc = cmark_parser_finish(parser);
    const cmark_node_type found =
        cmark_node_get_type(cmark_node_first_child(cmark_node_first_child(doc)));
    cmark_node_free(doc);
    cmark_parser_free(parser);
    return found;
  }();
  cmark_node* s = cmark_node_new_with_mem(type, parse_allocator());
  cmark_node_set_syntax_extension(s, extension);
  return s;
}

// The first run of exactly two `mark`s in `l` beside CJK text: a CJK
// character next to it, or past the punctuation next to it ("**“열림”").
bool literal_beside_cjk(std::string_view l, char mark) {
  const char pair[] = {mark, mark, 0};
  for (std::size_t at = l.find(pair); at != std::string_view::npos; at = l.find(pair, at + 2)) {
    const std::size_t end = std::min(l.find_first_not_of(mark, at), l.size());
    if (end - at != 2) continue;
    const char32_t before = code_point_before(l, at);
    const CodePoint after = end < l.size() ? decode_utf8_at(l, end) : CodePoint{0, 0, true};
    const char32_t past =
        end + after.length < l.size() ? decode_utf8_at(l, end + after.length).value : 0;
    const std::size_t before_at = at - (before ? encode_utf8(before).size() : 0);
    if (cjk_character(before) || cjk_character(after.value) ||
        (punctuation(after.value) && cjk_character(past)) ||
        (punctuation(before) && cjk_character(code_point_before(l, before_at))))
      return true;
  }
  return false;
}

// An inline container's content as CommonMark's emphasis algorithm sees it:
// opaque nodes, text, and runs of '*' or '~' (those CommonMark left as text,
// and those of the emphasis and strikethrough it made, taken apart again).
struct Token {
  cmark_node* node = nullptr;    ///< an opaque node (code, link, line break…)
  std::string text;              ///< text, or a run's characters
  char mark = 0;                 ///< a run's '*' or '~'; 0 for text and nodes
  char32_t first = 0, last = 0;  ///< an opaque node's outer source characters
  std::size_t left = 0;          ///< a run's characters not (yet) used
  bool can_open = false, can_close = false, active = false;
  std::vector<std::size_t> closes, opens;  ///< spans it ends and starts, innermost first
};

// The character at (line, column) of the body, 0 when the position is none
// or not on the line.
char32_t source_character(const BodyLines& lines, int line, int column) {
  if (line < 1 || column < 1) return 0;
  const std::string_view l = lines.range(line, line);
  if (static_cast<std::size_t>(column) > l.size()) return 0;
  return decode_utf8_at(l, static_cast<std::size_t>(column - 1)).value;
}

// How many '*' or '~' the emphasis or strikethrough node `n` was written
// with, from the source (`mark` is set); 0 when it was written otherwise
// ('_'), or its position does not lead to its delimiters.
std::size_t delimiters_of(cmark_node* n, const BodyLines& lines, char& mark) {
  const auto type = cmark_node_get_type(n);
  const bool strike = std::string_view(cmark_node_get_type_string(n)) == "strikethrough";
  if (type != CMARK_NODE_EMPH && type != CMARK_NODE_STRONG && !strike) return 0;
  const int line = cmark_node_get_start_line(n), column = cmark_node_get_start_column(n);
  const std::string_view l = lines.range(line, line);
  if (column < 1 || static_cast<std::size_t>(column) > l.size()) return 0;
  mark = l[column - 1];
  if (mark != (strike ? '~' : '*')) return 0;
  if (!strike) return type == CMARK_NODE_STRONG ? 2 : 1;
  std::size_t n_marks = 0;
  while (column - 1 + n_marks < l.size() && l[column - 1 + n_marks] == '~') ++n_marks;
  // The closing run must be the same: CommonMark's '~' runs pair by length.
  const int end_line = cmark_node_get_end_line(n), end_column = cmark_node_get_end_column(n);
  const std::string_view e = lines.range(end_line, end_line);
  if (n_marks > 2 || end_column < static_cast<int>(n_marks) ||
      static_cast<std::size_t>(end_column) > e.size() ||
      e.substr(end_column - n_marks, n_marks) != std::string(n_marks, '~'))
    return 0;
  return n_marks;
}

// Appends a run of `n` `mark`s, joined to a run of the same mark just before
// it (the source wrote them as one: "***" is an emphasis and a strong one).
void add_run(std::vector<Token>& tokens, char mark, std::size_t n) {
  if (!tokens.empty() && tokens.back().mark == mark) {
    tokens.back().text.append(n, mark);
    return;
  }
  Token t;
  t.text.assign(n, mark);
  t.mark = mark;
  tokens.push_back(std::move(t));
}

// `parent`'s children as tokens, into `tokens`; the emphasis and
// strikethrough nodes taken apart go to `spans`.
void flatten(cmark_node* parent, const BodyLines& lines, std::vector<Token>& tokens,
             std::vector<cmark_node*>& spans) {
  for (cmark_node* c = cmark_node_first_child(parent); c; c = cmark_node_next(c)) {
    if (cmark_node_get_type(c) == CMARK_NODE_TEXT) {
      const std::string text = cmark_node_get_literal(c) ? cmark_node_get_literal(c) : "";
      for (std::size_t at = 0; at < text.size();) {
        const bool run = text[at] == '*' || text[at] == '~';
        const std::size_t end =
            run ? text.find_first_not_of(text[at], at) : text.find_first_of("*~", at);
        const std::size_t stop = end == std::string::npos ? text.size() : end;
        if (run) {
          add_run(tokens, text[at], stop - at);
        } else if (!tokens.empty() && !tokens.back().mark && !tokens.back().node) {
          tokens.back().text.append(text, at, stop - at);
        } else {
          Token t;
          t.text = text.substr(at, stop - at);
          tokens.push_back(std::move(t));
        }
        at = stop;
      }
      continue;
    }
    char mark = 0;
    if (const std::size_t n = delimiters_of(c, lines, mark)) {
      spans.push_back(c);
      add_run(tokens, mark, n);
      flatten(c, lines, tokens, spans);
      add_run(tokens, mark, n);
      continue;
    }
    Token t;
    t.node = c;
    // What is beside a delimiter run in the source: a code span's backtick,
    // a link's bracket; a line break is whitespace (0).
    const auto type = cmark_node_get_type(c);
    if (type != CMARK_NODE_SOFTBREAK && type != CMARK_NODE_LINEBREAK) {
      t.first =
          source_character(lines, cmark_node_get_start_line(c), cmark_node_get_start_column(c));
      t.last = source_character(lines, cmark_node_get_end_line(c), cmark_node_get_end_column(c));
      if (!t.first) t.first = edge_character(c, true);
      if (!t.last) t.last = edge_character(c, false);
    }
    tokens.push_back(std::move(t));
  }
}

char32_t last_of(const Token& t) {
  if (t.node) return t.last;
  return t.mark ? static_cast<char32_t>(t.mark) : code_point_before(t.text, t.text.size());
}
char32_t first_of(const Token& t) {
  if (t.node) return t.first;
  return t.text.empty() ? 0 : decode_utf8_at(t.text, 0).value;
}

// CommonMark's "process emphasis" over `tokens` (and GFM's strikethrough: a
// '~' run of one or two pairs with one of the same length), with the
// CJK-friendly flanking rules when `cjk_friendly`. A single '~' keeps
// CommonMark's rules: CJK text writes ranges with it (3~5日).
void process_emphasis(std::vector<Token>& tokens, bool cjk_friendly) {
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    Token& t = tokens[i];
    if (!t.mark) continue;
    t.left = t.text.size();
    t.closes.clear();
    t.opens.clear();
    const char32_t before = i > 0 ? last_of(tokens[i - 1]) : 0;
    const char32_t after = i + 1 < tokens.size() ? first_of(tokens[i + 1]) : 0;
    const bool cjk = cjk_friendly && !(t.mark == '~' && t.left == 1);
    t.can_open = left_flanking(before, after, cjk);
    t.can_close = right_flanking(before, after, cjk);
    t.active = t.mark == '*' || t.left <= 2;
  }
  for (std::size_t c = 0; c < tokens.size(); ++c) {
    Token& closer = tokens[c];
    while (closer.active && closer.can_close && closer.left > 0) {
      std::size_t o = c;
      bool found = false;
      while (o-- > 0) {
        const Token& opener = tokens[o];
        if (!opener.active || opener.mark != closer.mark || !opener.can_open || opener.left == 0)
          continue;
        if (closer.mark == '~' ? opener.left != closer.left
                               : (opener.can_close || closer.can_open) &&
                                     (opener.text.size() + closer.text.size()) % 3 == 0 &&
                                     !(opener.text.size() % 3 == 0 && closer.text.size() % 3 == 0))
          continue;
        found = true;
        break;
      }
      if (!found) {
        if (!closer.can_open) closer.active = false;
        break;
      }
      Token& opener = tokens[o];
      const std::size_t use =
          closer.mark == '~' ? closer.left : (opener.left >= 2 && closer.left >= 2 ? 2 : 1);
      opener.left -= use;
      closer.left -= use;
      opener.opens.push_back(use);
      closer.closes.push_back(use);
      for (std::size_t k = o + 1; k < c; ++k)
        if (tokens[k].mark) tokens[k].active = false;  // what is between is text now
      if (opener.left == 0) opener.active = false;
    }
  }
}

// The node of a span `use` characters of `mark` make.
cmark_node* span_node(char mark, std::size_t use) {
  if (mark == '~') return strikethrough_node();
  return cmark_node_new_with_mem(use == 2 ? CMARK_NODE_STRONG : CMARK_NODE_EMPH, parse_allocator());
}

// Writes `tokens` back as the children of `parent`: each pair as emphasis,
// strong emphasis or strikethrough around what is between its runs, unused
// characters as text, in as few text nodes as it takes. The old children
// (text, and the spans taken apart) are freed; opaque nodes move.
void rebuild(cmark_node* parent, const std::vector<Token>& tokens) {
  for (const Token& t : tokens)
    if (t.node) cmark_node_unlink(t.node);
  while (cmark_node* c = cmark_node_first_child(parent)) {
    cmark_node_unlink(c);
    cmark_node_free(c);
  }
  std::vector<cmark_node*> open{parent};
  std::string text;
  auto flush = [&] {
    if (!text.empty()) cmark_node_append_child(open.back(), text_node(text));
    text.clear();
  };
  for (const Token& t : tokens) {
    if (t.node) {
      flush();
      cmark_node_append_child(open.back(), t.node);
      continue;
    }
    if (!t.mark) {
      text += t.text;
      continue;
    }
    if (!t.closes.empty()) flush();
    for (std::size_t k = 0; k < t.closes.size() && open.size() > 1; ++k) open.pop_back();
    text.append(t.left, t.mark);
    if (!t.opens.empty()) flush();
    for (auto use = t.opens.rbegin(); use != t.opens.rend(); ++use) {
      cmark_node* span = span_node(t.mark, *use);
      cmark_node_append_child(open.back(), span);
      open.push_back(span);
    }
  }
  flush();
}

// Whether the pairs of `a` and `b` are the same.
bool same_pairs(const std::vector<Token>& a, const std::vector<Token>& b) {
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i].opens != b[i].opens || a[i].closes != b[i].closes) return false;
  return true;
}

// The text nodes of inline container `n`'s own content, into `texts`: not
// those of links and images (containers of their own), nor of the emphasis
// '_' made, which go to `inner` (CommonMark's rules pair '_' runs, and what
// is inside them pairs inside them).
// `spans` counts the emphasis and strikethrough written with '*' or '~'.
void own_texts(cmark_node* n, const BodyLines& lines, std::vector<cmark_node*>& texts,
               std::vector<cmark_node*>& inner, std::size_t& spans) {
  for (cmark_node* c = cmark_node_first_child(n); c; c = cmark_node_next(c)) {
    const auto type = cmark_node_get_type(c);
    char mark = 0;
    if (type == CMARK_NODE_TEXT) {
      texts.push_back(c);
    } else if (type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE) {
      continue;
    } else if ((type == CMARK_NODE_EMPH || type == CMARK_NODE_STRONG) &&
               cmark_node_get_start_line(c) > 0 && !delimiters_of(c, lines, mark)) {
      inner.push_back(c);  // not made here (a span made here has no position)
    } else {
      if (delimiters_of(c, lines, mark)) ++spans;
      own_texts(c, lines, texts, inner, spans);
    }
  }
}

// At most this many runs in one container are paired again: the pairing
// looks back over the runs before each closer.
constexpr std::size_t kMaxRuns = 1000;

}  // namespace

void pair_cjk_runs(cmark_node* parent, const BodyLines& lines, TreeShape& shape) {
  std::vector<cmark_node*> texts, inner;
  std::size_t made = 0;
  own_texts(parent, lines, texts, inner, made);
  const auto has_run = [](cmark_node* t) {
    return cmark_node_get_literal(t) && std::strpbrk(cmark_node_get_literal(t), "*~");
  };
  // The amendment's flanking differs from CommonMark's only beside a CJK
  // character: text without one (most of a Latin site) is not paired again.
  const auto has_cjk = [](cmark_node* t) {
    const std::string_view l = cmark_node_get_literal(t) ? cmark_node_get_literal(t) : "";
    for (std::size_t at = 0; at < l.size();) {
      const CodePoint c = decode_utf8_at(l, at);
      if (cjk_character(c.value)) return true;
      at += c.length ? c.length : 1;
    }
    return false;
  };
  // CommonMark left a run, or made spans the CJK rule could pair otherwise
  // (**（a）**b**（c）** is one strong span around another for CommonMark).
  if ((made > 0 || std::any_of(texts.begin(), texts.end(), has_run)) &&
      std::any_of(texts.begin(), texts.end(), has_cjk)) {
    std::vector<Token> tokens;
    std::vector<cmark_node*> spans;
    flatten(parent, lines, tokens, spans);
    const auto runs =
        std::count_if(tokens.begin(), tokens.end(), [](const Token& t) { return t.mark != 0; });
    std::vector<Token> commonmark = tokens;
    if (static_cast<std::size_t>(runs) <= kMaxRuns) {
      process_emphasis(commonmark, false);
      process_emphasis(tokens, true);
    }
    if (!same_pairs(commonmark, tokens)) {
      rebuild(parent, tokens);
      texts.clear();
      inner.clear();
      own_texts(parent, lines, texts, inner, made);
    }
    for (cmark_node* t : texts) {
      const std::string_view l = cmark_node_get_literal(t) ? cmark_node_get_literal(t) : "";
      for (const char mark : {'*', '~'})
        if (literal_beside_cjk(l, mark)) {
          shape.literal_runs.push_back({t, std::string(2, mark)});
          break;
        }
    }
  }
  for (cmark_node* span : inner) pair_cjk_runs(span, lines, shape);
}

}  // namespace pp
