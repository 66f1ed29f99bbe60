#include "cli/cli.h"
#include "cli/cli_common.h"
#include "driver/driver.h"

namespace pp {

int cmd_validate(const std::vector<std::string>& args) {
  FindingsOptions f;
  po::options_description desc(
      "Usage: polypress validate [options] [FILE...]\n\n"
      "Checks front matter, bundles, body syntax, figures, internal links and\n"
      "anchors. With FILEs, reports findings in those files only.\n\nOptions");
  if (const int status = parse_findings_command("validate", args, desc, f); status >= 0)
    return status;
  ValidateOptions options;
  options.root = f.common.root;
  options.jobs = f.jobs;
  options.files = f.files;
  options.overrides = f.overrides;
  return finish_findings_command("validate", f, run_validate(options));
}

}  // namespace pp
