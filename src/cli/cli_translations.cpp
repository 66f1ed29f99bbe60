#include <iostream>

#include "cli/cli.h"
#include "cli/cli_common.h"
#include "cli/translator_reports.h"
#include "core/visible_text.h"
#include "driver/driver.h"

namespace pp {

int cmd_translations(const std::vector<std::string>& args) {
  // "stamp" is the first argument that is neither an option nor -C's value.
  bool stamp = false;
  std::vector<std::string> rest;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const bool option_value =
        i > 0 && (args[i - 1] == "-C" || args[i - 1] == "--directory" || args[i - 1] == "--format");
    if (!stamp && rest.size() == i && args[i] == "stamp" && !option_value) {
      stamp = true;
      continue;
    }
    rest.push_back(args[i]);
  }
  CommonOptions common;
  std::vector<std::string> files;
  po::options_description desc(
      "Usage: polypress translations [--format text|json] [--diff]\n"
      "       polypress translations stamp [--force] FILE...\n\n"
      "Shows, per bundle and language: source, up to date, stale (the source\n"
      "changed since the translation's source_digest), unstamped or missing.\n"
      "'stamp' records the current source digest in each translation FILE after\n"
      "it was brought up to date (a body still identical to the source's needs\n"
      "--force). With --diff, in a git repository, each stale\n"
      "translation shows which paragraphs and front matter keys of its source\n"
      "changed since the stamped version.\n\nOptions");
  add_common_options(desc, common, kTableFormats);
  bool diff = false, force = false;
  desc.add_options()("diff", po::bool_switch(&diff),
                     "show the source's changes since each stale translation was stamped")(
      "force", po::bool_switch(&force),
      "stamp: also a translation whose body is still the source's");
  po::options_description hidden;
  hidden.add_options()("file", po::value<std::vector<std::string>>(&files));
  po::options_description all;
  all.add(desc).add(hidden);
  po::positional_options_description pos;
  pos.add("file", -1);
  po::variables_map vm;
  if (!parse_command_line("translations", rest, all, &pos, vm)) return kExitUsage;
  if (common.help) {
    std::cout << desc;
    return kExitOk;
  }
  if (stamp) {
    if (files.empty()) {
      std::cerr << "polypress translations stamp: name the translation files to stamp\n";
      return kExitUsage;
    }
    return report_result("translations", run_translations_stamp(common.root, files, force));
  }
  if (force) {
    std::cerr << "polypress translations: --force goes with 'stamp'\n";
    return kExitUsage;
  }
  if (!files.empty()) {
    std::cerr << "polypress translations: unexpected argument '" << visible_text(files[0]) << "'\n";
    return kExitUsage;
  }
  if (!format_accepted("translations", common, kTableFormats)) return kExitUsage;
  const TranslationsResult r = run_translations(common.root, diff);
  const int status = report_result("translations", r);
  if (!r.error)
    std::cout << visible_lines(common.format == "json" ? translations_json(r)
                                                       : translations_text(r));
  return status;
}

}  // namespace pp
