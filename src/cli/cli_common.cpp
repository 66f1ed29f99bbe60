#include "cli/cli_common.h"

#include <unistd.h>

#include <iostream>

namespace pp {

void add_common_options(po::options_description& desc, CommonOptions& common, bool with_format) {
  desc.add_options()("help,h", po::bool_switch(&common.help), "show this help")(
      "directory,C", po::value<std::string>(&common.root)->value_name("DIR"),
      "site root (default: .)")("quiet,q", po::bool_switch(&common.quiet),
                                "no progress or summary output");
  if (with_format)
    desc.add_options()("format", po::value<std::string>(&common.format)->value_name("FORMAT"),
                       "findings as text (default), json, github or sarif");
}

bool parse_command_line(const std::string& command, const std::vector<std::string>& args,
                        const po::options_description& desc,
                        const po::positional_options_description* positional,
                        po::variables_map& vm) {
  try {
    po::command_line_parser parser(args);
    parser.options(desc);
    if (positional) parser.positional(*positional);
    po::store(parser.run(), vm);
    po::notify(vm);
    return true;
  } catch (const po::error& e) {
    std::cerr << "polypress " << command << ": " << e.what() << "\n"
              << "Try 'polypress " << command << " --help'.\n";
    return false;
  }
}

void print_diagnostics(const DiagnosticSink& sink, OutputFormat format) {
  const std::string text = format_diagnostics(sink.sorted(), format);
  if (format == OutputFormat::text)
    std::cerr << text;
  else
    std::cout << text;
}

bool stderr_is_terminal() {
  return ::isatty(STDERR_FILENO) == 1;
}

}  // namespace pp
