#pragma once
// The front matter `polypress new` writes, built from the table of fields.

#include <string>

#include "content/front_matter_fields.h"

namespace pp {

/// "---\n...---\n" of a new draft source file of `type`: every key a source
/// of that type requires, with values that pass validate, and `draft: true`.
std::string new_source_front_matter(const std::string& slug, ArticleType type,
                                    const std::string& date);

/// "---\n...---\n" of a new translation of `source`: its own-language keys to
/// translate and translation_of, then kInProgressLine: no source_digest, a
/// draft until `translations stamp`.
std::string new_translation_front_matter(const Article& source);

/// A YAML double-quoted scalar.
std::string yaml_quoted(const std::string& s);

/// "chip-launch" → "Chip launch".
std::string title_of_slug(const std::string& slug);

}  // namespace pp
