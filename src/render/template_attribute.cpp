#include "render/template_attribute.h"

#include "core/text.h"

namespace pp {

char url_kind(const std::string& element, const TagAttribute& a,
              const std::vector<TagAttribute>& all) {
  if (a.name == "srcset" || a.name == "imagesrcset") return 's';
  if (element == "meta" && a.name == "content") {
    for (const auto& other : all) {
      if (other.name == "http-equiv" && ascii_lower(other.literal) == "refresh") return 'r';
      if ((other.name == "property" || other.name == "name" || other.name == "itemprop") &&
          is_url_property(other.literal))
        return 'u';
    }
    return 0;
  }
  return is_url_attribute(a.name) ? 'u' : 0;
}

ValueContext context_of(char kind, const TagAttribute& a, const TagAttribute::Hole& h) {
  if (a.name.starts_with("on"))
    return h.in_js_string ? ValueContext::js_attribute_string : ValueContext::js_attribute;
  if (a.name == "style") return ValueContext::css_attribute;
  switch (kind) {
    case 's':
      return ValueContext::srcset;
    case 'r':
      return ValueContext::html;  // judged whole, once rendered
    case 'u':
      if (!h.any_text) return ValueContext::url_start;
      return h.in_query ? ValueContext::url_query : ValueContext::url_path;
    default:
      return ValueContext::html;
  }
}

}  // namespace pp
