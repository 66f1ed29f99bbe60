#pragma once
// Internal to render: a template value escaped for where it lands. A
// prepared template marks each value that does not land in plain HTML with
// its context (template_contexts.h), and each URL attribute with values in
// it; after rendering, each marked value is taken out of its HTML escaping
// and escaped for its context instead, and each marked URL attribute is
// judged whole.
//
// The marks are noncharacters (U+FDD0…U+FDD3): every value, translation and
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
/// Put just after a URL attribute's opening quote, followed by the
/// attribute's kind (UrlAttribute::kind) and its quote.
inline constexpr std::string_view kUrlAttributeStart = "\xEF\xB7\x93";  // U+FDD3

/// What an unsafe CSS value becomes: a keyword no property takes, so the
/// declaration is dropped.
inline constexpr std::string_view kInertCss = "polypress-unsafe-css";
/// What an element name no template may choose becomes: an element no
/// browser gives a meaning.
inline constexpr std::string_view kInertElement = "polypress-unsafe-element";

/// `value` (plain text) escaped for `context`, ready to stand in the page.
std::string escape_for_context(ValueContext context, std::string_view value);

/// `rendered` with every marked value escaped for its context, every marked
/// URL attribute whose finished value has a refused scheme made
/// about:invalid#polypress-unsafe-url, and the marks gone.
std::string finish_marked_values(std::string_view rendered);

/// True when the finished value of a URL attribute of `kind` ('u', 's',
/// 'r'), as the page holds it (character references and all), names a URL
/// with a refused scheme.
bool url_attribute_refused(char kind, std::string_view value);

}  // namespace pp
