#pragma once
// Every key of pipeline/site.yaml, declared once: the reader takes its lists
// of known keys (unknown-key errors and their did-you-mean) and which keys are
// required from this table, and docs/spec.md §2 shows it (a unit test keeps the
// two the same).

#include <string>
#include <vector>

namespace pp {

/// One key of site.yaml.
struct ConfigKey {
  const char* block;  ///< "" for a top-level key, else the block it is in ("site", "links")
  const char* name;
  const char* type;   ///< what its value is, for people
  bool required;      ///< must be given (in its block, when the block is given)
  const char* value;  ///< the default, or the rule its value follows
};

/// Every key, blocks first, in the order docs/spec.md lists them.
const std::vector<ConfigKey>& config_keys();

/// The names of the keys of `block` ("" for the top level).
std::vector<std::string> config_key_names(const std::string& block);

/// Whether `name` of `block` is a required key (false for an unknown key).
bool config_key_required(const std::string& block, const std::string& name);

/// config_keys() as a Markdown table (key, type, required, default or rule).
std::string config_keys_markdown();

}  // namespace pp
