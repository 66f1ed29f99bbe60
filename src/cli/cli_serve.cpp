#include <iostream>

#include "cli/cli.h"
#include "cli/cli_common.h"
#include "driver/driver.h"
#include "serve/serve.h"

namespace pp {

int cmd_serve(const std::vector<std::string>& args) {
  CommonOptions common;
  ServeOptions options;
  po::options_description desc(
      "Usage: polypress serve [--port N] [--drafts] [--future] [--expired]\n\n"
      "Builds the site, serves public/ on http://127.0.0.1:N/ and watches content/,\n"
      "locales/ and pipeline/: after every change it builds again (incrementally)\n"
      "and open pages reload by themselves. When a build fails, pages show its\n"
      "diagnostics until it is fixed. Pages are served under the path of the base\n"
      "URL (https://example.org/blog/ is served at /blog/). Ctrl-C stops it.\n\nOptions");
  add_common_options(desc, common, {});
  desc.add_options()("port", po::value<int>(&options.port)->value_name("N"),
                     "port on 127.0.0.1 (default 1313; 0 picks a free one)")(
      "drafts", po::bool_switch(&options.publishing.drafts), "include draft: true articles")(
      "future", po::bool_switch(&options.publishing.future), "include articles dated after now")(
      "expired", po::bool_switch(&options.publishing.expired),
      "include articles past their expires date");
  add_environment_options(desc, options.overrides);
  po::variables_map vm;
  if (!parse_command_line("serve", args, desc, nullptr, vm)) return kExitUsage;
  if (common.help) {
    std::cout << desc;
    return kExitOk;
  }
  if (!environment_accepted("serve", options.overrides)) return kExitUsage;
  if (options.port < 0 || options.port > 65535) {
    std::cerr << "polypress serve: --port must be 0 to 65535\n";
    return kExitUsage;
  }
  options.root = common.root;
  options.quiet = common.quiet;
  return run_serve(options, std::cerr);
}

}  // namespace pp
