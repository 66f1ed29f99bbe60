#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/cli.h"
#include "cli/cli_common.h"
#include "core/json_text.h"
#include "core/rules.h"
#include "driver/driver.h"

namespace pp {

int cmd_rules(const std::vector<std::string>& args) {
  CommonOptions common;
  po::options_description desc(
      "Usage: polypress rules [--format text|json]\n\n"
      "Lists every rule id polypress reports, its severity and what it checks.\n"
      "docs/rules.md shows each with a bad example and its exact message.\n\nOptions");
  add_common_options(desc, common, kTableFormats);
  po::variables_map vm;
  if (!parse_command_line("rules", args, desc, nullptr, vm)) return kExitUsage;
  if (common.help) {
    std::cout << desc;
    return kExitOk;
  }
  if (!format_accepted("rules", common, kTableFormats)) return kExitUsage;
  if (common.format == "json") {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& r : all_rules())
      out.push_back(
          {{"id", r.id}, {"severity", severity_name(r.severity)}, {"summary", r.summary}});
    std::cout << json_text(out, 2) << "\n";
    return kExitOk;
  }
  for (const auto& r : all_rules())
    std::cout << std::left << std::setw(30) << r.id << std::setw(9) << severity_name(r.severity)
              << r.summary << "\n";
  return kExitOk;
}

}  // namespace pp
