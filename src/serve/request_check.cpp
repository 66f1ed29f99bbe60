#include "serve/request_check.h"

#include "core/text.h"

namespace pp {

namespace {

bool equals_ignoring_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; };
    if (lower(a[i]) != lower(b[i])) return false;
  }
  return true;
}

// C0 controls, DEL, and the C1 controls U+0080..U+009F (UTF-8 C2 80..C2 9F).
bool has_control(std::string_view s) {
  for (std::size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x20 || c == 0x7F) return true;
    if (c == 0xC2 && i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) <= 0x9F) return true;
  }
  return false;
}

bool plain_name(std::string_view seg) {
  return seg != "." && seg != ".." && seg.find('\\') == std::string_view::npos &&
         !has_control(seg) && find_invalid_utf8(seg) == std::string_view::npos;
}

}  // namespace

bool host_allowed(std::string_view host, int port) {
  auto loopback = [](std::string_view name) {
    return name == "127.0.0.1" || name == "[::1]" || equals_ignoring_case(name, "localhost");
  };
  // On port 80 browsers send the name alone.
  if (port == 80 && loopback(host)) return true;
  const std::string suffix = ":" + std::to_string(port);
  if (host.size() <= suffix.size() || host.substr(host.size() - suffix.size()) != suffix)
    return false;
  return loopback(host.substr(0, host.size() - suffix.size()));
}

std::optional<std::vector<std::string>> path_segments(std::string_view path) {
  if (path.empty() || path[0] != '/') return std::nullopt;
  std::vector<std::string> segments;
  std::size_t start = 1;
  while (true) {
    const auto end = path.find('/', start);
    const std::string_view seg =
        path.substr(start, end == std::string_view::npos ? end : end - start);
    const bool last = end == std::string_view::npos;
    // An empty segment other than the last ("//", "/a//b") would let the
    // rest of the path start from the root.
    if ((seg.empty() && !last) || (!seg.empty() && !plain_name(seg))) return std::nullopt;
    segments.emplace_back(seg);
    if (last) return segments;
    start = end + 1;
  }
}

}  // namespace pp
