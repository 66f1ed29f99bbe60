#pragma once
// Internal to render: filling a template with kainjow Mustache.

#include <kainjow/mustache.hpp>

#include "render/render.h"
#include "render/view_data.h"

namespace pp {

namespace mustache = kainjow::mustache;

/// The built-in theme's templates by template name ("article",
/// "email/article.html"): what a site without its own file renders with.
const std::map<std::string, std::string>& builtin_templates();

/// Renders template `name` with `data`, every other template available as a
/// partial and `{{#t}}msgid{{/t}}` translated (and escaped) through `locale`.
/// A render error is reported against the template file.
std::string render_template(const TemplateSet& templates, const std::string& name,
                            const ViewData& data, const Locale& locale, DiagnosticSink& sink);

/// Renders a plain-text template (email text parts): nothing is escaped, and
/// `{{#t}}msgid{{/t}}` is translated through `locale`.
std::string render_text_template(const TemplateSet& templates, const std::string& name,
                                 const ViewData& data, const Locale& locale, DiagnosticSink& sink);

}  // namespace pp
