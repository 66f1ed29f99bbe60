#pragma once
// Internal to render: the tags of a template as template_contexts.cpp meets
// them: values, translations, sections, raw values, and the rest.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace pp {

/// A tag of a template as the context scanner meets it.
struct Piece {
  enum Kind { value, translation, open, close, raw, other } kind = other;
  std::size_t position = 0, length = 0;
  std::string name;
};

/// Every tag of `text` in order, each translation ({{#t}}…{{/t}}) as one;
/// `changes_delimiters` tells whether the text changes them ({{=<% %>=}}).
std::vector<Piece> pieces_of(std::string_view text, bool& changes_delimiters);

}  // namespace pp
