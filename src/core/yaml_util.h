#pragma once
// yaml-cpp helpers: positions, strict scalars, unknown keys, duplicate keys.

#include <yaml-cpp/yaml.h>

#include <optional>
#include <string>
#include <vector>

#include "core/diagnostic.h"

namespace pp {

/// Where YAML text sits in its file, so node marks become file positions.
struct YamlOrigin {
  YamlOrigin(std::string p, int first = 1) : path(std::move(p)), first_line(first) {}
  std::string path;    ///< file path as reported
  int first_line = 1;  ///< file line of the YAML's first line
  /// Nodes merged in from another file (an environment's site.<env>.yaml):
  /// their positions are in `overlay_path`, not in `path`.
  std::vector<YAML::Node> overlay_nodes;
  std::string overlay_path;
};

/// The file position of a node (yaml-cpp marks are 0-based).
SourceLocation location_of(const YAML::Node& node, const YamlOrigin& origin);
SourceLocation location_of(const YAML::Mark& mark, const YamlOrigin& origin);

/// Parses YAML text with YAML::Load; reports a syntax error at its position
/// under `rule` and returns nullopt.
std::optional<YAML::Node> parse_yaml(const std::string& text, const YamlOrigin& origin,
                                     const std::string& rule, DiagnosticSink& sink);

/// Reports map keys that appear twice, at every depth (yaml-cpp keeps the last
/// one silently). Returns false when any was found.
bool check_duplicate_keys(const YAML::Node& node, const YamlOrigin& origin, const std::string& rule,
                          DiagnosticSink& sink);

/// Reports keys of `map` not in `known`, suggesting the nearest known key.
void check_unknown_keys(const YAML::Node& map, const std::vector<std::string>& known,
                        const YamlOrigin& origin, const std::string& rule, const std::string& what,
                        DiagnosticSink& sink);

/// A plain or quoted scalar as text; nullopt (and an error under `rule`) for a
/// map, list or null.
std::optional<std::string> scalar_string(const YAML::Node& node, const std::string& key,
                                         const YamlOrigin& origin, const std::string& rule,
                                         DiagnosticSink& sink);

/// A finite number; quoted strings are not numbers.
std::optional<double> scalar_number(const YAML::Node& node, const std::string& key,
                                    const YamlOrigin& origin, const std::string& rule,
                                    DiagnosticSink& sink);

/// Only the plain scalars `true` and `false` (the Norway problem: no yes/no/on/off).
std::optional<bool> scalar_bool(const YAML::Node& node, const std::string& key,
                                const YamlOrigin& origin, const std::string& rule,
                                DiagnosticSink& sink);

/// The first node nested deeper than `max_depth` levels (block nesting the
/// prescan cannot see), or a null node when there is none.
YAML::Node find_too_deep(const YAML::Node& node, int max_depth);

/// True when the scalar was written in quotes (so it is always a string).
bool is_quoted(const YAML::Node& node);

}  // namespace pp

namespace pp {

/// Rejects what yaml-cpp accepts but docs/spec.md §3 forbids, before parsing: anchors,
/// aliases and tags, tabs in indentation, flow nesting deeper than `max_depth`
/// (deep input would exhaust the parser's stack). Returns false after reporting
/// the first. Rules are front-matter/anchor, yaml-tag, tab and too-deep.
bool prescan_yaml(const std::string& text, const YamlOrigin& origin, int max_depth,
                  DiagnosticSink& sink);

}  // namespace pp
