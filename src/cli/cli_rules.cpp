#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/cli.h"
#include "cli/cli_common.h"
#include "config/config.h"
#include "core/json_text.h"
#include "core/rules.h"
#include "core/safe_fs.h"
#include "core/site_layout.h"
#include "core/visible_text.h"
#include "driver/driver.h"

namespace pp {

int cmd_rules(const std::vector<std::string>& args) {
  CommonOptions common;
  po::options_description desc(
      "Usage: polypress rules [--format text|json]\n\n"
      "Lists every rule id polypress reports, its severity and what it checks.\n"
      "In a site whose site.yaml sets a level under 'rules:', that level is shown\n"
      "(and the rule's own in parentheses). docs/rules.md shows each rule with a\n"
      "bad example and its exact message.\n\nOptions");
  add_common_options(desc, common, kTableFormats);
  po::variables_map vm;
  if (!parse_command_line("rules", args, desc, nullptr, vm)) return kExitUsage;
  if (common.help) {
    std::cout << desc;
    return kExitOk;
  }
  if (!format_accepted("rules", common, kTableFormats)) return kExitUsage;
  // The site's levels, when there is a site here; without one, the rules' own.
  RuleLevels levels;
  if (file_kind(std::filesystem::path(common.root) / kSiteConfigPath) != FileKind::missing) {
    DiagnosticSink sink;
    const auto config = load_site_config(common.root, sink);
    if (!config) {
      std::cerr << visible_lines(format_diagnostics(sink.sorted(), OutputFormat::text));
      return kExitUsage;
    }
    levels = config->rule_levels;
  }
  auto level_of = [&](const RuleInfo& r) -> std::string {
    const auto it = levels.find(r.id);
    if (it == levels.end()) return severity_name(r.severity);
    return it->second ? severity_name(*it->second) : "ignore";
  };
  if (common.format == "json") {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& r : all_rules())
      out.push_back({{"id", r.id},
                     {"severity", level_of(r)},
                     {"default_severity", severity_name(r.severity)},
                     {"summary", r.summary}});
    std::cout << json_text(out, 2) << "\n";
    return kExitOk;
  }
  for (const auto& r : all_rules()) {
    const std::string level = level_of(r);
    std::cout << std::left << std::setw(30) << r.id << std::setw(9) << level << r.summary
              << (level == severity_name(r.severity) ? ""
                                                     : std::string(" (site.yaml; its own level: ") +
                                                           severity_name(r.severity) + ")")
              << "\n";
  }
  return kExitOk;
}

}  // namespace pp
