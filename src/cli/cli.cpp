#include "cli/cli.h"

#include <cstdlib>
#include <iostream>
#include <map>

#include "core/clock.h"
#include "core/version.h"
#include "core/visible_text.h"
#include "driver/driver.h"

namespace pp {

namespace {

const char* kUsage =
    "Usage: polypress [-C DIR] COMMAND [options]\n"
    "\n"
    "Validates, checks and publishes a multilingual Markdown site.\n"
    "\n"
    "Commands:\n"
    "  init [DIR]           start a site: site.yaml, example articles, catalogs\n"
    "  validate [FILE...]   check front matter, bundles, body, figures, links\n"
    "  check [--external]   validate, plus sources; --external fetches every URL\n"
    "  build                validate, then write pages to public/, emails to mail/\n"
    "  edition --week W     the weekly brief of an ISO week, one email per language\n"
    "  send FILE.eml        a test send of one email through an SMTP server\n"
    "  new SECTION/SLUG     a new bundle (a draft), or a translation of one\n"
    "  list                 the articles a build publishes (--drafts, --future, --expired)\n"
    "  serve [--port N]     build, serve on 127.0.0.1, rebuild and reload on change\n"
    "  i18n SUBCOMMAND      extract, update, check, stats: the interface catalogs\n"
    "  translations         which translations are up to date, stale or missing;\n"
    "                       --diff what changed in the source; stamp FILE...\n"
    "  rules                list every rule id and what it checks\n"
    "\n"
    "Every command takes -C DIR (site root), --quiet and --help.\n"
    "Run 'polypress COMMAND --help' for its options.\n";

}  // namespace

int run_cli(const std::vector<std::string>& args) {
  using Command = int (*)(const std::vector<std::string>&);
  static const std::map<std::string, Command> commands = {
      {"validate", cmd_validate}, {"build", cmd_build}, {"rules", cmd_rules},
      {"check", cmd_check},       {"i18n", cmd_i18n},   {"translations", cmd_translations},
      {"edition", cmd_edition},   {"send", cmd_send},   {"new", cmd_new},
      {"serve", cmd_serve},       {"init", cmd_init},   {"list", cmd_list}};
  // A leading -C DIR belongs to every command: pass it on.
  std::vector<std::string> before;
  std::size_t i = 0;
  while (i < args.size() && (args[i] == "-C" || args[i].rfind("--directory", 0) == 0)) {
    before.push_back(args[i]);
    if ((args[i] == "-C" || args[i] == "--directory") && i + 1 < args.size())
      before.push_back(args[++i]);
    ++i;
  }
  if (i >= args.size()) {
    std::cerr << kUsage;
    return kExitUsage;
  }
  const std::string& name = args[i];
  if (name == "--help" || name == "-h" || name == "help") {
    std::cout << kUsage;
    return kExitOk;
  }
  if (name == "--version") {
    std::cout << "polypress " << kVersion << "\n";
    return kExitOk;
  }
  auto it = commands.find(name);
  if (it == commands.end()) {
    std::cerr << "polypress: unknown command '" << visible_text(name) << "'\n\n" << kUsage;
    return kExitUsage;
  }
  // Every command may read the time (what is published, sources' dates):
  // one set wrongly is refused, not replaced by the system clock.
  if (const std::string problem = source_date_epoch_problem(); !problem.empty()) {
    std::cerr << "polypress: " << problem << ", not '"
              << visible_text(std::getenv("SOURCE_DATE_EPOCH")) << "'\n";
    return kExitUsage;
  }
  std::vector<std::string> rest(before);
  rest.insert(rest.end(), args.begin() + static_cast<long>(i) + 1, args.end());
  return it->second(rest);
}

}  // namespace pp
