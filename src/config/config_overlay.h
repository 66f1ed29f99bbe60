#pragma once
// Internal to config: the environment overlays of site.yaml (`--env NAME`).

#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <string>

#include "core/diagnostic.h"
#include "core/site_layout.h"
#include "core/yaml_util.h"

namespace pp {

/// "pipeline/site.<env>.yaml".
std::string overlay_path(const std::string& env);

/// Reads the overlay of `env` under `root` and merges it into `doc` (site.yaml's
/// tree): a mapping block key by key, a list or `rules` whole. Its nodes are
/// added to `origin`, so that what is reported about them names the overlay's
/// file and lines. False, with the findings in `sink`, when it cannot be read,
/// parsed or has duplicate keys; unknown keys are reported and left out.
bool merge_overlay(const std::filesystem::path& root, const std::string& env, YAML::Node& doc,
                   YamlOrigin& origin, DiagnosticSink& sink);

}  // namespace pp
