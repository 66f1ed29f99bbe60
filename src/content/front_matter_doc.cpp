// The table of front matter fields as Markdown, for docs/spec.md.
#include "content/front_matter_fields.h"

namespace pp {

namespace {

using enum ArticleType;

// "news and review", "news, review and analysis".
std::string type_list(TypeSet set) {
  std::vector<ArticleType> types;
  for (const ArticleType t : article_types())
    if (set.has(t)) types.push_back(t);
  std::string out;
  for (std::size_t i = 0; i < types.size(); ++i)
    out += (i == 0 ? "" : i + 1 == types.size() ? " and " : ", ") + to_string(types[i]);
  return out;
}

std::string required_text(const Requirement& r) {
  if (r.in == RequiredIn::nowhere) return "no";
  std::string out = r.in == RequiredIn::every_file ? "in every file" : "in the source file";
  if (const auto when = when_given_keys(r); !when.empty()) {
    out += ", where ";
    for (std::size_t i = 0; i < when.size(); ++i)
      out += std::string(i ? " or " : "") + std::string(when[i]);
    return out + " is given";
  }
  if (!r.types.empty() && r.types.bits != TypeSet{news, review, analysis}.bits)
    out += ", for " + type_list(r.types);
  return out;
}

const char* scope_text(FieldScope s) {
  switch (s) {
    case FieldScope::per_language:
      return "per language";
    case FieldScope::shared:
      return "shared";
    case FieldScope::inherited:
      return "inherited";
  }
  return "";
}

}  // namespace

std::string front_matter_table_markdown() {
  std::string out = "| key | type | required | scope | rule |\n|---|---|---|---|---|\n";
  for (const FrontMatterField& f : front_matter_fields())
    out += "| " + std::string(f.key) + " | " + std::string(f.kind) + " | " +
           required_text(f.required) + " | " + scope_text(f.scope) + " | " + std::string(f.rule) +
           " |\n";
  return out;
}

}  // namespace pp
