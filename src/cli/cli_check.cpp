#include <iostream>

#include "cli/cli.h"
#include "cli/cli_common.h"
#include "driver/driver.h"

namespace pp {

int cmd_check(const std::vector<std::string>& args) {
  CommonOptions common;
  bool strict = false, external = false, no_cache = false;
  int jobs = 0;
  std::vector<std::string> files;
  po::options_description desc(
      "Usage: polypress check [options] [FILE...]\n\n"
      "All of validate, plus sources and product URLs. With --external, every\n"
      "http(s) URL of bodies, sources and products is fetched once (HEAD, then GET\n"
      "where HEAD is refused), concurrently, with retries, honouring 429\n"
      "Retry-After, through a cache in .polypress/. Dead links are errors, links\n"
      "that could not be confirmed warnings, skipped ones notes.\n\nOptions");
  add_common_options(desc, common, true);
  desc.add_options()("external", po::bool_switch(&external), "fetch every http(s) URL")(
      "no-cache", po::bool_switch(&no_cache), "neither read nor write the link cache")(
      "strict", po::bool_switch(&strict), "warnings also fail (exit 1)")(
      "jobs,j", po::value<int>(&jobs)->value_name("N"), "parallel readers (default: one per core)");
  po::options_description hidden;
  hidden.add_options()("file", po::value<std::vector<std::string>>(&files));
  po::options_description all;
  all.add(desc).add(hidden);
  po::positional_options_description pos;
  pos.add("file", -1);
  po::variables_map vm;
  if (!parse_command_line("check", args, all, &pos, vm)) return kExitUsage;
  if (common.help) {
    std::cout << desc
              << "\nExit status: 0 no errors, 1 errors found, 2 usage or configuration error.\n";
    return kExitOk;
  }
  OutputFormat format;
  if (!parse_output_format(common.format, format)) {
    std::cerr << "polypress check: unknown --format '" << common.format
              << "' (text, json, github or sarif)\n";
    return kExitUsage;
  }
  if (vm.count("jobs") && jobs < 1) {
    std::cerr << "polypress check: --jobs must be at least 1\n";
    return kExitUsage;
  }
  CheckOptions options;
  options.root = common.root;
  options.files = files;
  options.jobs = jobs;
  options.external = external;
  options.use_cache = !no_cache;
  const bool show = !common.quiet && stderr_is_terminal();
  if (show)
    options.progress = [](std::size_t done, std::size_t total, std::size_t failing) {
      std::cerr << "\rchecking links: " << done << "/" << total;
      if (failing) std::cerr << " (" << failing << " failing)";
      std::cerr << "\x1b[K" << std::flush;
    };
  RunResult r = run_check(options);
  if (show && r.urls > r.urls_cached) std::cerr << "\n";
  print_diagnostics(r.diagnostics, format);
  if (!r.usage_error.empty()) std::cerr << "polypress check: " << r.usage_error << "\n";
  if (show && external)
    std::cerr << "polypress: " << r.urls << " unique URLs, " << r.urls_cached
              << " from the cache\n";
  if (r.exit_code == kExitOk && strict && r.diagnostics.count(Severity::warning) > 0)
    return kExitFindings;
  return r.exit_code;
}

}  // namespace pp
