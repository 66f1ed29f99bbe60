#pragma once
// Internal to content: YAML front matter → typed FrontMatter.

#include <optional>

#include "content/content.h"
#include "content/front_matter_fields.h"
#include "core/yaml_util.h"

namespace pp {

/// Parses front matter text. Type errors are reported under front-matter/...;
/// returns nullopt only when the YAML itself cannot be read.
std::optional<FrontMatter> parse_front_matter(const std::string& yaml, const YamlOrigin& origin,
                                              DiagnosticSink& sink);

}  // namespace pp
