#pragma once
// Internal to config: the shapes of the URLs site.yaml takes, checked by hand
// (no std::regex on configuration text).

#include <string>

namespace pp {

/// ^https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?(/[^\s]*)?$ where the path is valid
/// UTF-8 without controls or bidi and line-layout controls (U+202E, U+2028).
bool is_absolute_http_url(const std::string& s);

/// links.proxy: scheme://host[:port][/], the schemes libcurl speaks to
/// proxies; no credentials (site.yaml is committed) and no path.
bool is_proxy_url(const std::string& s);

}  // namespace pp
