#pragma once
// Internal to render: a template value escaped for where it lands. A
// prepared template marks each value that does not land in plain HTML with
// its context (template_contexts.h); after rendering, each marked value is
// taken out of its HTML escaping and escaped for its context instead.
//
// The marks are noncharacters (U+FDD0…U+FDD2): every value, translation and
// template text is stripped of them before it reaches the output
// (drop_refused_in_markup), so no input can forge or hide one.

#include <string>
#include <string_view>

#include "core/url_scheme.h"
#include "render/template_contexts.h"

namespace pp {

/// What a marked value starts with, is followed by its context's letter,
/// then kValueStart, the HTML-escaped value and kValueEnd.
inline constexpr std::string_view kMarkStart = "\xEF\xB7\x90";   // U+FDD0
inline constexpr std::string_view kValueStart = "\xEF\xB7\x91";  // U+FDD1
inline constexpr std::string_view kValueEnd = "\xEF\xB7\x92";    // U+FDD2
/// Put where a URL attribute's value starts with a value, followed by the
/// attribute's quote: the finished attribute's scheme is checked as well.
inline constexpr std::string_view kUrlAttributeStart = "\xEF\xB7\x93";  // U+FDD3

/// What an unsafe CSS value becomes: a keyword no property takes, so the
/// declaration is dropped.
inline constexpr std::string_view kInertCss = "polypress-unsafe-css";

/// `value` (plain text) escaped for `context`, ready to stand in the page.
std::string escape_for_context(ValueContext context, std::string_view value);

/// `rendered` with every marked value escaped for its context, every marked
/// URL attribute whose finished value has a refused scheme made inert, and
/// the marks gone.
std::string finish_marked_values(std::string_view rendered);

}  // namespace pp
