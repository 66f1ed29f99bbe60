#pragma once
// Internal to config: the `rules:` block of site.yaml.

#include <yaml-cpp/yaml.h>

#include "config/config.h"
#include "core/yaml_util.h"

namespace pp {

/// Reads `rules: {RULE: error|warning|note|ignore}` into `levels`. An unknown
/// rule (with did-you-mean), an unknown level, or an error rule set lower is
/// a config/rules error: what build refuses, validate must refuse too.
void read_rule_levels(const YAML::Node& block, const YamlOrigin& origin, RuleLevels& levels,
                      DiagnosticSink& sink);

}  // namespace pp
