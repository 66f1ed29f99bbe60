#include <iostream>

#include "cli/cli.h"
#include "cli/cli_common.h"
#include "driver/driver.h"

namespace pp {

int cmd_i18n(const std::vector<std::string>& args) {
  const char* usage =
      "Usage: polypress i18n extract [-C DIR]\n\n"
      "  extract   write locales/polypress.pot from the templates ({{#t}}...{{/t}}),\n"
      "            the section titles of site.yaml and the strings of the code\n";
  if (args.empty() || args[0] == "--help" || args[0] == "-h") {
    (args.empty() ? std::cerr : std::cout) << usage;
    return args.empty() ? kExitUsage : kExitOk;
  }
  std::vector<std::string> rest;
  std::string sub;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (sub.empty() && args[i].rfind("-", 0) != 0 && (i == 0 || args[i - 1] != "-C"))
      sub = args[i];
    else
      rest.push_back(args[i]);
  }
  if (sub != "extract") {
    std::cerr << "polypress i18n: unknown subcommand '" << sub << "'\n\n" << usage;
    return kExitUsage;
  }
  CommonOptions common;
  po::options_description desc(usage);
  add_common_options(desc, common, false);
  po::variables_map vm;
  if (!parse_command_line("i18n extract", rest, desc, nullptr, vm)) return kExitUsage;
  if (common.help) {
    std::cout << desc;
    return kExitOk;
  }
  const RunResult r = run_i18n_extract(common.root);
  print_diagnostics(r.diagnostics, OutputFormat::text);
  return r.exit_code;
}

}  // namespace pp
