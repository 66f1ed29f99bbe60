#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/cli.h"
#include "cli/cli_common.h"
#include "core/json_text.h"
#include "core/visible_text.h"
#include "driver/driver.h"

namespace pp {

int cmd_list(const std::vector<std::string>& args) {
  CommonOptions common;
  ListOptions o;
  po::options_description desc(
      "Usage: polypress list [--drafts] [--future] [--expired] [--format text|json]\n\n"
      "Lists the article files a build publishes now: state, date, file and title.\n"
      "--drafts, --future and --expired add drafts, articles dated after now and\n"
      "articles past their expires date.\n\nOptions");
  add_common_options(desc, common, kTableFormats);
  desc.add_options()("drafts", po::bool_switch(&o.publishing.drafts), "also drafts")(
      "future", po::bool_switch(&o.publishing.future), "also articles dated after now")(
      "expired", po::bool_switch(&o.publishing.expired), "also articles past their expires date");
  po::variables_map vm;
  if (!parse_command_line("list", args, desc, nullptr, vm)) return kExitUsage;
  if (common.help) {
    std::cout << desc;
    return kExitOk;
  }
  if (!format_accepted("list", common, kTableFormats)) return kExitUsage;
  o.root = common.root;
  const ListResult r = run_list(o);
  const int status = report_result("list", r);
  if (r.error) return status;
  if (common.format == "json") {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& a : r.articles)
      list.push_back(
          {{"path", a.path},
           {"bundle", a.bundle},
           {"lang", a.lang},
           {"type", a.type},
           {"title", a.title},
           {"date", a.date},
           {"expires", a.expires.empty() ? nlohmann::json(nullptr) : nlohmann::json(a.expires)},
           {"state", a.state}});
    std::cout << json_text(nlohmann::json{{"articles", list}}) << "\n";
    return status;
  }
  std::string text;
  for (const auto& a : r.articles) {
    std::string state = a.state;
    state.resize(10, ' ');
    std::string date = a.date;
    if (date.size() < 10) date.resize(10, ' ');
    text += state + date + "  " + a.path + "  " + a.title + "\n";
  }
  std::cout << visible_lines(text);
  return status;
}

}  // namespace pp
