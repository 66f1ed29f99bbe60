#pragma once
// Internal to render: where a Mustache template's syntax goes wrong, found
// before kainjow parses it (kainjow says only "at <byte offset>", and calls a
// mistyped closing tag an unclosed section at its opening).

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace pp {

/// A syntax mistake at byte `offset` of the template.
struct TemplateMistake {
  std::size_t offset = 0;
  std::string message;
};

/// The first mistake of `text` (default delimiters): a closing tag that closes
/// no section or another one than the one open (at the closing tag, naming
/// what it should close), a section never closed (at its opening), a tag never
/// closed. nullopt when none is found, or when the template changes its
/// delimiters (kainjow's message is used then).
std::optional<TemplateMistake> template_mistake(std::string_view text);

/// The 1-based column, in code points, of byte `at` of a line starting at
/// byte `line_start` of `text`.
int code_point_column(std::string_view text, std::size_t line_start, std::size_t at);

}  // namespace pp
