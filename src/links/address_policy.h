#pragma once
// Internal to links: which resolved addresses the link checker may connect to.

#include <sys/socket.h>

#include <functional>
#include <string>

namespace pp {

/// True for loopback, private (RFC 1918, CGNAT 100.64/10), link-local, unique-local,
/// unspecified, multicast, broadcast and documentation-free reserved ranges, in IPv4,
/// IPv6 and IPv4-mapped/compatible IPv6 forms.
bool is_private_address(const sockaddr* address);

/// The numeric form of an address, for messages ("127.0.0.1", "::1").
std::string address_text(const sockaddr* address);

/// Decides, per connection about to be opened, whether it may be.
using AddressPolicy = std::function<bool(const sockaddr* address)>;

}  // namespace pp
