// The sender's postal address every email should carry (config/postal-address).
#include "driver/driver_internal.h"

namespace pp {

void check_postal_address(const SiteConfig& config, DiagnosticSink& sink) {
  // Every email is bulk email: the law of the US (CAN-SPAM) and the habit of
  // newsletter tools (Ghost's footer field) put the sender's address in it.
  if (config.newsletter.address.empty())
    sink.warning(config.newsletter.where, "config/postal-address",
                 "newsletter.address is not set: every email's footer should carry the "
                 "sender's postal address (CAN-SPAM asks for one in bulk email)");
}

}  // namespace pp
