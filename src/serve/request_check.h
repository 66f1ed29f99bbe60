#pragma once
// serve: which requests the preview answers at all, before any file is looked
// at: the Host it is addressed to (DNS rebinding) and the shape of the path.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pp {

/// Whether `host` (the Host header's value) names this preview: exactly
/// 127.0.0.1:`port`, localhost:`port` (any case) or [::1]:`port`; on port 80
/// also the name alone, as browsers send it there.
bool host_allowed(std::string_view host, int port);

/// The segments of a decoded request path below the output folder: "/a/b"
/// gives {"a", "b"}, "/a/" gives {"a", ""} (the last one empty: a folder's
/// index), "/" gives {""}. Nothing (a bad path) unless the path starts with
/// '/' and every segment is a plain file name: not empty (except the last),
/// not "." or "..", valid UTF-8, and without '\', NUL or other control
/// characters (C0, DEL, C1).
std::optional<std::vector<std::string>> path_segments(std::string_view path);

}  // namespace pp
