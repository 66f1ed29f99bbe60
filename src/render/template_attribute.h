#pragma once
// Internal to render: one attribute of a start tag as template_contexts.cpp
// reads it, and what its values are escaped as.

#include <cstddef>
#include <string>
#include <vector>

#include "render/html_contexts.h"
#include "render/template_contexts.h"

namespace pp {

/// One attribute of the start tag being read.
struct TagAttribute {
  std::string name, literal;  // the literal: the value's text, holes left out
  char quote = 0;
  std::size_t value_start = 0;        // in the template, after the opening quote
  std::size_t sections_at_start = 0;  // sections open where the value starts
  bool fixed_text = false;            // text outside those sections' own has come
  bool any_text = false;              // text other than spaces has come
  bool in_query = false;              // a '?' or '#' has come
  char last_text = 0;                 // the last character other than a space
  JsReader js;                        // the literal read as script (on… attributes)
  // What held where each hole is (each known without reading the value
  // again: a template may hold many values in one attribute).
  struct Hole {
    std::size_t index;
    bool fixed_text, any_text, in_query, after_comma, in_js_string, first;
  };
  std::vector<Hole> holes;
};

/// The kind of URL attribute `a` of `element` is ('u', 's', 'r': see
/// UrlAttribute), or 0; `all` are the tag's attributes (a <meta>'s property).
char url_kind(const std::string& element, const TagAttribute& a,
              const std::vector<TagAttribute>& all);

/// Where hole `h` of attribute `a`, of URL kind `kind`, lands.
ValueContext context_of(char kind, const TagAttribute& a, const TagAttribute::Hole& h);

}  // namespace pp
