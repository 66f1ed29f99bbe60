#pragma once
// Internal to content: cmark-gfm parsing and the walks done once per article.

#include <chrono>
#include <memory>
#include <string>

#include "content/content.h"

namespace pp {

/// How long one article's body may take to parse (SPEC §4's 2-second budget).
inline constexpr std::chrono::milliseconds kMarkdownParseLimit{2000};

/// Parses a Markdown body with the GFM extensions (safe mode, footnotes);
/// nullptr when it takes longer than kMarkdownParseLimit.
std::shared_ptr<const MarkdownDoc> parse_markdown(const std::string& body);

/// Fills heading_ids, links and the raw HTML flag of an article from its tree.
void walk_markdown(Article& article);

}  // namespace pp
