#include "links/address_policy.h"

#include <arpa/inet.h>
#include <netinet/in.h>

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
         in(0xC0A80000, 16) ||  // 192.168/16
         in(0xC6120000, 15) ||  // 198.18/15 benchmarking
         in(0xE0000000, 4) ||   // 224/4 multicast
         in(0xF0000000, 4);     // 240/4 reserved, broadcast
}

}  // namespace

bool is_private_address(const sockaddr* address) {
  if (!address) return true;
  if (address->sa_family == AF_INET) {
    const auto* v4 = reinterpret_cast<const sockaddr_in*>(address);
    return private_v4(ntohl(v4->sin_addr.s_addr));
  }
  if (address->sa_family == AF_INET6) {
    const auto* v6 = reinterpret_cast<const sockaddr_in6*>(address);
    const unsigned char* b = v6->sin6_addr.s6_addr;
    static const unsigned char zeros[16] = {};
    // IPv4-mapped ::ffff:a.b.c.d and the deprecated IPv4-compatible ::a.b.c.d.
    const bool mapped = std::memcmp(b, zeros, 10) == 0 && b[10] == 0xFF && b[11] == 0xFF;
    const bool compatible = std::memcmp(b, zeros, 12) == 0;
    if (mapped || compatible) {
      const std::uint32_t a = (std::uint32_t(b[12]) << 24) | (b[13] << 16) | (b[14] << 8) | b[15];
      return compatible && a <= 1 ? true : private_v4(a);  // :: and ::1 are covered here
    }
    if ((b[0] & 0xFE) == 0xFC) return true;                  // fc00::/7 unique-local
    if (b[0] == 0xFE && (b[1] & 0xC0) == 0x80) return true;  // fe80::/10 link-local
    if (b[0] == 0xFE && (b[1] & 0xC0) == 0xC0) return true;  // fec0::/10 site-local
    if (b[0] == 0xFF) return true;                           // ff00::/8 multicast
    if (b[0] == 0x00 && b[1] == 0x64 && b[2] == 0xFF && b[3] == 0x9B) {
      // 64:ff9b::/96 NAT64 carries an IPv4 address.
      const std::uint32_t a = (std::uint32_t(b[12]) << 24) | (b[13] << 16) | (b[14] << 8) | b[15];
      return private_v4(a);
    }
    return false;
  }
  return true;  // unknown families are never allowed
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

}  // namespace pp
