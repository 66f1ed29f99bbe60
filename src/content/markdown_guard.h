#pragma once
// Internal to content: keeping cmark-gfm 0.29.0.gfm.6's known quadratic inputs
// (CVE-2023-26485 and its kin, auto-completed tables) from hanging a run.

#include <optional>
#include <string>

#include "core/limits.h"

struct cmark_node;

namespace pp {

/// What is said of a body whose parse ran out of its processor time.
inline constexpr const char* kParseTooLong =
    "the article takes more than 10 seconds of processor time to parse";

/// A body that must not be parsed or rendered, and why.
struct TooComplex {
  int body_line = 1;  ///< 1-based line within the body
  std::string message;
};

/// Before parsing: finds GFM tables whose auto-completed cells would expand the
/// body more than 20× (each row is padded to the header's column count), then
/// the nesting and quadratic shapes of count_parse_work (markdown_work.h).
std::optional<TooComplex> prescan_markdown(const std::string& body);

/// The message for a body nested more than kMaxMarkdownDepth levels.
std::string nesting_message();

/// A GFM delimiter row (cells of dashes with optional ':', separated by '|'):
/// its number of cells, or 0 when `line` is not one.
std::size_t delimiter_cells(const std::string& line);

/// After parsing: refuses trees nested deeper than kMaxMarkdownDepth, and
/// estimates the HTML size of the tree from its nodes and text; more than 20×
/// the body (plus a small allowance) is too complex.
std::optional<TooComplex> check_expansion(cmark_node* root, std::size_t body_size);

/// The expansion limit for a body of `body_size` bytes.
std::size_t expansion_limit(std::size_t body_size);

}  // namespace pp
