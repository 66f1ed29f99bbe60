#include <iostream>

#include "cli/cli.h"
#include "cli/cli_common.h"
#include "content/article_type.h"
#include "core/visible_text.h"
#include "driver/driver.h"

namespace pp {

int cmd_new(const std::vector<std::string>& args) {
  CommonOptions common;
  std::string lang, type = to_string(ArticleType::news);
  std::vector<std::string> ids;
  po::options_description desc(
      "Usage: polypress new SECTION/SLUG [--lang L] [--type T]\n\n"
      "Creates content/SECTION/SLUG/index.<L>.md. In a new bundle: a draft source\n"
      "of type T (news, review or analysis; default news) in language L (default:\n"
      "the site's default language) whose front matter passes validate. In a\n"
      "bundle that exists: a translation into L of its source, with the source's\n"
      "title, summary, verdict and body to translate and source_digest set.\n"
      "Never overwrites a file.\n\nOptions");
  add_common_options(desc, common, {});
  desc.add_options()("lang", po::value<std::string>(&lang)->value_name("L"), "the file's language")(
      "type", po::value<std::string>(&type)->value_name("T"), "news, review or analysis");
  po::options_description hidden;
  hidden.add_options()("id", po::value<std::vector<std::string>>(&ids));
  po::options_description all;
  all.add(desc).add(hidden);
  po::positional_options_description pos;
  pos.add("id", -1);
  po::variables_map vm;
  if (!parse_command_line("new", args, all, &pos, vm)) return kExitUsage;
  if (common.help) {
    std::cout << desc;
    return kExitOk;
  }
  if (ids.size() != 1) {
    std::cerr << "polypress new: give one SECTION/SLUG, e.g. news/chip-launch\n";
    return kExitUsage;
  }
  const NewResult r = run_new(common.root, ids[0], lang, type);
  const int status = report_result("new", r);
  if (!r.path.empty() && !common.quiet) std::cout << visible_lines(r.path + "\n");
  return status;
}

}  // namespace pp
