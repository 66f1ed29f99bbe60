#pragma once
// Internal to cli: options every command shares, and printing findings.

#include <boost/program_options.hpp>
#include <string>
#include <vector>

#include "config/config.h"
#include "core/command_result.h"
#include "core/diagnostic.h"

namespace pp {

namespace po = boost::program_options;

/// Options of every command: -C DIR, --quiet, --format, --help.
struct CommonOptions {
  std::string root = ".";
  bool quiet = false;
  std::string format = "text";
  bool help = false;
};

/// The --format values of commands that print findings.
inline const std::vector<std::string> kFindingFormats = {"text", "json", "github", "sarif"};
/// The --format values of commands that print a table or a list.
inline const std::vector<std::string> kTableFormats = {"text", "json"};

/// Adds the shared options to a description; --format, listing exactly
/// `formats`, unless it is empty.
void add_common_options(po::options_description& desc, CommonOptions& common,
                        const std::vector<std::string>& formats);

/// True when --format is one of `formats`; otherwise says so on stderr.
bool format_accepted(const std::string& command, const CommonOptions& common,
                     const std::vector<std::string>& formats);

/// Parses args into `vm`; on a usage error prints it with the command's usage
/// and returns false.
bool parse_command_line(const std::string& command, const std::vector<std::string>& args,
                        const po::options_description& desc,
                        const po::positional_options_description* positional,
                        po::variables_map& vm);

/// Adds --env NAME and --base-url URL (docs/spec.md §2, "Environments").
void add_environment_options(po::options_description& desc, ConfigOverrides& overrides);

/// True when --env and --base-url are usable (a '/' is added to a base URL
/// without one); otherwise says so on stderr.
bool environment_accepted(const std::string& command, ConfigOverrides& overrides);

/// Prints findings: text to stderr, machine formats to stdout.
void print_diagnostics(const DiagnosticSink& sink, OutputFormat format);

/// A path relative to the site as findings show it: from --path-base (or the
/// git work tree holding the site) when that is another folder; an absolute
/// path as it is. build --explain names its outputs so too.
std::string shown_from_base(const std::string& path);

/// True when stderr is a terminal (progress and summaries are shown only then).
bool stderr_is_terminal();

/// Prints a command's findings (in `format`) and, when it stopped early, its
/// error as "polypress COMMAND: message" on stderr; returns its exit status.
int report_result(const std::string& command, const CommandResult& result,
                  OutputFormat format = OutputFormat::text);

}  // namespace pp

namespace pp {

/// What validate and check share: FILE arguments, --strict, --jobs, --format.
struct FindingsOptions {
  CommonOptions common;
  bool strict = false;
  int jobs = 0;
  std::vector<std::string> files;
  OutputFormat format = OutputFormat::text;
  ConfigOverrides overrides;  ///< --env, --base-url: the site as that build sees it
};

/// Adds the shared options to `desc` (which may hold the command's own), parses
/// args, prints --help, and checks --format and --jobs. Returns -1 to go on, or
/// the exit status to end with.
int parse_findings_command(const std::string& command, const std::vector<std::string>& args,
                           po::options_description& desc, FindingsOptions& out);

/// Prints the findings and a stopping error, and applies --strict: the exit status.
int finish_findings_command(const std::string& command, const FindingsOptions& options,
                            const CommandResult& result);

}  // namespace pp
