#include "content/body_positions.h"

#include <algorithm>

#include "core/text.h"

namespace pp {

namespace {

// How far past where a search starts an inline node's text is looked for: a
// bound, so that many unfindable links in one huge paragraph stay linear.
constexpr std::size_t kSearchWindow = 64 * 1024;

// The positioned block around an inline node: its text is searched for there only.
cmark_node* enclosing_block(cmark_node* n) {
  for (cmark_node* p = cmark_node_parent(n); p; p = cmark_node_parent(p)) {
    const bool block = (cmark_node_get_type(p) & CMARK_NODE_TYPE_MASK) == CMARK_NODE_TYPE_BLOCK;
    if (block && cmark_node_get_start_line(p) > 0 &&
        cmark_node_get_end_line(p) >= cmark_node_get_start_line(p))
      return p;
  }
  return nullptr;
}

// `[` matching the `]` at `close`, skipping nested pairs and backslash escapes;
// npos when there is none.
std::size_t matching_open_bracket(std::string_view s, std::size_t close, std::size_t floor) {
  int depth = 0;
  for (std::size_t i = close + 1; i-- > floor;) {
    const bool escaped = i > floor && s[i - 1] == '\\';
    if (escaped) continue;
    if (s[i] == ']') ++depth;
    if (s[i] == '[' && --depth == 0) return i;
  }
  return std::string_view::npos;
}

}  // namespace

BodyPositions::BodyPositions(const Article& a) : a_(a) {
  starts_.push_back(0);
  for (std::size_t i = 0; i < a.body.size(); ++i)
    if (a.body[i] == '\n') starts_.push_back(i + 1);
}

SourceLocation BodyPositions::of(cmark_node* n) {
  while (n && cmark_node_get_start_line(n) == 0) n = cmark_node_parent(n);
  if (!n) return {a_.path, a_.body_first_line, 1};
  return at(cmark_node_get_start_line(n), cmark_node_get_start_column(n));
}

std::size_t BodyPositions::find_in_block(cmark_node* n, std::string_view needle) {
  cmark_node* block = enclosing_block(n);
  if (!block || needle.empty()) return std::string_view::npos;
  const auto line_start = [&](int line) {
    const auto index = static_cast<std::size_t>(std::max(line, 1) - 1);
    return index < starts_.size() ? starts_[index] : a_.body.size();
  };
  const std::size_t block_begin = line_start(cmark_node_get_start_line(block));
  const std::size_t block_end = line_start(cmark_node_get_end_line(block) + 1);
  const auto search = [&](std::size_t begin) {
    const std::size_t end = std::min(block_end, begin + kSearchWindow);
    if (begin >= end) return std::string_view::npos;
    const std::size_t hit = std::string_view(a_.body).substr(begin, end - begin).find(needle);
    return hit == std::string_view::npos ? hit : begin + hit;
  };
  // cmark's line for an inline node is right; its column is not.
  const std::size_t from = std::max(line_start(cmark_node_get_start_line(n)), block_begin);
  std::size_t hit = search(std::max(from, cursor_));
  if (hit == std::string_view::npos && cursor_ > from) hit = search(from);
  if (hit != std::string_view::npos) cursor_ = hit + needle.size();
  return hit;
}

std::size_t BodyPositions::definition_of(std::string_view url) {
  if (!definitions_read_) {
    definitions_read_ = true;
    const std::string_view body = a_.body;
    for (std::size_t start : starts_) {
      // "[label]: url" or "[label]: <url>", indented at most three spaces.
      std::size_t i = start;
      while (i < body.size() && i - start < 3 && body[i] == ' ') ++i;
      if (i >= body.size() || body[i] != '[') continue;
      // Searched within the line only: a body of "[x]" lines stays linear.
      const std::size_t eol = std::min(body.find('\n', i), body.size());
      const std::size_t close = body.substr(0, eol).find("]:", i);
      if (close == std::string_view::npos) continue;
      std::size_t u = close + 2;
      while (u < eol && (body[u] == ' ' || body[u] == '\t')) ++u;
      if (u < eol && body[u] == '<') ++u;
      std::size_t end = u;
      while (end < eol && body[end] != ' ' && body[end] != '\t' && body[end] != '>') ++end;
      if (end > u) definitions_.emplace(body.substr(u, end - u), u);  // the first one wins
    }
  }
  const auto found = definitions_.find(url);
  return found == definitions_.end() ? std::string_view::npos : found->second;
}

SourceLocation BodyPositions::of_link(cmark_node* n, std::string_view url) {
  // Autolinks are stored with the scheme cmark added: <a@b.org>, www.x.org.
  std::vector<std::string_view> forms = {url};
  for (std::string_view added : {"mailto:", "http://"})
    if (url.substr(0, added.size()) == added) forms.push_back(url.substr(added.size()));
  const std::string_view body = a_.body;
  for (std::string_view form : forms) {
    const std::size_t hit = find_in_block(n, form);
    if (hit == std::string_view::npos) continue;
    std::size_t i = hit;
    if (i > 0 && body[i - 1] == '<') --i;  // <url> autolink, or [x](<url>)
    std::size_t j = i;
    while (j > 0 && (body[j - 1] == ' ' || body[j - 1] == '\t' || body[j - 1] == '\n')) --j;
    if (j >= 2 && body[j - 1] == ':' && body[j - 2] == ']') return at_byte(hit);  // a definition
    if (j >= 2 && body[j - 1] == '(' && body[j - 2] == ']') {
      const std::size_t open = matching_open_bracket(body, j - 2, 0);
      if (open != std::string_view::npos) {
        i = open;
        if (i > 0 && body[i - 1] == '!' && cmark_node_get_type(n) == CMARK_NODE_IMAGE) --i;
      }
    }
    return at_byte(i);
  }
  const std::size_t defined = definition_of(url);
  return defined == std::string_view::npos ? of(n) : at_byte(defined);
}

SourceLocation BodyPositions::of_text(cmark_node* n, std::string_view needle) {
  const std::size_t hit = find_in_block(n, needle);
  return hit == std::string_view::npos ? of(n) : at_byte(hit);
}

SourceLocation BodyPositions::at_byte(std::size_t offset) {
  const auto next = std::upper_bound(starts_.begin(), starts_.end(), offset);
  const auto line = static_cast<int>(next - starts_.begin());
  return at(line, static_cast<int>(offset - starts_[line - 1]) + 1);
}

SourceLocation BodyPositions::at(int line, int byte_col) {
  const auto index = static_cast<std::size_t>(std::max(line, 1) - 1);
  const std::size_t start = index < starts_.size() ? starts_[index] : a_.body.size();
  const std::size_t target =
      std::min(a_.body.size(), start + static_cast<std::size_t>(std::max(byte_col, 1) - 1));
  if (line != last_line_ || target < last_byte_) {
    last_line_ = line;
    last_byte_ = start;
    last_cp_ = 0;
  }
  last_cp_ += count_code_points(std::string_view(a_.body).substr(last_byte_, target - last_byte_));
  last_byte_ = target;
  return {a_.path, a_.body_first_line + line - 1, last_cp_ + 1};
}

}  // namespace pp
