#pragma once
// Fuzz targets: each takes arbitrary bytes, runs one part of polypress on them
// and traps when an invariant of its output breaks. Crashes, hangs, leaks and
// undefined behaviour are the sanitizers' to catch.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/diagnostic.h"

namespace pp::fuzz {

/// The other bundle of the site check_article() checks: reviews/tool, in English.
inline constexpr const char* kToolArticle =
    "---\ntitle: T\ntype: review\ndate: 2026-11-18\nsummary: S\nverdict: V\n---\n## Pricing\n";

/// An article file's bytes as content/news/x/index.en.md of the fuzz site
/// (fuzz_site.h), beside kToolArticle → split, YAML, typed front matter,
/// Markdown walk, the parse cache round trip, and every check of validate
/// (check_site()): the findings, sorted.
std::vector<Diagnostic> check_article(const std::string& bytes);
/// check_article on arbitrary bytes.
int fuzz_front_matter(const uint8_t* data, size_t size);
/// A Markdown body → parse, guards, and its HTML and text for page and email
/// in English and Arabic: the bytes rendered, or nothing when the body is
/// refused (the rule of the refusing error then goes to `refusal`).
/// Whether rendered HTML holds markup that can run or embed anything (a
/// script, style, iframe, object, embed or base element, an event or style
/// attribute, a javascript:/vbscript:/data: link or source).
bool unsafe_markup(const std::string& html);

std::optional<std::size_t> render_markdown(const std::string& body, std::string* refusal);
/// render_markdown on arbitrary bytes.
int fuzz_markdown(const uint8_t* data, size_t size);
/// A .po file → the catalog reader, placeholders, statistics, tool messages.
int fuzz_po(const uint8_t* data, size_t size);
/// Subject, text, HTML and display name (NUL-separated) → an email.
int fuzz_email(const uint8_t* data, size_t size);
/// A link destination and a Markdown body (NUL-separated) → link
/// classification, bundle paths and anchors, check_links, rendered links.
int fuzz_links(const uint8_t* data, size_t size);
/// A figure key and a body (NUL-separated) → front matter figures,
/// {{fig:NAME}} references, their checks and their expansion.
int fuzz_figures(const uint8_t* data, size_t size);
/// A .po file → `i18n check` of it (msgfmt, Plural-Forms, placeholders) as the
/// catalog of an LTR and an RTL language.
int fuzz_catalog(const uint8_t* data, size_t size);

}  // namespace pp::fuzz
