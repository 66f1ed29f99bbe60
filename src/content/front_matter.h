#pragma once
// Internal to content: YAML front matter → typed FrontMatter.

#include <optional>

#include "content/content.h"
#include "core/yaml_util.h"

namespace pp {

/// Every key SPEC §3 knows, in table order.
const std::vector<std::string>& front_matter_keys();

/// Parses front matter text. Type errors are reported under front-matter/...;
/// returns nullopt only when the YAML itself cannot be read.
std::optional<FrontMatter> parse_front_matter(const std::string& yaml, const YamlOrigin& origin,
                                              DiagnosticSink& sink);

}  // namespace pp
