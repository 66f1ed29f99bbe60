#include <iostream>

#include "cli/cli.h"
#include "cli/cli_common.h"
#include "core/visible_text.h"
#include "driver/driver.h"

namespace pp {

int cmd_init(const std::vector<std::string>& args) {
  CommonOptions common;
  InitOptions o;
  std::vector<std::string> dirs;
  po::options_description desc(
      "Usage: polypress init [DIR] [--languages L,L…] [--title T] [--base-url URL]\n"
      "                      [--eject-theme] [--force]\n\n"
      "Starts a site in DIR (default: the -C folder): pipeline/site.yaml, one\n"
      "example article per type, and a catalog per language with its plural forms.\n"
      "Pages use the built-in theme; --eject-theme copies it into pipeline/ to edit.\n"
      "DIR must be empty (--force adds what is missing); no file is ever overwritten.\n"
      "\nOptions");
  add_common_options(desc, common, {});
  desc.add_options()("languages", po::value<std::string>(&o.languages)->value_name("L,L…"),
                     "language codes, the first the default (default: en)")(
      "title", po::value<std::string>(&o.title)->value_name("T"),
      "the site's name (default: My site)")(
      "base-url", po::value<std::string>(&o.base_url)->value_name("URL"),
      "where the site is published (default: https://example.org/)")(
      "eject-theme", po::bool_switch(&o.eject_theme),
      "copy the built-in templates and static files into pipeline/")(
      "force", po::bool_switch(&o.force), "write into a folder that is not empty");
  po::options_description hidden;
  hidden.add_options()("dir", po::value<std::vector<std::string>>(&dirs));
  po::options_description all;
  all.add(desc).add(hidden);
  po::positional_options_description pos;
  pos.add("dir", -1);
  po::variables_map vm;
  if (!parse_command_line("init", args, all, &pos, vm)) return kExitUsage;
  if (common.help) {
    std::cout << desc;
    return kExitOk;
  }
  if (dirs.size() > 1) {
    std::cerr << "polypress init: give one folder\n";
    return kExitUsage;
  }
  o.dir = dirs.empty() ? std::filesystem::path(common.root)
                       : std::filesystem::path(common.root) / dirs[0];
  const InitResult r = run_init(o);
  const int status = report_result("init", r);
  if (!common.quiet) {
    for (const auto& f : r.written) std::cout << visible_lines("created " + f + "\n");
    for (const auto& f : r.kept) std::cout << visible_lines("kept    " + f + "\n");
    if (status == kExitOk)
      std::cout << visible_lines("\nNext: polypress -C " + r.root.string() +
                                 " serve   (preview on http://127.0.0.1:1313/)\n");
  }
  return status;
}

}  // namespace pp
