#pragma once
// Internal to links: which resolved addresses the link checker may connect to.

#include <sys/socket.h>

#include <functional>
#include <string>
#include <vector>

namespace pp {

/// True for every address that is not a public unicast address: loopback,
/// private (RFC 1918), carrier-grade NAT, link-local, documentation, benchmarking,
/// multicast, broadcast and reserved IPv4; every IPv6 address outside global
/// unicast 2000::/3 (loopback, unspecified, unique-local, link- and site-local,
/// multicast, the discard prefix 100::/64, IPv4-compatible and -translated forms,
/// local-use NAT64 64:ff9b:1::/48), the special ranges inside it (documentation,
/// ORCHID), and IPv6 forms carrying a private IPv4 address: IPv4-mapped
/// ::ffff:0:0/96, NAT64 64:ff9b::/96, 6to4 2002::/16 and Teredo 2001::/32.
bool is_private_address(const sockaddr* address);

/// The addresses configured on this machine's interfaces (getifaddrs), whatever
/// their range: a public address there is still this machine.
std::vector<sockaddr_storage> interface_addresses();

/// True when `address` (or the IPv4 address an IPv4-mapped one carries) is one
/// of `own`.
bool is_own_address(const sockaddr* address, const std::vector<sockaddr_storage>& own);

/// Why the link checker must not connect to `address` ("private address
/// 10.0.0.1", "address 203.0.113.7 of this machine"), or "" when it may.
std::string address_refusal(const sockaddr* address, const std::vector<sockaddr_storage>& own);

/// The numeric form of an address, for messages ("127.0.0.1", "::1").
std::string address_text(const sockaddr* address);

/// The addresses a host name or address literal (IPv6 without brackets)
/// resolves to, or the resolver's error text when it does not resolve.
struct ResolvedHost {
  std::vector<sockaddr_storage> addresses;
  bool not_found = false;  ///< the name does not exist (as opposed to a resolver failure)
  std::string error;       ///< set when `addresses` is empty
};

/// Resolves `host` with getaddrinfo, as libcurl does for a direct connection.
ResolvedHost resolve_host(const std::string& host);

/// Decides, per connection about to be opened, whether it may be.
using AddressPolicy = std::function<bool(const sockaddr* address)>;

}  // namespace pp
