#include "links/address_policy.h"

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <netdb.h>
#include <netinet/in.h>

#include <cstdint>
#include <cstring>

namespace pp {

namespace {

bool private_v4(std::uint32_t a) {  // host byte order
  auto in = [a](std::uint32_t net, int bits) {
    const std::uint32_t mask = bits == 0 ? 0 : ~0u << (32 - bits);
    return (a & mask) == (net & mask);
  };
  return in(0x00000000, 8) ||   // 0.0.0.0/8 "this network", unspecified
         in(0x0A000000, 8) ||   // 10/8
         in(0x64400000, 10) ||  // 100.64/10 carrier-grade NAT
         in(0x7F000000, 8) ||   // 127/8 loopback
         in(0xA9FE0000, 16) ||  // 169.254/16 link-local (cloud metadata)
         in(0xAC100000, 12) ||  // 172.16/12
         in(0xC0000000, 24) ||  // 192.0.0/24 IETF protocol assignments
         in(0xC0000200, 24) ||  // 192.0.2/24 documentation (TEST-NET-1)
         in(0xC0586300, 24) ||  // 192.88.99/24 deprecated 6to4 relays
         in(0xC0A80000, 16) ||  // 192.168/16
         in(0xC6120000, 15) ||  // 198.18/15 benchmarking
         in(0xC6336400, 24) ||  // 198.51.100/24 documentation (TEST-NET-2)
         in(0xCB007100, 24) ||  // 203.0.113/24 documentation (TEST-NET-3)
         in(0xE0000000, 4) ||   // 224/4 multicast
         in(0xF0000000, 4);     // 240/4 reserved, broadcast
}

// The IPv4 address in bytes b[i..i+3] of an IPv6 address, host byte order.
std::uint32_t v4_at(const unsigned char* b, int i) {
  return (std::uint32_t(b[i]) << 24) | (std::uint32_t(b[i + 1]) << 16) |
         (std::uint32_t(b[i + 2]) << 8) | std::uint32_t(b[i + 3]);
}

bool all_zero(const unsigned char* b, int n) {
  for (int i = 0; i < n; ++i)
    if (b[i]) return false;
  return true;
}

bool mapped_v4(const unsigned char* b) {  // ::ffff:a.b.c.d
  return all_zero(b, 10) && b[10] == 0xFF && b[11] == 0xFF;
}

bool private_v6(const unsigned char* b) {
  // IPv4-mapped ::ffff:a.b.c.d: the socket connects to the IPv4 address.
  if (mapped_v4(b)) return private_v4(v4_at(b, 12));
  // NAT64 well-known prefix 64:ff9b::/96 (RFC 6052): the gateway connects to
  // the IPv4 address in the last 32 bits.
  if (b[0] == 0x00 && b[1] == 0x64 && b[2] == 0xFF && b[3] == 0x9B && all_zero(b + 4, 8))
    return private_v4(v4_at(b, 12));
  // Outside global unicast 2000::/3 nothing is a public host: ::, ::1,
  // IPv4-compatible ::a.b.c.d and -translated ::ffff:0:a.b.c.d, the discard
  // prefix 100::/64, local-use NAT64 64:ff9b:1::/48, unique-local fc00::/7,
  // link-local fe80::/10, site-local fec0::/10, multicast ff00::/8.
  if ((b[0] & 0xE0) != 0x20) return true;
  if (b[0] == 0x20 && b[1] == 0x01 && b[2] == 0x00 && b[3] == 0x00) {
    // Teredo 2001::/32: the server's IPv4 address in bits 32-63, the client's
    // inverted in the last 32.
    return private_v4(v4_at(b, 4)) || private_v4(~v4_at(b, 12));
  }
  if (b[0] == 0x20 && b[1] == 0x01 && (b[2] & 0xFE) == 0x00) return true;         // 2001::/23 IETF
  if (b[0] == 0x20 && b[1] == 0x01 && b[2] == 0x0D && b[3] == 0xB8) return true;  // 2001:db8::/32
  if (b[0] == 0x20 && b[1] == 0x02) return private_v4(v4_at(b, 2));        // 6to4 2002:a.b.c.d::/48
  if (b[0] == 0x3F && b[1] == 0xFF && (b[2] & 0xF0) == 0x00) return true;  // 3fff::/20 doc
  return false;
}

}  // namespace

bool is_private_address(const sockaddr* address) {
  if (!address) return true;
  if (address->sa_family == AF_INET)
    return private_v4(ntohl(reinterpret_cast<const sockaddr_in*>(address)->sin_addr.s_addr));
  if (address->sa_family == AF_INET6)
    return private_v6(reinterpret_cast<const sockaddr_in6*>(address)->sin6_addr.s6_addr);
  return true;  // unknown families are never allowed
}

std::vector<sockaddr_storage> interface_addresses() {
  std::vector<sockaddr_storage> out;
  ifaddrs* list = nullptr;
  if (getifaddrs(&list) != 0) return out;
  for (const ifaddrs* i = list; i; i = i->ifa_next) {
    if (!i->ifa_addr) continue;
    sockaddr_storage s{};
    if (i->ifa_addr->sa_family == AF_INET)
      std::memcpy(&s, i->ifa_addr, sizeof(sockaddr_in));
    else if (i->ifa_addr->sa_family == AF_INET6)
      std::memcpy(&s, i->ifa_addr, sizeof(sockaddr_in6));
    else
      continue;
    out.push_back(s);
  }
  freeifaddrs(list);
  return out;
}

namespace {

// An address as family and bytes, with IPv4-mapped IPv6 turned into IPv4.
std::pair<int, std::string> address_key(const sockaddr* a) {
  if (a->sa_family == AF_INET) {
    const auto& in = reinterpret_cast<const sockaddr_in*>(a)->sin_addr;
    return {AF_INET, std::string(reinterpret_cast<const char*>(&in), 4)};
  }
  if (a->sa_family == AF_INET6) {
    const unsigned char* b = reinterpret_cast<const sockaddr_in6*>(a)->sin6_addr.s6_addr;
    if (mapped_v4(b)) return {AF_INET, std::string(reinterpret_cast<const char*>(b + 12), 4)};
    return {AF_INET6, std::string(reinterpret_cast<const char*>(b), 16)};
  }
  return {a->sa_family, ""};
}

}  // namespace

bool is_own_address(const sockaddr* address, const std::vector<sockaddr_storage>& own) {
  if (!address) return false;
  const auto key = address_key(address);
  for (const auto& o : own)
    if (address_key(reinterpret_cast<const sockaddr*>(&o)) == key) return true;
  return false;
}

std::string address_refusal(const sockaddr* address, const std::vector<sockaddr_storage>& own) {
  if (is_private_address(address)) return "private address " + address_text(address);
  if (is_own_address(address, own)) return "address " + address_text(address) + " of this machine";
  return "";
}

std::string address_text(const sockaddr* address) {
  char buf[INET6_ADDRSTRLEN] = "?";
  if (address && address->sa_family == AF_INET)
    inet_ntop(AF_INET, &reinterpret_cast<const sockaddr_in*>(address)->sin_addr, buf, sizeof buf);
  else if (address && address->sa_family == AF_INET6)
    inet_ntop(AF_INET6, &reinterpret_cast<const sockaddr_in6*>(address)->sin6_addr, buf,
              sizeof buf);
  return buf;
}

ResolvedHost resolve_host(const std::string& host) {
  ResolvedHost r;
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;  // every address the name has, not only the usable ones
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* list = nullptr;
  const int rc = getaddrinfo(host.c_str(), nullptr, &hints, &list);
  if (rc != 0) {
    r.not_found = rc == EAI_NONAME || rc == EAI_NODATA;
    r.error = gai_strerror(rc);
    return r;
  }
  for (const addrinfo* i = list; i; i = i->ai_next) {
    if (i->ai_addrlen > sizeof(sockaddr_storage)) continue;
    sockaddr_storage s{};
    std::memcpy(&s, i->ai_addr, i->ai_addrlen);
    r.addresses.push_back(s);
  }
  freeaddrinfo(list);
  if (r.addresses.empty()) r.error = "no address";
  return r;
}

}  // namespace pp
