#pragma once
// Which file names polypress publishes: names that display and travel safely
// (URLs, terminals, other systems), and no editor's leftovers.

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"

namespace pp {

/// Why `name` cannot be published — "holds a control character (U+0007)",
/// "holds a line break", "is not valid UTF-8", "holds a bidirectional control
/// (U+202E)" … — or "" when it can.
std::string unsafe_file_name_reason(std::string_view name);

/// True for an editor's backup, swap or lock file: `name~`, `#name#`,
/// `.name.swp` (also .swo, .swx, .swn), `.#name`, `name.bak`, `name.orig`.
bool is_editor_leftover(std::string_view name);

/// The file types a bundle publishes beside its pages, by extension
/// (lower case, no dot): images, audio, video, PDF, fonts, subtitles and
/// data files (docs/spec.md §4).
const std::vector<std::string>& default_asset_extensions();

/// Why a file `name` of a bundle (not an article file) is not published, or
/// "" when it is: its extension (any case) is one of
/// default_asset_extensions() or of `extra` (site.yaml `assets.publish`).
/// Another Markdown file is never published, whatever `extra` says.
std::string unpublished_asset_reason(std::string_view name, const std::vector<std::string>& extra);

/// What in an SVG document would run script when a reader opens the file,
/// read with libxml2 (no network, no external entity), as the rest of a
/// sentence "this SVG …": a DTD (its entities can hide one), a script element
/// in any namespace (`<x:script>`), an event attribute (`onload`), a
/// `javascript:` or `vbscript:` URL after character references are decoded
/// (`&#106;avascript:`), or XML that does not parse; "" for none.
std::string svg_script_problem(std::string_view svg);

/// svg_script_problem() is not "".
bool svg_has_script(std::string_view svg);

/// For a file named *.svg: a warning under `rule` at `shown` when it holds
/// script (svg_script_problem()), which runs when a reader opens the file
/// itself (not in <img>), or cannot be read whole; for *.svgz, always (a
/// compressed SVG cannot be checked); with `refuse` (markdown.svg: refuse),
/// an error under the same family's svg-refused ("bundle/svg-refused").
void warn_if_svg_script(const std::filesystem::path& file, const std::string& shown,
                        const std::string& rule, bool refuse, DiagnosticSink& sink);

}  // namespace pp
