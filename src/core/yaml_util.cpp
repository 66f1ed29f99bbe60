#include "core/yaml_util.h"

#include <cmath>
#include <map>
#include <set>

#include "core/text.h"

namespace pp {

SourceLocation location_of(const YAML::Mark& mark, const YamlOrigin& origin) {
  if (mark.is_null()) return {origin.path, origin.first_line, 1};
  return {origin.path, origin.first_line + mark.line, mark.column + 1};
}

SourceLocation location_of(const YAML::Node& node, const YamlOrigin& origin) {
  for (const auto& n : origin.overlay_nodes)
    if (n.is(node)) return location_of(node.Mark(), YamlOrigin{origin.overlay_path, 1});
  return location_of(node.Mark(), origin);
}

std::optional<YAML::Node> parse_yaml(const std::string& text, const YamlOrigin& origin,
                                     const std::string& rule, DiagnosticSink& sink) {
  try {
    return YAML::Load(text);
  } catch (const YAML::Exception& e) {
    std::string msg = e.msg;
    if (!msg.empty()) msg[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(msg[0])));
    sink.error(location_of(e.mark, origin), rule, "invalid YAML: " + msg);
  } catch (const std::exception& e) {
    sink.error({origin.path, origin.first_line, 1}, rule, std::string("invalid YAML: ") + e.what());
  }
  return std::nullopt;
}

namespace {

bool check_dups(const YAML::Node& node, const YamlOrigin& origin, const std::string& rule,
                DiagnosticSink& sink, int depth) {
  if (depth > 64) return true;  // deeper nesting is rejected elsewhere
  bool ok = true;
  if (node.IsMap()) {
    std::map<std::string, YAML::Mark> seen;
    for (const auto& kv : node) {
      const std::string key = kv.first.IsScalar() ? kv.first.Scalar() : "";
      auto [it, inserted] = seen.emplace(key, kv.first.Mark());
      if (!inserted) {
        const auto first = location_of(it->second, origin);
        sink.error(
            location_of(kv.first, origin), rule,
            "duplicate key '" + key + "' (first at line " + std::to_string(first.line) + ")");
        ok = false;
      }
      ok = check_dups(kv.second, origin, rule, sink, depth + 1) && ok;
    }
  } else if (node.IsSequence()) {
    for (const auto& item : node) ok = check_dups(item, origin, rule, sink, depth + 1) && ok;
  }
  return ok;
}

}  // namespace

bool check_duplicate_keys(const YAML::Node& node, const YamlOrigin& origin, const std::string& rule,
                          DiagnosticSink& sink) {
  return check_dups(node, origin, rule, sink, 0);
}

void check_unknown_keys(const YAML::Node& map, const std::vector<std::string>& known,
                        const YamlOrigin& origin, const std::string& rule, const std::string& what,
                        DiagnosticSink& sink) {
  if (!map.IsMap()) return;
  const std::set<std::string> known_set(known.begin(), known.end());
  for (const auto& kv : map) {
    const std::string key = kv.first.IsScalar() ? kv.first.Scalar() : "?";
    if (known_set.count(key)) continue;
    std::string msg = "unknown key '" + key + "' in " + what;
    const std::string hint = nearest(key, known);
    if (!hint.empty()) msg += "; did you mean '" + hint + "'?";
    sink.error(location_of(kv.first, origin), rule, msg);
  }
}

bool is_quoted(const YAML::Node& node) {
  return node.Tag() == "!";
}

namespace {

bool too_deep(const YAML::Node& node, int depth, int max_depth, YAML::Node& found) {
  if (depth > max_depth) {
    found.reset(node);
    return true;
  }
  if (node.IsMap()) {
    for (const auto& kv : node)
      if (too_deep(kv.second, depth + 1, max_depth, found)) return true;
  } else if (node.IsSequence()) {
    for (const auto& item : node)
      if (too_deep(item, depth + 1, max_depth, found)) return true;
  }
  return false;
}

}  // namespace

YAML::Node find_too_deep(const YAML::Node& node, int max_depth) {
  YAML::Node found;
  too_deep(node, 0, max_depth, found);
  return found;
}

std::optional<std::string> scalar_string(const YAML::Node& node, const std::string& key,
                                         const YamlOrigin& origin, const std::string& rule,
                                         DiagnosticSink& sink) {
  if (node.IsScalar()) return node.Scalar();
  sink.error(location_of(node, origin), rule, "'" + key + "' must be a string");
  return std::nullopt;
}

std::optional<double> scalar_number(const YAML::Node& node, const std::string& key,
                                    const YamlOrigin& origin, const std::string& rule,
                                    DiagnosticSink& sink) {
  if (node.IsScalar() && !is_quoted(node)) {
    const std::string& s = node.Scalar();
    std::size_t used = 0;
    try {
      const double v = std::stod(s, &used);
      if (used == s.size() && std::isfinite(v) && s.find_first_of("xXnN") == std::string::npos)
        return v;
    } catch (const std::exception&) {
    }
  }
  sink.error(location_of(node, origin), rule,
             "'" + key + "' must be a number" +
                 (node.IsScalar() ? ": \"" + node.Scalar() + "\"" : std::string()));
  return std::nullopt;
}

std::optional<bool> scalar_bool(const YAML::Node& node, const std::string& key,
                                const YamlOrigin& origin, const std::string& rule,
                                DiagnosticSink& sink) {
  if (node.IsScalar() && !is_quoted(node)) {
    if (node.Scalar() == "true") return true;
    if (node.Scalar() == "false") return false;
  }
  sink.error(location_of(node, origin), rule,
             "'" + key + "' must be true or false" +
                 (node.IsScalar() ? ", not \"" + node.Scalar() + "\"" : std::string()));
  return std::nullopt;
}

}  // namespace pp
