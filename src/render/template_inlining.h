#pragma once
// Internal to render: a template with its partials put in place, and where
// each stretch of the result comes from (for findings about it).

#include <cstddef>
#include <string>
#include <vector>

#include "render/render.h"

namespace pp {

/// Template `name`'s text with each {{> partial}} replaced by that
/// template's text (partials of partials too, eight deep; never one inside
/// itself, and never past kMaxInlinedTemplateBytes).
struct InlinedTemplate {
  std::string text;
  /// From `at` on, `text` is template `name`'s from `offset` on.
  struct Origin {
    std::size_t at = 0;
    std::string name;
    std::size_t offset = 0;
  };
  std::vector<Origin> origins;  ///< by `at`
  /// Each {{> partial}} left out because it would include itself: the
  /// template it is in, where, and the partial.
  struct Cycle {
    std::string name;
    std::size_t offset = 0;
    std::string partial;
  };
  std::vector<Cycle> cycles;
  /// True when the text reached kMaxInlinedTemplateBytes and was cut there.
  bool too_large = false;
  /// The origin of position `p` of `text`, and the offset in its template.
  std::pair<const Origin*, std::size_t> origin_of(std::size_t p) const;
};
InlinedTemplate inline_partials(const TemplateSet& set, const std::string& name);

}  // namespace pp
