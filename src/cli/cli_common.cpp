#include "cli/cli_common.h"

#include "cli/terminal.h"
#include "core/visible_text.h"

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <optional>

namespace pp {

namespace {

namespace fs = std::filesystem;

// This run's site root (-C) and --path-base: what finding paths are
// relative to. Set while the command line is read; one run, one site.
std::string g_site_root = ".";
std::optional<std::string> g_path_base;

// Where finding paths start (a prefix like "site/"), and what that base is:
// --path-base, else the git work tree holding the site; nothing when the base
// is the site root itself (or there is none).
std::pair<std::string, std::string> finding_path_base() {
  std::error_code ec;
  const fs::path root = fs::weakly_canonical(fs::absolute(g_site_root, ec), ec);
  fs::path base;
  std::string what;
  if (g_path_base) {
    base = fs::weakly_canonical(fs::absolute(*g_path_base, ec), ec);
    what = "--path-base";
  } else {
    // A .git folder (or a worktree's .git file) marks the work tree's top.
    for (fs::path p = root; !p.empty(); p = p.parent_path()) {
      if (fs::symlink_status(p / ".git", ec).type() != fs::file_type::not_found) {
        base = p;
        break;
      }
      if (p == p.parent_path()) break;
    }
    what = "the root of the git work tree holding the site";
  }
  if (base.empty()) return {};
  const fs::path rel = root.lexically_relative(base);
  if (rel.empty() || rel == ".") return {};
  return {rel.generic_string() + "/", what};
}

// "text, json or sarif".
std::string format_list(const std::vector<std::string>& formats) {
  std::string out;
  for (std::size_t i = 0; i < formats.size(); ++i)
    out += (i == 0 ? "" : i + 1 == formats.size() ? " or " : ", ") + formats[i];
  return out;
}

}  // namespace

bool format_accepted(const std::string& command, const CommonOptions& common,
                     const std::vector<std::string>& formats) {
  if (std::find(formats.begin(), formats.end(), common.format) != formats.end()) return true;
  std::cerr << "polypress " << command << ": --format must be " << format_list(formats) << ", not '"
            << visible_text(common.format) << "'\n";
  return false;
}

void add_common_options(po::options_description& desc, CommonOptions& common,
                        const std::vector<std::string>& formats) {
  desc.add_options()("help,h", po::bool_switch(&common.help), "show this help")(
      "directory,C", po::value<std::string>(&common.root)->value_name("DIR"),
      "site root (default: .)")("quiet,q", po::bool_switch(&common.quiet),
                                "no progress or summary output");
  if (!formats.empty())
    desc.add_options()("format", po::value<std::string>(&common.format)->value_name("FORMAT"),
                       ("output as " + format_list(formats) + " (default: text)").c_str());
  if (std::find(formats.begin(), formats.end(), "github") != formats.end())
    desc.add_options()(
        "path-base", po::value<std::string>()->value_name("DIR"),
        "finding paths relative to DIR (default: the git work tree holding the site, else the "
        "site root)");
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
    if (vm.count("directory")) g_site_root = vm["directory"].as<std::string>();
    if (vm.count("path-base")) g_path_base = vm["path-base"].as<std::string>();
    return true;
  } catch (const po::error& e) {
    std::cerr << "polypress " << command << ": " << visible_text(e.what()) << "\n"
              << "Try 'polypress " << command << " --help'.\n";
    return false;
  }
}

std::string shown_from_base(const std::string& path) {
  if (path.empty() || path[0] == '/') return path;
  return finding_path_base().first + path;
}

void print_diagnostics(const DiagnosticSink& sink, OutputFormat format) {
  // Annotations land on the files of a pull request only with paths from the
  // repository's root.
  std::vector<Diagnostic> items = sink.sorted();
  const auto [prefix, base] = finding_path_base();
  for (auto& d : items)
    if (!d.where.path.empty() && d.where.path[0] != '/') d.where.path = prefix + d.where.path;
  const std::string text = format_diagnostics(items, format, base);
  if (format == OutputFormat::text)
    std::cerr << color_findings(text);
  else
    std::cout << text;
}

bool stderr_is_terminal() {
  return ::isatty(STDERR_FILENO) == 1;
}

int report_result(const std::string& command, const CommandResult& result, OutputFormat format) {
  print_diagnostics(result.diagnostics, format);
  if (result.error && !result.error->message.empty())
    std::cerr << "polypress " << command << ": " << visible_text(result.error->message) << "\n";
  return exit_status(result);
}

}  // namespace pp

#include "driver/driver.h"

namespace pp {

int parse_findings_command(const std::string& command, const std::vector<std::string>& args,
                           po::options_description& desc, FindingsOptions& out) {
  add_common_options(desc, out.common, kFindingFormats);
  desc.add_options()("strict", po::bool_switch(&out.strict), "warnings also fail (exit 1)")(
      "jobs,j", po::value<int>(&out.jobs)->value_name("N"),
      "parallel jobs (default: one per core)");
  add_environment_options(desc, out.overrides);
  po::options_description hidden;
  hidden.add_options()("file", po::value<std::vector<std::string>>(&out.files));
  po::options_description all;
  all.add(desc).add(hidden);
  po::positional_options_description pos;
  pos.add("file", -1);
  po::variables_map vm;
  if (!parse_command_line(command, args, all, &pos, vm)) return kExitUsage;
  if (out.common.help) {
    std::cout << desc
              << "\nExit status: 0 no errors, 1 errors found (or warnings with --strict), "
                 "2 usage or configuration error.\n";
    return kExitOk;
  }
  if (!format_accepted(command, out.common, kFindingFormats)) return kExitUsage;
  if (!environment_accepted(command, out.overrides)) return kExitUsage;
  parse_output_format(out.common.format, out.format);
  if (vm.count("jobs") && out.jobs < 1) {
    std::cerr << "polypress " << command << ": --jobs must be at least 1\n";
    return kExitUsage;
  }
  return -1;
}

int finish_findings_command(const std::string& command, const FindingsOptions& options,
                            const CommandResult& r) {
  const int status = report_result(command, r, options.format);
  if (status == kExitOk && options.strict && r.diagnostics.count(Severity::warning) > 0)
    return kExitFindings;
  return status;
}

void add_environment_options(po::options_description& desc, ConfigOverrides& overrides) {
  desc.add_options()("env", po::value<std::string>(&overrides.env)->value_name("NAME"),
                     "merge pipeline/site.NAME.yaml over site.yaml (staging URLs, …)")(
      "base-url", po::value<std::string>(&overrides.base_url)->value_name("URL"),
      "publish under URL instead of site.base_url (a preview or staging address)");
}

bool environment_accepted(const std::string& command, ConfigOverrides& overrides) {
  if (!overrides.env.empty() && !is_env_name(overrides.env)) {
    std::cerr << "polypress " << command << ": --env must be a name [a-z0-9]+(-[a-z0-9]+)*, not '"
              << visible_text(overrides.env) << "'\n";
    return false;
  }
  if (overrides.base_url.empty()) return true;
  if (overrides.base_url.back() != '/') overrides.base_url += '/';
  if (const std::string problem = base_url_problem(overrides.base_url); !problem.empty()) {
    std::cerr << "polypress " << command << ": --base-url: " << visible_text(problem) << "\n";
    return false;
  }
  return true;
}

}  // namespace pp
