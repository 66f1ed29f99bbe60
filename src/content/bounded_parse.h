#pragma once
// Internal to content: a cmark-gfm parse that stops at a deadline.
//
// Debian's cmark-gfm (gfm.6) lacks the 2023 fixes: most inputs of the
// advisories (docs/hardening.md, M1–M10) parse in quadratic time, so one
// 1 MiB article could hold a CI job for hours. markdown_guard.cpp refuses the
// known shapes before parsing by counting; this bound is the backstop for a
// shape nobody has named yet, measured in the parsing thread's processor time
// so that a loaded machine never changes the outcome.

#include <chrono>
#include <string>

struct cmark_node;
struct cmark_mem;

namespace pp {

/// Parses `body` with the GFM extensions and `options`; nullptr when the
/// parse has used more than `limit` of the thread's processor time
/// (everything it allocated is freed).
/// Parses run in parallel once the extensions' special characters are fixed
/// (content/cmark_special_characters.h); otherwise one at a time, since gfm.6
/// would turn them on and off under another parser.
cmark_node* parse_within(const std::string& body, int options, std::chrono::milliseconds limit);

/// The allocator of the trees parse_within() returns: a node made with it
/// (cmark_node_new_with_mem) may hold their nodes, which cmark refuses to move
/// under a node of another allocator.
cmark_mem* parse_allocator();

}  // namespace pp
