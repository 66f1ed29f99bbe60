#pragma once
// Internal to render: what the HTML and text renderers of a body share.

#include <string>

#include "render/render.h"

namespace pp {

/// `text` with each {{fig:NAME}} replaced by the figure formatted for `locale`
/// (an unknown name is left as written; validate reports it).
std::string expand_figures(const std::string& text, const Article& a, const Locale& locale);

}  // namespace pp
