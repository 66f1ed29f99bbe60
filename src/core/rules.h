#pragma once
// The registry of every rule id polypress reports: SARIF metadata, `polypress
// rules` and docs/rules.md come from here.

#include <string>
#include <vector>

#include "core/diagnostic.h"

namespace pp {

/// One rule: a stable id, the severity it is reported with, what it checks.
struct RuleInfo {
  std::string id;
  Severity severity;
  std::string summary;
};

/// Every rule, sorted by id.
const std::vector<RuleInfo>& all_rules();

/// The rule with this id, or nullptr.
const RuleInfo* find_rule(const std::string& id);

}  // namespace pp
