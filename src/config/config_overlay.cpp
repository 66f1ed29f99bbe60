// An environment's overlay (docs/spec.md §2): pipeline/site.<env>.yaml merged
// over site.yaml before it is read, its values located in its own file.
#include "config/config_overlay.h"

#include "config/config.h"
#include "config/config_keys.h"
#include "core/file_io.h"
#include "core/limits.h"
#include "core/text.h"

namespace pp {

namespace {

// Every node of a tree, so that findings about them name the overlay's file.
void collect_nodes(const YAML::Node& n, std::vector<YAML::Node>& out, int depth = 0) {
  if (depth > 64) return;
  out.push_back(n);
  if (n.IsMap())
    for (const auto& kv : n) collect_nodes(kv.second, out, depth + 1);
  else if (n.IsSequence())
    for (const auto& item : n) collect_nodes(item, out, depth + 1);
}

}  // namespace

std::string overlay_path(const std::string& env) {
  return std::string(kPipelineFolder) + "/site." + env + ".yaml";
}

bool merge_overlay(const std::filesystem::path& root, const std::string& env, YAML::Node& doc,
                   YamlOrigin& origin, DiagnosticSink& sink) {
  const std::string rel = overlay_path(env);
  const YamlOrigin own{rel, 1};
  const ReadResult file = read_file(root / rel, kMaxConfigBytes);
  if (!file.ok) {
    sink.error({rel, 0, 0}, "config/read", "cannot read --env " + env + ": " + file.error);
    return false;
  }
  if (const auto bad = find_invalid_utf8(file.bytes); bad != std::string::npos) {
    sink.error({rel, 0, 0}, "config/encoding", "not valid UTF-8 at byte " + std::to_string(bad));
    return false;
  }
  const auto overlay = parse_yaml(file.bytes, own, "config/yaml", sink);
  if (!overlay) return false;
  if (overlay->IsNull()) return true;  // an empty overlay changes nothing
  if (!overlay->IsMap()) {
    sink.error({rel, 1, 1}, "config/value-type", "site." + env + ".yaml must be a mapping");
    return false;
  }
  if (!check_duplicate_keys(*overlay, own, "config/duplicate-key", sink)) return false;
  const std::vector<std::string> blocks = config_key_names("");
  check_unknown_keys(*overlay, blocks, own, "config/unknown-key", "site." + env + ".yaml", sink);
  // A mapping block is merged key by key; a list (languages, sections) or
  // `rules` is replaced whole. Unknown keys were reported above, and stay out.
  for (const auto& kv : *overlay) {
    const std::string block = kv.first.Scalar();
    if (std::find(blocks.begin(), blocks.end(), block) == blocks.end()) continue;
    const std::vector<std::string> keys = config_key_names(block);
    if (kv.second.IsMap() && !keys.empty() && doc[block] && doc[block].IsMap()) {
      check_unknown_keys(kv.second, keys, own, "config/unknown-key", "'" + block + "'", sink);
      YAML::Node target = doc[block];
      for (const auto& item : kv.second)
        if (std::find(keys.begin(), keys.end(), item.first.Scalar()) != keys.end())
          target[item.first.Scalar()] = item.second;
    } else {
      doc[block] = kv.second;
    }
  }
  collect_nodes(*overlay, origin.overlay_nodes);
  origin.overlay_path = rel;
  return true;
}

bool is_env_name(const std::string& env) {
  return is_slug(env) && env.size() <= 64;
}

std::string base_url_problem(const std::string& url) {
  const bool http = url.rfind("https://", 0) == 0 || url.rfind("http://", 0) == 0;
  if (!http || url.find("://") + 3 >= url.size() ||
      url.find_first_of(" \t\r\n\"'<>\\`{}|^") != std::string::npos)
    return "'" + quote_for_message(url, 80) + "' is not an absolute http(s) URL";
  if (url.back() != '/') return "'" + quote_for_message(url, 80) + "' must end with '/'";
  return "";
}

}  // namespace pp
