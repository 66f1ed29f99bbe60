#pragma once
// Internal to content: cmark-gfm parsing and the walks done once per article.

#include <chrono>
#include <memory>
#include <string>

#include "content/content.h"

namespace pp {

/// How much processor time one article's body may take to parse (core/limits.h).
inline constexpr std::chrono::milliseconds kMarkdownParseLimit = kMarkdownCpuBackstop;

/// Parses a Markdown body with the GFM extensions (safe mode, footnotes);
/// nullptr when it takes more processor time than kMarkdownParseLimit.
std::shared_ptr<const MarkdownDoc> parse_markdown(const std::string& body);

/// Fills heading_ids, links and the raw HTML flag of an article from its tree,
/// and takes each heading's own id (`## Title {#id}`) out of its text; a
/// malformed or repeated one is reported to `sink` when given.
void walk_markdown(Article& article, DiagnosticSink* sink = nullptr);

}  // namespace pp
