// Every command's --help lists exactly the --format values it accepts.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "support/temp_site.h"

namespace pp {
namespace {

// The formats a --help text lists on its --format option line ("output as
// text, json, github or sarif"), or none.
std::vector<std::string> listed_formats(const std::string& help) {
  std::istringstream in(help);
  std::string line;
  while (std::getline(in, line)) {
    const auto at = line.find("--format FORMAT");
    if (at == std::string::npos) continue;
    std::string list = line.substr(line.find("output as ") + 10);
    list = list.substr(0, list.find(" (default"));
    std::vector<std::string> out;
    std::string word;
    std::istringstream words(list);
    while (words >> word) {
      if (word == "or") continue;
      if (word.back() == ',') word.pop_back();
      out.push_back(word);
    }
    return out;
  }
  return {};
}

TEST(CliFormats, HelpListsExactlyTheFormatsACommandAccepts) {
  const std::vector<std::vector<std::string>> commands = {{"build"},
                                                          {"validate"},
                                                          {"check"},
                                                          {"i18n", "check"},
                                                          {"i18n", "stats"},
                                                          {"i18n", "update"},
                                                          {"i18n", "extract"},
                                                          {"translations"},
                                                          {"rules"},
                                                          {"edition"},
                                                          {"new"},
                                                          {"send"},
                                                          {"serve"}};
  test::TempDir dir;  // an empty folder: no site, so nothing runs past the options
  int with_format = 0;
  for (const auto& command : commands) {
    std::vector<std::string> help = command;
    help.push_back("--help");
    const auto h = test::run_polypress(help);
    ASSERT_EQ(h.exit_code, 0) << command[0];
    const auto listed = listed_formats(h.out);
    with_format += !listed.empty();
    for (const std::string format : {"text", "json", "github", "sarif", "xml"}) {
      std::vector<std::string> args = command;
      for (const std::string& a :
           {std::string("-C"), dir.path().string(), std::string("--format"), std::string(format)})
        args.push_back(a);
      const auto r = test::run_polypress(args);
      const bool accepted = std::find(listed.begin(), listed.end(), format) != listed.end();
      // Refused: a usage error that names --format; accepted: any other outcome.
      const bool refused = r.exit_code == 2 && r.err.find("--format") != std::string::npos;
      EXPECT_EQ(refused, !accepted) << command[0] << (command.size() > 1 ? " " + command[1] : "")
                                    << " --format " << format << ": " << r.err;
    }
  }
  EXPECT_EQ(with_format, 7);
}

}  // namespace
}  // namespace pp
