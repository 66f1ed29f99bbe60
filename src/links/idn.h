#pragma once
// Internal to links: international domain names in the URLs libcurl fetches.

#include <string>

namespace pp {

/// `url` with its host name in ASCII (UTS #46 to Punycode, as browsers do),
/// e.g. http://bücher.example/ → http://xn--bcher-kva.example/. libcurl 7.88
/// converts through the C library's locale, which is "C" here, so it calls
/// such URLs malformed. A URL that is already ASCII, or that does not parse,
/// or whose host is not a valid IDN, is returned as it is.
std::string ascii_host_url(const std::string& url);

}  // namespace pp
