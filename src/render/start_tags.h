#pragma once
// Internal to render: text added to the start tags of rendered HTML (the
// email's inline styles, dir="auto" on a right-to-left body's blocks), and
// elements wrapped in another (a table in its scrolling box).

#include <functional>
#include <string>
#include <string_view>

namespace pp {

/// What to put right after a start tag's name, given the name (lower case, as
/// cmark-gfm and the sanitizer write it) and what follows it up to its '>'
/// ("" for nothing).
using StartTagAddition =
    std::function<std::string(std::string_view name, std::string_view attributes)>;

/// `html` with `add` of each start tag put after its name (`<p>` → `<p
/// dir="auto">`). Text has its '<' escaped, so every '<' before a letter
/// starts a tag.
std::string add_to_start_tags(std::string_view html, const StartTagAddition& add);

/// `html` with every `name` element (lower case) between `before` and
/// `after`: `<table>…</table>` → `<div class="table-scroll"><table>…</table></div>`.
/// Elements must nest as written (cmark-gfm and the sanitizer write them so);
/// comments are left alone.
std::string wrap_elements(std::string_view html, std::string_view name, std::string_view before,
                          std::string_view after);

}  // namespace pp
