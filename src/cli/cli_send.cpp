#include <iostream>

#include "cli/cli.h"
#include "cli/cli_common.h"
#include "core/visible_text.h"
#include "driver/driver.h"
#include "mail/mail.h"

namespace pp {

int cmd_send(const std::vector<std::string>& args) {
  CommonOptions common;
  std::string smtp, to, from;
  bool insecure_auth = false;
  std::vector<std::string> files;
  po::options_description desc(
      "Usage: polypress send FILE.eml --smtp URL --to ADDRESS [--from ADDRESS]\n\n"
      "Sends one email polypress wrote, byte for byte, through an SMTP server\n"
      "(smtp://host:port, or smtps:// for TLS; STARTTLS is used when offered), so\n"
      "an editor can look at it in their own mail client. Credentials in the URL\n"
      "(smtp://user:password@host) are only ever sent over TLS.\n\nOptions");
  add_common_options(desc, common, {});
  desc.add_options()("smtp", po::value<std::string>(&smtp)->value_name("URL"),
                     "the SMTP server, e.g. smtp://127.0.0.1:1025")(
      "to", po::value<std::string>(&to)->value_name("ADDRESS"), "the one recipient")(
      "from", po::value<std::string>(&from)->value_name("ADDRESS"),
      "envelope sender (default: the message's From address)")(
      "insecure-auth", po::bool_switch(&insecure_auth),
      "send the URL's credentials even when the server offers no TLS (in clear)");
  po::options_description hidden;
  hidden.add_options()("file", po::value<std::vector<std::string>>(&files));
  po::options_description all;
  all.add(desc).add(hidden);
  po::positional_options_description pos;
  pos.add("file", -1);
  po::variables_map vm;
  if (!parse_command_line("send", args, all, &pos, vm)) return kExitUsage;
  if (common.help) {
    std::cout << desc;
    return kExitOk;
  }
  if (files.size() != 1 || smtp.empty() || to.empty()) {
    std::cerr << "polypress send: give one FILE.eml, --smtp URL and --to ADDRESS\n";
    return kExitUsage;
  }
  const CommandResult r = run_send(files[0], smtp, to, from, insecure_auth);
  const int status = report_result("send", r);
  // The password is never echoed.
  if (status == kExitOk && !common.quiet)
    std::cout << visible_lines("sent " + files[0] + " to " + to + " through " + redacted_url(smtp) +
                               "\n");
  return status;
}

}  // namespace pp
