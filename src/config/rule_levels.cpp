#include "config/rule_levels.h"

#include "core/rules.h"
#include "core/text.h"

namespace pp {

void read_rule_levels(const YAML::Node& block, const YamlOrigin& origin, RuleLevels& levels,
                      DiagnosticSink& sink) {
  if (!block.IsMap()) {
    sink.error(location_of(block, origin), "config/value-type",
               "'rules' must be a mapping of rule id to error, warning, note or ignore");
    return;
  }
  std::vector<std::string> ids;
  for (const auto& r : all_rules()) ids.push_back(r.id);
  check_unknown_keys(block, ids, origin, "config/rules", "'rules'", sink);
  for (const auto& entry : block) {
    const auto id = scalar_string(entry.first, "rules", origin, "config/value-type", sink);
    const RuleInfo* rule = id ? find_rule(*id) : nullptr;
    if (!rule) continue;  // reported above
    const auto level = scalar_string(entry.second, *id, origin, "config/value-type", sink);
    if (!level) continue;
    std::optional<Severity> severity;
    if (*level == "error")
      severity = Severity::error;
    else if (*level == "warning")
      severity = Severity::warning;
    else if (*level == "note")
      severity = Severity::note;
    else if (*level != "ignore") {
      sink.error(location_of(entry.second, origin), "config/rules",
                 "'" + quote_for_message(*level, 40) +
                     "' is not a level; use error, warning, note or ignore");
      continue;
    }
    // An error stops build; letting validate pass what build refuses, or
    // build write what it cannot render, is not a level a site can choose.
    if (rule->severity == Severity::error && severity != Severity::error) {
      sink.error(location_of(entry.second, origin), "config/rules",
                 "'" + *id + "' is an error: build cannot go on past it, so it cannot be set to " +
                     *level + " (only warnings and notes can be)");
      continue;
    }
    levels[*id] = severity;
  }
}

}  // namespace pp
