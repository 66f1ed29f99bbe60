// Own heading ids and CJK-friendly emphasis, rewritten in the parsed tree.
#include "content/tree_shape.h"

#include <cmark-gfm-extension_api.h>
#include <unicode/uchar.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <optional>
#include <vector>

#include "content/bounded_parse.h"
#include "core/code_points.h"

namespace pp {

namespace {

// A character a heading's own id may hold: letters and digits of any script,
// '-', '_', '.' and ':' (ids as Hugo, Zola and Pandoc write them: "v1.2",
// "api:install").
bool id_character(unsigned char c) {
  return c >= 0x80 || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         c == '-' || c == '_' || c == '.' || c == ':';
}

// The `{#id}` that ends heading `h`, taken out of its last text; nullopt when
// it has none. `bad` is set to what was written when it is not a usable id
// (left in the text).
std::optional<std::string> take_heading_id(cmark_node* h, std::string& bad) {
  cmark_node* last = cmark_node_last_child(h);
  if (!last || cmark_node_get_type(last) != CMARK_NODE_TEXT) return std::nullopt;
  const std::string text = cmark_node_get_literal(last) ? cmark_node_get_literal(last) : "";
  std::size_t end = text.size();
  while (end > 0 && (text[end - 1] == ' ' || text[end - 1] == '\t')) --end;
  if (end < 3 || text[end - 1] != '}') return std::nullopt;
  const std::size_t open = text.rfind("{#", end);
  if (open == std::string::npos || (open > 0 && text[open - 1] != ' ' && text[open - 1] != '\t'))
    return std::nullopt;
  const std::string id = text.substr(open + 2, end - 1 - open - 2);
  if (id.empty() || id.size() > 100 ||
      !std::all_of(id.begin(), id.end(), [](char c) { return id_character(c); })) {
    bad = text.substr(open, end - open);
    return std::nullopt;
  }
  std::size_t keep = open;
  while (keep > 0 && (text[keep - 1] == ' ' || text[keep - 1] == '\t')) --keep;
  cmark_node_set_literal(last, text.substr(0, keep).c_str());
  return id;
}

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
bool left_flanking(char32_t before, char32_t after, bool cjk_friendly) {
  if (space(after)) return false;
  if (!punctuation(after) || space(before) || punctuation(before)) return true;
  return cjk_friendly && cjk_character(before);
}
bool right_flanking(char32_t before, char32_t after, bool cjk_friendly) {
  if (space(before)) return false;
  if (!punctuation(before) || space(after) || punctuation(after)) return true;
  return cjk_friendly && cjk_character(after);
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

// A piece of an inline container's content: a node that is not text, a
// stretch of text, or a run of asterisks or tildes CommonMark left in the text.
struct Piece {
  cmark_node* node = nullptr;                                 ///< not text
  std::string text;                                           ///< text, or the run
  std::size_t run = 0;                                        ///< a run of this many marks
  enum class Role { text, opens, closes } role = Role::text;  ///< a paired run's
  char mark() const { return run ? text[0] : 0; }             ///< '*', '~', or 0 for text
};

// A delimiter whose runs are paired here: '*' (emphasis) and '~' (GFM's
// strikethrough).
bool delimiter(char c) {
  return c == '*' || c == '~';
}

// A run that can be paired: one to three asterisks, or two tildes (one is a
// range in CJK text, "3~5日", and CommonMark's rules already pair it).
bool pairable(const Piece& p) {
  return p.mark() == '*' ? p.run <= 3 : p.mark() == '~' && p.run == 2;
}

char32_t first_character(const Piece& p) {
  if (p.node) return edge_character(p.node, true);
  return p.text.empty() ? 0 : decode_utf8_at(p.text, 0).value;
}

char32_t last_character(const Piece& p) {
  return p.node ? edge_character(p.node, false) : code_point_before(p.text, p.text.size());
}

// The children of `parent` as pieces, its text cut at runs of asterisks and
// tildes.
std::vector<Piece> pieces_of(cmark_node* parent) {
  std::vector<Piece> out;
  for (cmark_node* c = cmark_node_first_child(parent); c; c = cmark_node_next(c)) {
    if (cmark_node_get_type(c) != CMARK_NODE_TEXT) {
      out.push_back({c, "", 0, Piece::Role::text});
      continue;
    }
    const std::string text = cmark_node_get_literal(c) ? cmark_node_get_literal(c) : "";
    for (std::size_t at = 0; at < text.size();) {
      const bool run = delimiter(text[at]);
      const std::size_t end =
          run ? text.find_first_not_of(text[at], at) : text.find_first_of("*~", at);
      const std::size_t stop = end == std::string::npos ? text.size() : end;
      out.push_back({nullptr, text.substr(at, stop - at), run ? stop - at : 0, Piece::Role::text});
      at = stop;
    }
  }
  return out;
}

// Pairs the runs of `pieces` that only the CJK-friendly rule lets open or
// close (runs of one to three asterisks, of two tildes); true when it paired
// any.
bool pair_pieces(std::vector<Piece>& pieces) {
  struct Opener {
    std::size_t at, n;
    bool needed_cjk;  // CommonMark alone would not let it open
  };
  std::vector<Opener> openers;
  bool paired = false;
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    const std::size_t n = pieces[i].run;
    if (n == 0 || !pairable(pieces[i])) continue;
    const char32_t before = i > 0 ? last_character(pieces[i - 1]) : 0;
    const char32_t after = i + 1 < pieces.size() ? first_character(pieces[i + 1]) : 0;
    if (right_flanking(before, after, true)) {
      const auto it = std::find_if(openers.rbegin(), openers.rend(), [&](const Opener& o) {
        return o.n == n && pieces[o.at].mark() == pieces[i].mark();
      });
      if (it != openers.rend() && it->at + 1 < i &&
          (it->needed_cjk || !right_flanking(before, after, false))) {
        pieces[it->at].role = Piece::Role::opens;
        pieces[i].role = Piece::Role::closes;
        openers.erase(std::next(it).base(), openers.end());
        paired = true;
        continue;
      }
    }
    if (left_flanking(before, after, true))
      openers.push_back({i, n, !left_flanking(before, after, false)});
  }
  return paired;
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

// Writes `pieces` back as the children of `parent`: paired runs as emphasis
// (one asterisk), strong emphasis (two) or strikethrough (two tildes) around
// what is between them, the rest of the text in as few text nodes as it takes.
void rebuild(cmark_node* parent, const std::vector<Piece>& pieces) {
  std::vector<cmark_node*> old;
  for (cmark_node* c = cmark_node_first_child(parent); c; c = cmark_node_next(c)) old.push_back(c);
  for (cmark_node* c : old) cmark_node_unlink(c);
  for (cmark_node* c : old)
    if (cmark_node_get_type(c) == CMARK_NODE_TEXT) cmark_node_free(c);
  std::vector<cmark_node*> open{parent};
  std::string text;
  auto flush = [&] {
    if (!text.empty()) cmark_node_append_child(open.back(), text_node(text));
    text.clear();
  };
  for (const Piece& p : pieces) {
    if (p.role != Piece::Role::text) {
      flush();
      if (p.role == Piece::Role::closes) {
        open.resize(open.size() - (p.run == 3 ? 2 : 1));
        continue;
      }
      if (p.mark() == '~') {
        cmark_node* span = strikethrough_node();
        cmark_node_append_child(open.back(), span);
        open.push_back(span);
        continue;
      }
      // One asterisk: emphasis; two: strong; three: strong inside emphasis.
      for (const auto type : p.run == 3   ? std::vector{CMARK_NODE_EMPH, CMARK_NODE_STRONG}
                             : p.run == 2 ? std::vector{CMARK_NODE_STRONG}
                                          : std::vector{CMARK_NODE_EMPH}) {
        cmark_node* span = cmark_node_new_with_mem(type, parse_allocator());
        cmark_node_append_child(open.back(), span);
        open.push_back(span);
      }
    } else if (p.node) {
      flush();
      cmark_node_append_child(open.back(), p.node);
    } else {
      text += p.text;
    }
  }
  flush();
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

// Pairs the asterisk and tilde runs among the children of `parent` that only
// the CJK-friendly rule lets open or close; notes the text holding a "**" or
// "~~" left beside CJK text.
void pair_runs(cmark_node* parent, TreeShape& shape) {
  bool runs = false;
  for (cmark_node* c = cmark_node_first_child(parent); c && !runs; c = cmark_node_next(c))
    runs = cmark_node_get_type(c) == CMARK_NODE_TEXT && cmark_node_get_literal(c) &&
           std::strpbrk(cmark_node_get_literal(c), "*~");
  if (!runs) return;  // most containers: nothing is cut into pieces
  std::vector<Piece> pieces = pieces_of(parent);
  if (pair_pieces(pieces)) rebuild(parent, pieces);
  // What is left: a "**" or "~~" beside CJK text, in the text node that now
  // holds it.
  for (cmark_node* c = cmark_node_first_child(parent); c; c = cmark_node_next(c)) {
    if (cmark_node_get_type(c) != CMARK_NODE_TEXT || !cmark_node_get_literal(c)) continue;
    const std::string_view l = cmark_node_get_literal(c);
    for (const char mark : {'*', '~'})
      if (literal_beside_cjk(l, mark)) {
        shape.literal_runs.push_back({c, std::string(2, mark)});
        break;
      }
  }
}

// The lines of a body, found once: blocks are asked about by line number.
class Lines {
 public:
  explicit Lines(std::string_view body) : body_(body) {
    starts_.push_back(0);
    for (std::size_t at = body.find('\n'); at != std::string_view::npos;
         at = body.find('\n', at + 1))
      starts_.push_back(at + 1);
  }
  /// Lines `first` to `last` (1-based, inclusive), "" out of range.
  std::string_view range(int first, int last) const {
    if (first < 1 || static_cast<std::size_t>(first) > starts_.size() || last < first) return "";
    const std::size_t from = starts_[first - 1];
    const std::size_t to =
        static_cast<std::size_t>(last) < starts_.size() ? starts_[last] : body_.size();
    return body_.substr(from, to - from);
  }

 private:
  std::string_view body_;
  std::vector<std::size_t> starts_;
};

// Marks block quotes whose first line is an escaped alert marker.
const char kEscapedMarker = 0;

}  // namespace

cmark_node* new_custom_block() {
  return cmark_node_new_with_mem(CMARK_NODE_CUSTOM_BLOCK, parse_allocator());
}

bool escaped_alert_marker(cmark_node* q) {
  return cmark_node_get_user_data(q) == &kEscapedMarker;
}

TreeShape shape_tree(cmark_node* root, std::string_view body) {
  TreeShape shape;
  // What a check below looks for in the source, when the body has it at all
  // (the lines are found only then: every parse comes here).
  const bool escaped_markers = body.find("\\[!") != std::string_view::npos;
  const bool escaped_marks =
      body.find("\\*") != std::string_view::npos || body.find("\\~") != std::string_view::npos;
  std::optional<Lines> found;
  auto lines = [&]() -> const Lines& { return found ? *found : found.emplace(body); };
  std::vector<cmark_node*> headings, containers;
  cmark_iter* it = cmark_iter_new(root);
  for (cmark_event_type ev; (ev = cmark_iter_next(it)) != CMARK_EVENT_DONE;) {
    if (ev != CMARK_EVENT_ENTER) continue;
    cmark_node* n = cmark_iter_get_node(it);
    const auto type = cmark_node_get_type(n);
    if (type == CMARK_NODE_HEADING) headings.push_back(n);
    // "> \[!TIP]": the author wants the marker shown, not an alert.
    if (type == CMARK_NODE_BLOCK_QUOTE && escaped_markers &&
        lines().range(cmark_node_get_start_line(n), cmark_node_get_start_line(n)).find("\\[!") !=
            std::string_view::npos)
      cmark_node_set_user_data(n, const_cast<char*>(&kEscapedMarker));
    // Inline containers: emphasis pairs up within one of them only.
    if (cmark_node_first_child(n) &&
        (type == CMARK_NODE_PARAGRAPH || type == CMARK_NODE_HEADING || type == CMARK_NODE_EMPH ||
         type == CMARK_NODE_STRONG || type == CMARK_NODE_LINK ||
         std::string_view(cmark_node_get_type_string(n)) == "table_cell" ||
         std::string_view(cmark_node_get_type_string(n)) == "strikethrough"))
      containers.push_back(n);
  }
  cmark_iter_free(it);
  for (cmark_node* h : headings) {
    std::string bad;
    if (auto id = take_heading_id(h, bad))
      shape.own_ids.emplace(h, std::move(*id));
    else if (!bad.empty())
      shape.bad_ids.emplace(h, std::move(bad));
  }
  if (body.find_first_of("*~") == std::string_view::npos) return shape;
  for (cmark_node* c : containers) {
    // The block whose source is judged: the paragraph, heading or table.
    cmark_node* block = c;
    while (block && cmark_node_get_type(block) != CMARK_NODE_PARAGRAPH &&
           cmark_node_get_type(block) != CMARK_NODE_HEADING &&
           std::string_view(cmark_node_get_type_string(block)) != "table")
      block = cmark_node_parent(block);
    // An escaped asterisk or tilde is text like a run CommonMark left: not
    // judged.
    if (block && escaped_marks) {
      const std::string_view source =
          lines().range(cmark_node_get_start_line(block), cmark_node_get_end_line(block));
      if (source.find("\\*") != std::string_view::npos ||
          source.find("\\~") != std::string_view::npos)
        continue;
    }
    pair_runs(c, shape);
  }
  return shape;
}

}  // namespace pp
