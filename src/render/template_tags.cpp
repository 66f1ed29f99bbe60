#include "render/template_tags.h"

#include <algorithm>
#include <initializer_list>
#include <utility>

namespace pp {

namespace {

// \s of ECMAScript on bytes.
bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

bool is_name(char c) {
  return c != '}' && !is_space(c);
}

// The end of the run of characters of one class that starts at a position.
// The last run is remembered: while the positions asked for only grow, each
// character is looked at once, however many tags start inside one run (as in
// "{{{{{{{{…", where a pattern search rescanned the run from every brace).
class RunEnds {
 public:
  RunEnds(std::string_view text, bool (*in_class)(char)) : text_(text), in_class_(in_class) {}

  std::size_t from(std::size_t p) {
    if (p < start_ || p >= end_) {
      start_ = end_ = p;
      while (end_ < text_.size() && in_class_(text_[end_])) ++end_;
    }
    return end_;
  }

 private:
  std::string_view text_;
  bool (*in_class_)(char);
  std::size_t start_ = 0, end_ = 0;
};

// Every `open` \s* ([^}\s]+) \s* `close`, for the first of `forms` that fits at
// each position, leftmost first, matches not overlapping.
std::vector<TemplateTag> find_name_tags(
    std::string_view text,
    std::initializer_list<std::pair<std::string_view, std::string_view>> forms) {
  std::vector<TemplateTag> out;
  RunEnds leading(text, is_space), names(text, is_name), trailing(text, is_space);
  std::size_t i = 0;
  while (i < text.size()) {
    bool found = false;
    for (const auto& [open, close] : forms) {
      if (!text.substr(i).starts_with(open)) continue;
      const std::size_t name = leading.from(i + open.size());
      const std::size_t name_end = names.from(name);
      if (name_end == name) continue;
      const std::size_t after = trailing.from(name_end);
      if (!text.substr(after).starts_with(close)) continue;
      const std::size_t end = after + close.size();
      out.push_back({i, end - i, std::string(text.substr(name, name_end - name))});
      i = end;
      found = true;
      break;
    }
    if (!found) ++i;
  }
  return out;
}

}  // namespace

std::vector<TemplateTag> find_raw_tags(std::string_view text) {
  return find_name_tags(text, {{"{{{", "}}}"}, {"{{&", "}}"}});
}

std::vector<TemplateTag> find_partials(std::string_view text) {
  return find_name_tags(text, {{"{{>", "}}"}});
}

std::vector<TemplateTag> find_translations(std::string_view text) {
  static constexpr std::string_view kOpen = "{{#t}}", kClose = "{{/t}}";
  std::vector<TemplateTag> out;
  for (std::size_t i = text.find(kOpen); i != std::string_view::npos; i = text.find(kOpen, i)) {
    const std::size_t close = text.find(kClose, i + kOpen.size());
    if (close == std::string_view::npos) break;  // no later opening is closed either
    const std::size_t end = close + kClose.size();
    out.push_back(
        {i, end - i, std::string(text.substr(i + kOpen.size(), close - i - kOpen.size()))});
    i = end;
  }
  return out;
}

TemplateTags find_tags(std::string_view text) {
  TemplateTags out;
  for (std::size_t at = text.find("{{"); at != std::string_view::npos; at = text.find("{{", at)) {
    const bool triple = text.substr(at).starts_with("{{{");
    const std::size_t inner = at + (triple ? 3 : 2);
    const std::size_t close = text.find(triple ? "}}}" : "}}", inner);
    if (close == std::string_view::npos) {
      out.unclosed = at;
      break;
    }
    std::string_view contents = text.substr(inner, close - inner);
    while (!contents.empty() && is_space(contents.front())) contents.remove_prefix(1);
    while (!contents.empty() && is_space(contents.back())) contents.remove_suffix(1);
    if (!triple && contents.starts_with('=')) {
      out.changes_delimiters = true;
      break;
    }
    const std::size_t end = close + (triple ? 3 : 2);
    out.tags.push_back({at, end - at, (triple ? "&" : "") + std::string(contents)});
    at = end;
  }
  return out;
}

}  // namespace pp
