#pragma once
// Internal to links: the CA certificates https is checked against.

#include <optional>
#include <string>

#include "links/links.h"

namespace pp {

/// The CA bundle the machine names for https: SSL_CERT_FILE (as OpenSSL and
/// curl read it) or CURL_CA_BUNDLE (as curl does); "" for libcurl's own.
std::string ca_bundle_from_environment();

/// Why https cannot be checked here: the bundle named, or else the one
/// libcurl was built to read (Debian: ca-certificates' file), is missing or
/// holds nothing. nullopt when it is there, or when the TLS library keeps
/// its own store (libcurl names no file).
std::optional<UrlProber::HttpsProblem> ca_bundle_problem();

}  // namespace pp
