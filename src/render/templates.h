#pragma once
// Internal to render: filling a template with kainjow Mustache.

#include <kainjow/mustache.hpp>

#include "render/render.h"

namespace pp {

namespace mustache = kainjow::mustache;

/// Renders template `name` with `data`, every other template available as a
/// partial and `{{#t}}msgid{{/t}}` translated (and escaped) through `locale`.
/// A render error is reported against the template file.
std::string render_template(const TemplateSet& templates, const std::string& name,
                            mustache::data data, const Locale& locale, DiagnosticSink& sink);

}  // namespace pp
