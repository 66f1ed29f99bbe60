#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/cli.h"
#include "cli/cli_common.h"
#include "cli/terminal.h"
#include "core/site_layout.h"
#include "core/visible_text.h"
#include "driver/driver.h"

namespace pp {

namespace {

// "polypress: built 151 files in 0.46 s: 120 pages, 30 emails; 16 written,
// 135 unchanged; 1 warning (public)".
std::string build_summary(const BuildResult& r, double seconds) {
  char time[32];
  std::snprintf(time, sizeof time, "%.2f s", seconds);
  const std::size_t warnings = r.diagnostics.count(Severity::warning);
  const std::string warned =
      warnings == 0
          ? ""
          : "; " + colored(std::to_string(warnings) + (warnings == 1 ? " warning" : " warnings"),
                           "33");
  if (r.reused)
    return "polypress: " + colored("nothing changed", "32") + " since the last build; " +
           std::to_string(r.stats.unchanged) + " files up to date (" + time + ")" + warned;
  return "polypress: " + colored("built", "32") + " " +
         std::to_string(r.stats.written + r.stats.unchanged) + " files in " + time + ": " +
         std::to_string(r.pages) + " pages, " + std::to_string(r.emails) + " emails; " +
         std::to_string(r.stats.written) + " written, " + std::to_string(r.stats.unchanged) +
         " unchanged" + warned + " (" + visible_text(r.out_dir.lexically_normal().string()) + ")";
}

// --shard K/N, each of 1 to 4 digits, checked by hand: false when malformed.
bool parse_shard(const std::string& shard, BuildOptions& options) {
  const auto slash = shard.find('/');
  auto number = [](const std::string& s) {
    const bool ok =
        !s.empty() && s.size() <= 4 && s.find_first_not_of("0123456789") == std::string::npos;
    return ok ? std::stoi(s) : -1;
  };
  const int k = slash == std::string::npos ? -1 : number(shard.substr(0, slash));
  const int n = slash == std::string::npos ? -1 : number(shard.substr(slash + 1));
  if (k < 1 || n < 0 || k > n) return false;
  options.shard_index = k;
  options.shard_count = n;
  return true;
}

// Runs the build with a progress counter on a terminal, prints what it found
// and a summary; the exit status.
// build --explain on standard error: for the build as a whole, then for each
// output rendered or removed (sorted), why; as text lines or one JSON document.
void print_explanations(std::vector<Explained> all, OutputFormat format) {
  std::stable_sort(all.begin(), all.end(), [](const Explained& a, const Explained& b) {
    return a.output < b.output;  // the build's own ("") first
  });
  if (format == OutputFormat::json) {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& e : all)
      list.push_back({{"output", e.output.empty() ? nlohmann::json()
                                                  : nlohmann::json(shown_from_base(e.output))},
                      {"reason", e.reason}});
    std::cerr << nlohmann::json{{"explain", list}}.dump(2, ' ', false,
                                                        nlohmann::json::error_handler_t::replace)
              << "\n";
    return;
  }
  for (const auto& e : all)
    std::cerr << "explain: "
              << (e.output.empty() ? "" : visible_text(shown_from_base(e.output)) + ": ")
              << visible_text(e.reason) << "\n";
}

int build_and_report(BuildOptions& options, OutputFormat format, bool show) {
  Progress progress("polypress: rendering", show);
  options.progress = [&](std::size_t done, std::size_t total) { progress.update(done, total); };
  const auto started = std::chrono::steady_clock::now();
  const BuildResult r = run_build(options);
  progress.finish();
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  const int status = report_result("build", r, format);
  if (options.explain) print_explanations(r.explained, format);
  if (status == kExitOk && show) std::cerr << build_summary(r, seconds) << "\n";
  if (status == kExitFindings && format == OutputFormat::text) {
    if (r.write_failed)
      std::cerr << "polypress: build failed while writing; " << r.stats.written
                << " file(s) were replaced, every file is whole\n";
    else
      std::cerr << "polypress: build stopped: " << r.diagnostics.count(Severity::error)
                << " error(s); nothing was written\n";
  }
  return status;
}

}  // namespace

int cmd_build(const std::vector<std::string>& args) {
  CommonOptions common;
  BuildOptions options;
  std::string out = kDefaultOutFolder, mail = kDefaultMailFolder, langs, shard;
  int jobs = 0;
  po::options_description desc(
      "Usage: polypress build [options]\n\n"
      "Validates the site, then writes its pages to public/ (and per-article\n"
      "emails to mail/). Writes nothing when validation finds an error. When\n"
      "nothing changed since the last successful build (inputs, options, outputs;\n"
      "recorded in .polypress/build.sqlite), nothing is rendered or written.\n\nOptions");
  add_common_options(desc, common, kFindingFormats);
  desc.add_options()("out", po::value<std::string>(&out)->value_name("DIR"),
                     "output folder for pages (default: public, under the site root)")(
      "mail-out", po::value<std::string>(&mail)->value_name("DIR"),
      "output folder for emails (default: mail)")(
      "lang", po::value<std::string>(&langs)->value_name("LIST"),
      "comma-separated languages to build (default: all)")(
      "jobs,j", po::value<int>(&jobs)->value_name("N"), "parallel jobs (default: one per core)")(
      "drafts", po::bool_switch(&options.publishing.drafts), "include articles with draft: true")(
      "future", po::bool_switch(&options.publishing.future), "include articles dated after now")(
      "expired", po::bool_switch(&options.publishing.expired),
      "include articles past their expires date")("shard",
                                                  po::value<std::string>(&shard)->value_name("K/N"),
                                                  "write only the K-th of N shares of the output")(
      "clean", po::bool_switch(&options.clean),
      "remove every file of the output folders this build does not produce")(
      "explain", po::bool_switch(&options.explain),
      "say why each file is rendered or removed (on standard error)");
  add_environment_options(desc, options.overrides);
  po::variables_map vm;
  if (!parse_command_line("build", args, desc, nullptr, vm)) return kExitUsage;
  if (common.help) {
    std::cout << desc
              << "\nExit status: 0 built, 1 errors found (nothing written), 2 usage or "
                 "configuration error.\n";
    return kExitOk;
  }
  OutputFormat format;
  if (!format_accepted("build", common, kFindingFormats)) return kExitUsage;
  if (!environment_accepted("build", options.overrides)) return kExitUsage;
  parse_output_format(common.format, format);
  if (vm.count("jobs") && jobs < 1) {
    std::cerr << "polypress build: --jobs must be at least 1\n";
    return kExitUsage;
  }
  if (!shard.empty() && !parse_shard(shard, options)) {
    std::cerr << "polypress build: --shard must be K/N with 1 <= K <= N, not '"
              << visible_text(shard) << "'\n";
    return kExitUsage;
  }
  std::stringstream ss(langs);
  for (std::string item; std::getline(ss, item, ',');)
    if (!item.empty()) options.languages.push_back(item);
  // A build of some languages removes nothing; --clean must not seem to.
  if (options.clean && !options.languages.empty()) {
    std::cerr << "polypress build: --clean removes what a build of every language does not "
                 "produce; it cannot be given with --lang\n";
    return kExitUsage;
  }
  options.root = common.root;
  options.out_dir = out;
  options.mail_dir = mail;
  options.jobs = jobs;
  options.process_exits = true;
  return build_and_report(options, format, !common.quiet && stderr_is_terminal());
}

}  // namespace pp
