#include "content/markdown_guard.h"

#include <cmark-gfm.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "content/html_sanitizer.h"
#include "content/markdown_work.h"

namespace pp {

std::size_t expansion_limit(std::size_t body_size) {
  return 20 * body_size + 8192;
}

std::string nesting_message() {
  return "Markdown structures nested more than " + std::to_string(kMaxMarkdownDepth) +
         " levels deep (quotes, lists, emphasis or links)";
}

std::size_t delimiter_cells(const std::string& line) {
  std::size_t i = 0;
  while (i < line.size() && i < 3 && line[i] == ' ') ++i;
  if (i == line.size()) return 0;
  bool pipe = false;
  std::size_t cells = 0;
  bool in_cell = false, dash = false;
  for (; i < line.size(); ++i) {
    const char c = line[i];
    if (c == '|') {
      pipe = true;
      if (in_cell) {
        if (!dash) return 0;
        ++cells;
      }
      in_cell = false;
      dash = false;
    } else if (c == '-' || c == ':') {
      in_cell = true;
      if (c == '-') dash = true;
    } else if (c != ' ' && c != '\t') {
      return 0;
    }
  }
  if (in_cell) {
    if (!dash) return 0;
    ++cells;
  }
  return pipe ? cells : 0;
}

std::optional<TooComplex> prescan_markdown(const std::string& body) {
  std::vector<std::pair<std::size_t, std::size_t>> lines;  // start, length
  for (std::size_t start = 0; start <= body.size();) {
    auto nl = body.find('\n', start);
    if (nl == std::string::npos) nl = body.size();
    lines.push_back({start, nl - start});
    start = nl + 1;
  }
  // A padded empty cell renders as "<td></td>" and a newline per row.
  constexpr std::size_t kCellBytes = 9;
  std::size_t estimated = 0;
  for (std::size_t i = 1; i < lines.size(); ++i) {
    if (lines[i].second == 0 || lines[i - 1].second == 0) continue;
    const std::string line = body.substr(lines[i].first, lines[i].second);
    const std::size_t columns = delimiter_cells(line);
    if (columns == 0) continue;
    // Debian's gfm.6 parses very wide tables in quadratic time (CVE-2023-37463's
    // family); no article needs more than this many columns.
    constexpr std::size_t kMaxColumns = 1000;
    if (columns > kMaxColumns)
      return TooComplex{static_cast<int>(i + 1), "table of " + std::to_string(columns) +
                                                     " columns (more than " +
                                                     std::to_string(kMaxColumns) + ")"};
    std::size_t rows = 1;  // the header
    std::size_t j = i + 1;
    while (j < lines.size() && lines[j].second > 0) ++rows, ++j;
    estimated += columns * rows * kCellBytes;
    if (estimated > expansion_limit(body.size()))
      return TooComplex{
          static_cast<int>(i + 1),
          "table of " + std::to_string(columns) + " columns and " + std::to_string(rows) +
              " rows would expand the article more than 20 times (cmark-gfm pads every "
              "row to the header's columns)"};
    i = j;
  }
  return count_parse_work(body);
}

std::optional<TooComplex> check_expansion(cmark_node* root, std::size_t body_size) {
  std::size_t estimated = 0;
  // The email's text writer walks the tree recursively; 45,000 underscores
  // alone nest 22,500 emphasis nodes.
  // The open nodes from the root: a node's parent is the last one still open.
  std::vector<cmark_node*> open;
  std::size_t deepest = 0, raw_depth = 0, raw_deepest = 0;
  int deep_line = 1;
  cmark_iter* it = cmark_iter_new(root);
  cmark_event_type ev;
  while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
    cmark_node* n = cmark_iter_get_node(it);
    if (ev == CMARK_EVENT_EXIT) {
      while (!open.empty() && open.back() != n) open.pop_back();
      if (!open.empty()) open.pop_back();
      continue;
    }
    while (!open.empty() && open.back() != cmark_node_parent(n)) open.pop_back();
    open.push_back(n);
    deepest = std::max(deepest, open.size() - 1);  // the document itself is not nesting
    if (deepest > kMaxMarkdownDepth) {
      deep_line = std::max(1, cmark_node_get_start_line(n));
      break;
    }
    // Opening and closing tags of the HTML renderer, roughly per node type.
    switch (cmark_node_get_type(n)) {
      case CMARK_NODE_BLOCK_QUOTE:
        estimated += 27;
        break;
      case CMARK_NODE_LIST:
        estimated += 11;
        break;
      case CMARK_NODE_ITEM:
        estimated += 10;
        break;
      case CMARK_NODE_HEADING:
        estimated += 24;
        break;
      case CMARK_NODE_HTML_BLOCK:
      case CMARK_NODE_HTML_INLINE:
        estimated += 26;
        if (const char* lit = cmark_node_get_literal(n))
          raw_depth = raw_html_depth(lit, raw_depth, raw_deepest);
        break;
      case CMARK_NODE_LINK:
      case CMARK_NODE_IMAGE: {
        const char* url = cmark_node_get_url(n);
        estimated += 16 + (url ? std::strlen(url) * 3 : 0);
        break;
      }
      default:
        estimated += 8;
        break;
    }
    if (const char* lit = cmark_node_get_literal(n)) estimated += std::strlen(lit);
    if (estimated > expansion_limit(body_size)) break;
    if (raw_deepest > kMaxRawHtmlDepth) {
      deep_line = std::max(1, cmark_node_get_start_line(n));
      break;
    }
  }
  cmark_iter_free(it);
  if (deepest > kMaxMarkdownDepth) return TooComplex{deep_line, nesting_message()};
  if (raw_deepest > kMaxRawHtmlDepth)
    return TooComplex{deep_line, "its raw HTML nests more than " +
                                     std::to_string(kMaxRawHtmlDepth) +
                                     " elements deep (HTML's parser takes time with the square "
                                     "of the depth)"};
  if (estimated > expansion_limit(body_size))
    return TooComplex{1,
                      "the article would expand more than 20 times its size when rendered "
                      "(deeply nested or repeated Markdown structures)"};
  return std::nullopt;
}

}  // namespace pp
