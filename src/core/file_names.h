#pragma once
// Which file names polypress publishes: names that display and travel safely
// (URLs, terminals, other systems), and no editor's leftovers.

#include <filesystem>
#include <string>
#include <string_view>

#include "core/diagnostic.h"

namespace pp {

/// Why `name` cannot be published — "holds a control character (U+0007)",
/// "holds a line break", "is not valid UTF-8", "holds a bidirectional control
/// (U+202E)" … — or "" when it can.
std::string unsafe_file_name_reason(std::string_view name);

/// True for an editor's backup, swap or lock file: `name~`, `#name#`,
/// `.name.swp` (also .swo, .swx, .swn), `.#name`, `name.bak`, `name.orig`.
bool is_editor_leftover(std::string_view name);

/// True when an SVG document holds script: a `<script` element, an `on…=`
/// event attribute, or a `javascript:` URL (looked for without regard to case).
bool svg_has_script(std::string_view svg);

/// For a file named *.svg: a warning under `rule` at `shown` when it holds
/// script, which runs when a reader opens the file itself (not in <img>).
void warn_if_svg_script(const std::filesystem::path& file, const std::string& shown,
                        const std::string& rule, DiagnosticSink& sink);

}  // namespace pp
