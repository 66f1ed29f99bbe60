#pragma once
// Internal to render: where in HTML each value of a template lands. A
// template is read once as HTML with its Mustache tags as holes (the way Go's
// html/template reads a Hugo template), so that a value in an href is judged
// as a URL, one in a style attribute as CSS and one in a <script> as script
// (docs/templates.md, "Where a value lands").

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace pp {

/// How a value is escaped where it lands. The letters are those the marks
/// in a prepared template carry (context_escape.h).
enum class ValueContext : char {
  html = 'h',                 ///< text, an ordinary attribute: HTML-escaped
  element_name = 'n',         ///< a whole element name (<{{heading}}>)
  url_start = 'u',            ///< a URL attribute before any text of its own
  url_path = 'p',             ///< after a URL's first characters: normalised
  url_query = 'q',            ///< after '?' or '#': one query component
  srcset = 's',               ///< srcset: normalised, ',' and spaces encoded
  css_attribute = 'c',        ///< a style attribute
  css_element = 'C',          ///< a <style> element
  js_attribute = 'j',         ///< an on… attribute, outside a string
  js_attribute_string = 'k',  ///< an on… attribute, inside a string
  js_element = 'J',           ///< a <script> element, outside a string
  js_element_string = 'K',    ///< a <script> element, inside a string
};

/// One tag of a template that puts text on the page: a value (`{{name}}`,
/// `{{.}}`) or a translation (`{{#t}}…{{/t}}`), and where it lands.
struct ValueHole {
  std::size_t position = 0, length = 0;
  bool translation = false;
  /// The tag's name ("extra.site", "."), or a translation's msgid.
  std::string name;
  /// The innermost section around it ("extra.links"), or "".
  std::string section;
  /// True when a section around it is `extra` or one of its parts
  /// ({{#extra.links}}): the value may come from `extra:`.
  bool under_extra = false;
  ValueContext context = ValueContext::html;
  /// The element and attribute it is in ("a", "href"), where it is in one.
  std::string element, attribute;
  /// True when it may be where a URL starts: the first value of a URL
  /// attribute, with no text of the template's before it but what a section
  /// may leave out ({{^external}}/{{/external}}{{href}}). For validate's
  /// warning: the rendered attribute is judged whole whatever this says.
  bool may_start_url = false;
};

/// A URL attribute with values in it: after rendering, the finished value is
/// judged whole (values side by side, or after a section's text, could spell
/// a scheme no one of them has).
struct UrlAttribute {
  /// Where its value starts, just after the opening quote, and that quote.
  std::size_t position = 0;
  char quote = '"';
  /// 'u' one URL, 's' a srcset (each candidate's URL), 'r' a <meta
  /// http-equiv="refresh"> content ("5; url=…").
  char kind = 'u';
};

/// A place where no value may stand: part of an element's name, an
/// attribute or an attribute's name, an attribute value without quotes, a
/// delimiter change (after which nothing is read), sections nested too deep.
struct ContextProblem {
  std::size_t position = 0;
  std::string rule;  ///< template/context, template/unquoted-attribute or template/syntax
  std::string message;
};

struct TemplateContexts {
  std::vector<ValueHole> holes;              ///< in order
  std::vector<UrlAttribute> url_attributes;  ///< in order
  std::vector<ContextProblem> problems;
};

/// Sections may nest this deep in a template, partials included.
inline constexpr std::size_t kMaxSectionDepth = 100;

/// Reads `text` (a template, partials inlined or not) as HTML and finds
/// where each value and translation lands. Sections, comments and partials
/// are read as nothing; raw values ({{{body_html}}}) are not holes. Linear in
/// the text's length, however many values it holds.
TemplateContexts find_value_contexts(std::string_view text);

}  // namespace pp
