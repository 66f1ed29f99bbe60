#pragma once
// Command-line front end: argv → a driver call → exit status. One file per command.

#include <string>
#include <vector>

namespace pp {

/// Runs `polypress` with its arguments (without argv[0]); returns the exit status.
int run_cli(const std::vector<std::string>& args);

/// Each command: parses its options, calls the driver, prints, returns the status.
int cmd_validate(const std::vector<std::string>& args);
int cmd_build(const std::vector<std::string>& args);
int cmd_rules(const std::vector<std::string>& args);
int cmd_check(const std::vector<std::string>& args);
int cmd_i18n(const std::vector<std::string>& args);
int cmd_translations(const std::vector<std::string>& args);
int cmd_edition(const std::vector<std::string>& args);
int cmd_send(const std::vector<std::string>& args);
/// `polypress new`: a new bundle or translation (cli_new.cpp).
int cmd_new(const std::vector<std::string>& args);
/// `polypress list`: the articles a build publishes (cli_list.cpp).
int cmd_list(const std::vector<std::string>& args);
/// `polypress init`: a starter site (cli_init.cpp).
int cmd_init(const std::vector<std::string>& args);
/// `polypress serve`: build, serve, rebuild and reload (cli_serve.cpp).
int cmd_serve(const std::vector<std::string>& args);
int cmd_check(const std::vector<std::string>& args);

}  // namespace pp
