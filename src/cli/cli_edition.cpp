#include <iostream>
#include <sstream>

#include "cli/cli.h"
#include "cli/cli_common.h"
#include "core/site_layout.h"
#include "core/visible_text.h"
#include "driver/driver.h"

namespace pp {

int cmd_edition(const std::vector<std::string>& args) {
  CommonOptions common;
  EditionOptions options;
  std::string week, mail = kDefaultMailFolder, langs;
  po::options_description desc(
      "Usage: polypress edition --week YYYY-Www [--lang LIST]\n\n"
      "Writes the weekly brief of an ISO week (cut in site.time_zone), one email\n"
      "per language, to mail/<lang>/brief-YYYY-Www.eml: reviews first with rating\n"
      "and verdict, then news and analysis with summary and verdict. Validates the\n"
      "site first and writes nothing when it finds an error.\n\nOptions");
  add_common_options(desc, common, {});
  desc.add_options()("week", po::value<std::string>(&week)->value_name("YYYY-Www"),
                     "the ISO week, e.g. 2026-W48")(
      "lang", po::value<std::string>(&langs)->value_name("LIST"),
      "comma-separated languages (default: all)")("mail-out",
                                                  po::value<std::string>(&mail)->value_name("DIR"),
                                                  "output folder for emails (default: mail)");
  add_environment_options(desc, options.overrides);
  po::variables_map vm;
  if (!parse_command_line("edition", args, desc, nullptr, vm)) return kExitUsage;
  if (common.help) {
    std::cout << desc
              << "\nExit status: 0 written, 1 errors found or no article that week (nothing "
                 "written), 2 usage or configuration error.\n";
    return kExitOk;
  }
  if (!environment_accepted("edition", options.overrides)) return kExitUsage;
  if (week.empty()) {
    std::cerr << "polypress edition: --week YYYY-Www is required\n";
    return kExitUsage;
  }
  std::stringstream ss(langs);
  for (std::string item; std::getline(ss, item, ',');)
    if (!item.empty()) options.languages.push_back(item);
  options.root = common.root;
  options.mail_dir = mail;
  options.week = week;
  const EditionResult r = run_edition(options);
  const int status = report_result("edition", r);
  std::string written;
  for (const auto& f : r.files) written += f + "\n";
  std::cout << visible_lines(written);
  return status;
}

}  // namespace pp
