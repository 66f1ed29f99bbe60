#include "content/front_matter_skeleton.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <set>

#include "core/json_text.h"

namespace pp {

namespace {

// The rows `new` may write, in the order of its lines.
std::vector<const FrontMatterField*> rows_in_new_order() {
  std::vector<const FrontMatterField*> rows;
  for (const FrontMatterField& f : front_matter_fields())
    if (f.new_order > 0) rows.push_back(&f);
  std::stable_sort(rows.begin(), rows.end(),
                   [](const auto* a, const auto* b) { return a->new_order < b->new_order; });
  return rows;
}

// "key: value\n"; a value that starts a block ("\n  - ...") follows the colon.
std::string line(std::string_view key, const std::string& value) {
  return std::string(key) + ":" + (value.starts_with("\n") ? "" : " ") + value + "\n";
}

}  // namespace

std::string yaml_quoted(const std::string& s) {
  // JSON's string syntax is a subset of YAML's double-quoted scalars.
  return json_text(nlohmann::json(s), -1);
}

std::string title_of_slug(const std::string& slug) {
  std::string t = slug;
  std::replace(t.begin(), t.end(), '-', ' ');
  if (!t.empty() && t[0] >= 'a' && t[0] <= 'z') t[0] = static_cast<char>(t[0] - 'a' + 'A');
  return t;
}

std::string new_source_front_matter(const std::string& slug, ArticleType type,
                                    const std::string& date) {
  const NewFile file{slug, type, date, nullptr};
  std::set<std::string_view> written;
  const auto has = [&](std::string_view key) { return written.count(key) > 0; };
  std::string out = "---\n";
  for (const FrontMatterField* f : rows_in_new_order()) {
    std::string why;
    if (!f->new_source || (!f->new_always && !field_required(*f, true, type, has, why))) continue;
    if (const auto value = f->new_source(file)) {
      out += line(f->key, *value);
      written.insert(f->key);
    }
  }
  return out + "---\n";
}

std::string new_translation_front_matter(const Article& source) {
  const NewFile file{"", ArticleType::news, "", &source};
  std::string out = "---\n";
  for (const FrontMatterField* f : rows_in_new_order())
    if (f->new_translation)
      if (const auto value = f->new_translation(file)) out += line(f->key, *value);
  // A draft until it is stamped: an English copy under another language's
  // address is never published by mistake.
  return out + std::string(kInProgressLine) + "\n---\n";
}

}  // namespace pp
