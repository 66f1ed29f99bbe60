#pragma once
// Internal to content: a body's lines, for the rewrites that read the source
// of a parsed block (tree_shape, cjk_emphasis).

#include <cstddef>
#include <string_view>
#include <vector>

namespace pp {

/// The lines of a body, found once: blocks are asked about by line number.
class BodyLines {
 public:
  explicit BodyLines(std::string_view body) : body_(body) {
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

}  // namespace pp
