#pragma once
// Internal to render: the few Mustache tags polypress looks for in template
// text before kainjow parses it (raw output, partials, {{#t}} translations).
// Found by hand in one pass over the text: a template is site content, and
// std::regex recursed once per character.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pp {

/// One tag found in a template: where it starts, its length, and its name or
/// text (empty where the tag has none).
struct TemplateTag {
  std::size_t position = 0, length = 0;
  std::string text;
};

/// Every {{{ name }}} and {{& name }} (output without escaping), in order; the
/// name is a run of characters other than '}' and white space.
std::vector<TemplateTag> find_raw_tags(std::string_view text);

/// Every {{> name}} (a partial), in order.
std::vector<TemplateTag> find_partials(std::string_view text);

/// Every {{#t}}msgid{{/t}}, in order; the text is the msgid (up to the first
/// {{/t}}).
std::vector<TemplateTag> find_translations(std::string_view text);

/// Every tag of a template in order, each read once from its "{{" to its
/// "}}" ("}}}" for a triple mustache): its contents trimmed, sigil included
/// ("#items", "/items", "> header", "! note"); a triple's as "&name", as
/// Mustache reads `{{{name}}}` and `{{&name}}` alike.
struct TemplateTags {
  std::vector<TemplateTag> tags;
  /// Where a tag never closed starts, when one is: the scan stopped there.
  std::optional<std::size_t> unclosed;
  /// A delimiter change ({{=<% %>=}}): the scan stopped before it.
  bool changes_delimiters = false;
};
TemplateTags find_tags(std::string_view text);

}  // namespace pp
