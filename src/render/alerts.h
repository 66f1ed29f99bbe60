#pragma once
// GitHub alerts (`> [!NOTE]`, `[!TIP]`, `[!IMPORTANT]`, `[!WARNING]`,
// `[!CAUTION]`): a block quote whose first line is the marker alone is a
// labelled note, in pages, emails and text parts (docs/spec.md §4).

#include <cmark-gfm.h>

#include <string>

#include "l10n/l10n.h"

namespace pp {

/// The kind of alert `block_quote` is ("note", "tip", "important", "warning",
/// "caution"), or "" when it is an ordinary quote.
std::string alert_kind(cmark_node* block_quote);

/// The label of `kind` in `loc`'s language ("Note", "참고", …).
std::string alert_label(const std::string& kind, const Locale& loc);

/// `html` (a body rendered by cmark-gfm) with each alert's block quote written
/// as `<div class="alert alert-KIND" role="note">` led by its label.
std::string with_alerts(const std::string& html, const Locale& loc);

}  // namespace pp
