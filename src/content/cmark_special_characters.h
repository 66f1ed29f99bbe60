#pragma once
// Internal to content: the extensions' special characters of cmark-gfm gfm.6
// switched on once, so that parses need not run one at a time.

namespace pp {

/// Switches on, once for the process, the special characters of every GFM
/// extension polypress attaches, and reports whether parses leave them as
/// they are from then on (true: parses may run in parallel; false: the
/// library switches them per parse, and parses must run one at a time).
bool special_characters_fixed();

}  // namespace pp
