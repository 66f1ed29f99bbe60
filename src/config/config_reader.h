#pragma once
// Internal to config: reading site.yaml's values with located errors, and
// the blocks read outside config.cpp.

#include <optional>
#include <string>

#include "config/config.h"
#include "config/config_keys.h"
#include "config/config_urls.h"
#include "core/yaml_util.h"

namespace pp {

/// Reads values of one site.yaml (or overlay), reporting each problem at
/// its place under a config/... rule.
class Reader {
 public:
  Reader(YamlOrigin origin, DiagnosticSink& sink) : origin_(std::move(origin)), sink_(sink) {}

  /// The string `key` of `map`, the block `block` of config_keys() (which
  /// says whether it is required), described as `where` in messages.
  std::optional<std::string> str(const YAML::Node& map, const char* block, const std::string& key,
                                 const std::string& where) {
    const YAML::Node n = map[key];
    if (!n) {
      if (config_key_required(block, key))
        sink_.error(location_of(map, origin_), "config/missing-key",
                    "missing required key '" + key + "' in " + where);
      return std::nullopt;
    }
    auto v = scalar_string(n, key, origin_, "config/value-type", sink_);
    if (v && v->empty()) {
      sink_.error(location_of(n, origin_), "config/value-type", "'" + key + "' must not be empty");
      return std::nullopt;
    }
    return v;
  }

  int integer(const YAML::Node& map, const std::string& key, int fallback, int min, int max) {
    const YAML::Node n = map[key];
    if (!n) return fallback;
    auto v = scalar_number(n, key, origin_, "config/value-type", sink_);
    if (!v) return fallback;
    if (*v != static_cast<int>(*v) || *v < min || *v > max) {
      sink_.error(location_of(n, origin_), "config/range",
                  "'" + key + "' must be a whole number from " + std::to_string(min) + " to " +
                      std::to_string(max));
      return fallback;
    }
    return static_cast<int>(*v);
  }

  void url(const YAML::Node& map, const std::string& key, const std::string& value) {
    if (!is_absolute_http_url(value))
      sink_.error(location_of(map[key], origin_), "config/url",
                  "'" + key + "' is not an absolute http(s) URL: \"" + value + "\"");
  }

  const YamlOrigin& origin() const { return origin_; }
  DiagnosticSink& sink() { return sink_; }

 private:
  YamlOrigin origin_;
  DiagnosticSink& sink_;
};

/// Whether `n` is a mapping; an error named `what` when it is not.
bool expect_map(const YAML::Node& n, const std::string& what, Reader& r);

/// The `newsletter` block: sender, list headers, form, postal address.
void read_newsletter(const YAML::Node& root, SiteConfig& c, Reader& r);

}  // namespace pp
