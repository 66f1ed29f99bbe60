#pragma once
// Internal to content: refusing, before cmark-gfm runs, the shapes of
// Markdown that Debian's gfm.6 parses in quadratic time, by counting.
//
// Each measure below is computed in linear time and grows like the work gfm.6
// does on its shape (the advisories' inputs, docs/hardening.md M1–M10): what a
// body is refused for depends on its bytes alone, never on how busy the
// machine is. The parse's processor-time bound (bounded_parse.h) stays as the
// backstop for shapes not named here.

#include <cstddef>
#include <optional>
#include <string>

#include "content/markdown_guard.h"
#include "core/limits.h"

namespace pp {

/// Refuses a body nested more than kMaxMarkdownDepth levels (block quotes and
/// list items opened on one line; emphasis pairs as gfm.6 would match them),
/// or whose estimated quadratic parse work exceeds kMaxParseWork.
std::optional<TooComplex> count_parse_work(const std::string& body);

}  // namespace pp
