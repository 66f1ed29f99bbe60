#include <iostream>

#include "cli/cli.h"
#include "cli/cli_common.h"
#include "driver/driver.h"

namespace pp {

int cmd_check(const std::vector<std::string>& args) {
  FindingsOptions f;
  bool external = false, no_cache = false;
  po::options_description desc(
      "Usage: polypress check [options] [FILE...]\n\n"
      "All of validate, plus sources and product URLs. With --external, every\n"
      "http(s) URL of bodies, sources and products is fetched once (HEAD, then GET\n"
      "where HEAD is refused), concurrently, with retries, honouring 429\n"
      "Retry-After, through a cache in .polypress/. Dead links are errors, links\n"
      "that could not be confirmed warnings, skipped ones notes.\n\nOptions");
  desc.add_options()("external", po::bool_switch(&external), "fetch every http(s) URL")(
      "no-cache", po::bool_switch(&no_cache), "neither read nor write the link cache");
  if (const int status = parse_findings_command("check", args, desc, f); status >= 0) return status;
  CheckOptions options;
  options.root = f.common.root;
  options.files = f.files;
  options.jobs = f.jobs;
  options.external = external;
  options.use_cache = !no_cache;
  options.overrides = f.overrides;
  const bool show = !f.common.quiet && stderr_is_terminal();
  if (show)
    options.progress = [](std::size_t done, std::size_t total, std::size_t failing) {
      std::cerr << "\rchecking links: " << done << "/" << total;
      if (failing) std::cerr << " (" << failing << " failing)";
      std::cerr << "\x1b[K" << std::flush;
    };
  const CheckResult r = run_check(options);
  if (show && r.urls > r.urls_cached) std::cerr << "\n";
  const int status = finish_findings_command("check", f, r);
  if (show && external)
    std::cerr << "polypress: " << r.urls << " unique URLs, " << r.urls_cached
              << " from the cache\n";
  return status;
}

}  // namespace pp
