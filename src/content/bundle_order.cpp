// The order of bundles: their ids' (section/slug), compared without making
// them (corpora of thousands are sorted and searched by it on every build).
#include <algorithm>
#include <string_view>

#include "content/content.h"

namespace pp {

int Bundle::compare_id(std::string_view id) const {
  // section + "/" + slug against `id`, a part at a time.
  const std::string_view sec(section);
  const std::size_t n = std::min(sec.size(), id.size());
  if (const int c = sec.substr(0, n).compare(id.substr(0, n)); c != 0) return c;
  if (id.size() <= sec.size()) return 1;  // `id` is a prefix of this one
  const std::string_view rest = id.substr(sec.size());
  if (rest[0] != '/') return std::char_traits<char>::lt('/', rest[0]) ? -1 : 1;
  return std::string_view(slug).compare(rest.substr(1));
}

bool bundle_id_less(const Bundle& a, const Bundle& b) {
  if (a.section == b.section) return a.slug < b.slug;
  // The sections differ within section + "/" (a folder's name holds no '/').
  const std::string &x = a.section, &y = b.section;
  const std::size_t n = std::min(x.size(), y.size());
  for (std::size_t i = 0; i < n; ++i)
    if (x[i] != y[i]) return std::char_traits<char>::lt(x[i], y[i]);
  return std::char_traits<char>::lt(x.size() > n ? x[n] : '/', y.size() > n ? y[n] : '/');
}

}  // namespace pp
