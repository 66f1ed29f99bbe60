// Own heading ids, escaped alert markers and CJK-friendly emphasis
// (cjk_emphasis.cpp), rewritten in the parsed tree.
#include "content/tree_shape.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <optional>
#include <vector>

#include "content/body_lines.h"
#include "content/bounded_parse.h"
#include "content/cjk_emphasis.h"
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

// Whether `source` writes an asterisk or a tilde as a character reference
// (`&#42;`, `&#x7E;`, `&ast;`): text, like an escaped one.
bool references_a_mark(std::string_view source) {
  if (source.find("&ast;") != std::string_view::npos ||
      source.find("&midast;") != std::string_view::npos)
    return true;
  for (std::size_t at = source.find("&#"); at != std::string_view::npos;
       at = source.find("&#", at + 2)) {
    std::size_t i = at + 2;
    const bool hex = i < source.size() && (source[i] == 'x' || source[i] == 'X');
    unsigned long value = 0;
    for (i += hex; i < source.size() && std::isxdigit(static_cast<unsigned char>(source[i])) &&
                   (hex || std::isdigit(static_cast<unsigned char>(source[i])));
         ++i)
      value = std::min(
          value * (hex ? 16 : 10) +
              static_cast<unsigned long>(std::isdigit(static_cast<unsigned char>(source[i]))
                                             ? source[i] - '0'
                                             : std::tolower(source[i]) - 'a' + 10),
          0x110000ul);
    if (value == '*' || value == '~') return true;
  }
  return false;
}

// Marks block quotes whose first line is an escaped alert marker.
const char kEscapedMarker = 0;

}  // namespace

cmark_node* new_custom_block() {
  return cmark_node_new_with_mem(CMARK_NODE_CUSTOM_BLOCK, parse_allocator());
}

std::optional<std::string> take_own_heading_id(cmark_node* h) {
  std::string bad;
  return take_heading_id(h, bad);
}

bool escaped_alert_marker(cmark_node* q) {
  return cmark_node_get_user_data(q) == &kEscapedMarker;
}

TreeShape shape_tree(cmark_node* root, std::string_view body) {
  TreeShape shape;
  // What a check below looks for in the source, when the body has it at all
  // (the lines are found only then: every parse comes here).
  const bool escaped_markers = body.find("\\[!") != std::string_view::npos;
  const bool escaped_marks = body.find("\\*") != std::string_view::npos ||
                             body.find("\\~") != std::string_view::npos ||
                             body.find('&') != std::string_view::npos;
  std::optional<BodyLines> found;
  auto lines = [&]() -> const BodyLines& { return found ? *found : found.emplace(body); };
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
    // (Emphasis and strikethrough are taken apart and made again inside
    // them; what '_' made is paired inside it by pair_cjk_runs().)
    if (cmark_node_first_child(n) &&
        (type == CMARK_NODE_PARAGRAPH || type == CMARK_NODE_HEADING || type == CMARK_NODE_LINK ||
         std::string_view(cmark_node_get_type_string(n)) == "table_cell"))
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
    // An escaped asterisk or tilde (or one written as a character
    // reference) is text like a run CommonMark left: not judged.
    if (block && escaped_marks) {
      const std::string_view source =
          lines().range(cmark_node_get_start_line(block), cmark_node_get_end_line(block));
      if (source.find("\\*") != std::string_view::npos ||
          source.find("\\~") != std::string_view::npos || references_a_mark(source))
        continue;
    }
    pair_cjk_runs(c, lines(), shape);
  }
  return shape;
}

}  // namespace pp
