#include "content/heading_ids.h"

namespace pp {

std::string UniqueIds::assign(const std::string& base) {
  ++tries_;
  std::string id = base;
  if (used_.count(id)) {
    // Suffixes below next_suffix_[base] are all taken (ids are never freed), so
    // the first free one at or above it is the smallest free one overall.
    std::size_t& k = next_suffix_[base];
    do {
      ++tries_;
      id = base + "-" + std::to_string(++k);
    } while (used_.count(id));
  }
  used_.insert(id);
  return id;
}

}  // namespace pp
