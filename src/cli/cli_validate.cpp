#include <iostream>

#include "cli/cli.h"
#include "cli/cli_common.h"
#include "driver/driver.h"

namespace pp {

int cmd_validate(const std::vector<std::string>& args) {
  CommonOptions common;
  bool strict = false;
  std::vector<std::string> files;
  po::options_description desc(
      "Usage: polypress validate [options] [FILE...]\n\n"
      "Checks front matter, bundles, body syntax, figures, internal links and\n"
      "anchors. With FILEs, reports findings in those files only.\n\nOptions");
  add_common_options(desc, common, true);
  int jobs = 0;
  desc.add_options()("strict", po::bool_switch(&strict), "warnings also fail (exit 1)")(
      "jobs,j", po::value<int>(&jobs)->value_name("N"), "parallel jobs (default: one per core)");
  po::options_description hidden;
  hidden.add_options()("file", po::value<std::vector<std::string>>(&files));
  po::options_description all;
  all.add(desc).add(hidden);
  po::positional_options_description pos;
  pos.add("file", -1);
  po::variables_map vm;
  if (!parse_command_line("validate", args, all, &pos, vm)) return kExitUsage;
  if (common.help) {
    std::cout << desc
              << "\nExit status: 0 no errors, 1 errors found, 2 usage or configuration error.\n";
    return kExitOk;
  }
  OutputFormat format;
  if (!parse_output_format(common.format, format)) {
    std::cerr << "polypress validate: unknown --format '" << common.format
              << "' (text, json, github or sarif)\n";
    return kExitUsage;
  }
  if (vm.count("jobs") && jobs < 1) {
    std::cerr << "polypress validate: --jobs must be at least 1\n";
    return kExitUsage;
  }
  ValidateOptions options;
  options.root = common.root;
  options.jobs = jobs;
  options.files = files;
  RunResult r = run_validate(options);
  print_diagnostics(r.diagnostics, format);
  if (!r.usage_error.empty()) std::cerr << "polypress validate: " << r.usage_error << "\n";
  if (r.exit_code == kExitOk && strict && r.diagnostics.count(Severity::warning) > 0)
    return kExitFindings;
  return r.exit_code;
}

}  // namespace pp
