#pragma once
// `polypress serve`: build, serve public/ on 127.0.0.1, rebuild on change,
// reload open pages.

#include <filesystem>
#include <iosfwd>

#include "config/config.h"
#include "content/content.h"

namespace pp {

struct ServeOptions {
  std::filesystem::path root = ".";
  int port = 1313;        ///< 0: any free port (printed)
  Publishing publishing;  ///< as build's --drafts, --future, --expired
  bool quiet = false;
  ConfigOverrides overrides;  ///< --env, --base-url
};

/// Runs until SIGINT or SIGTERM (then exit status 0). Progress lines go to
/// `log`; the serving address is printed there first. Exit 2 when the site
/// has no configuration or the port cannot be bound.
int run_serve(const ServeOptions& options, std::ostream& log);

}  // namespace pp
