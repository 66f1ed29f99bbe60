// Mustache section structure checked by hand, with the place of each mistake.
#include "render/template_syntax.h"

#include <algorithm>
#include <vector>

#include "core/text.h"

namespace pp {

namespace {

std::string trimmed(std::string_view s) {
  const auto b = s.find_first_not_of(" \t\r\n");
  if (b == std::string_view::npos) return "";
  const auto e = s.find_last_not_of(" \t\r\n");
  return std::string(s.substr(b, e + 1 - b));
}

}  // namespace

int code_point_column(std::string_view text, std::size_t line_start, std::size_t at) {
  return 1 + count_code_points(text.substr(line_start, at - line_start));
}

std::optional<TemplateMistake> template_mistake(std::string_view text) {
  struct Open {
    std::string name;
    std::size_t offset;
  };
  std::vector<Open> open;
  auto where = [&](std::size_t offset) {
    const auto [line, column] = line_and_column(text, offset);
    return std::to_string(line) + ":" + std::to_string(column);
  };
  for (std::size_t at = text.find("{{"); at != std::string_view::npos; at = text.find("{{", at)) {
    const bool triple = text.compare(at, 3, "{{{") == 0;
    const std::size_t inner = at + (triple ? 3 : 2);
    const std::size_t close = text.find(triple ? "}}}" : "}}", inner);
    if (close == std::string_view::npos)
      return TemplateMistake{
          at, "tag opened here is never closed with " + std::string(triple ? "}}}" : "}}")};
    const std::string tag = trimmed(text.substr(inner, close - inner));
    const std::size_t tag_at = at;
    at = close + (triple ? 3 : 2);
    if (triple || tag.empty()) continue;
    if (tag[0] == '=') return std::nullopt;  // other delimiters: kainjow judges
    const std::string name = trimmed(std::string_view(tag).substr(1));
    if (tag[0] == '#' || tag[0] == '^') {
      open.push_back({name, tag_at});
    } else if (tag[0] == '/') {
      if (open.empty())
        return TemplateMistake{tag_at, "closing tag {{/" + name + "}} closes no open section"};
      if (open.back().name != name)
        return TemplateMistake{tag_at, "closing tag {{/" + name + "}} does not close section \"" +
                                           open.back().name + "\" opened at " +
                                           where(open.back().offset) + "; write {{/" +
                                           open.back().name + "}}"};
      open.pop_back();
    }
  }
  if (!open.empty())
    return TemplateMistake{open.back().offset, "section \"" + open.back().name +
                                                   "\" is never closed (write {{/" +
                                                   open.back().name + "}})"};
  return std::nullopt;
}

}  // namespace pp
