#pragma once
// The scheme of a URL as a browser reads it (for Markdown links and for
// template values alike), and whether a template value may link to it
// (docs/templates.md, "Where a value lands").

#include <string>
#include <string_view>

namespace pp {

/// What a URL with a refused scheme becomes: a link that goes nowhere.
inline constexpr std::string_view kInertUrl = "about:invalid#polypress-unsafe-url";

/// The scheme of `url` as a browser reads it, lowercased (spaces and
/// controls anywhere in it dropped); "" when it has none.
std::string url_scheme(std::string_view url);

/// True when `url` has a scheme a page may not link to: anything but http,
/// https, mailto and tel (javascript:, vbscript:, data:, …). A relative URL
/// has none and passes.
bool url_scheme_refused(std::string_view url);

}  // namespace pp
