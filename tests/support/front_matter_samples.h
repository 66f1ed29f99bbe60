#pragma once
// Test support: a value for every front matter key, unlike its default, so a
// test can fill every field of the table at once.

#include <map>
#include <string>

namespace pp::test {

/// "key: value" (YAML) of every front matter key. A new field of the table
/// needs a sample here: tests fail for a key without one.
inline const std::map<std::string, std::string>& front_matter_samples() {
  static const std::map<std::string, std::string> samples = {
      {"title", "title: \"T\""},
      {"type", "type: review"},
      {"date", "date: 2026-11-29T10:00:00+09:00"},
      {"updated", "updated: 2026-11-30"},
      {"summary", "summary: \"S\""},
      {"authors", "authors: [Ann Lee, Bo Kim]"},
      {"tags", "tags: [x, y-z]"},
      {"draft", "draft: true"},
      {"verdict", "verdict: \"V\""},
      {"related", "related: [news/a, news/b]"},
      {"sources",
       "sources:\n  - {title: \"Post\", url: \"https://v.example/p\", publisher: \"V\", "
       "accessed: 2026-11-20}"},
      {"figures", "figures:\n  share: {value: 0.965, format: percent}"},
      {"rating", "rating: 4.5"},
      {"price", "price: {amount: 12.5, currency: EUR, period: month}"},
      {"product", "product: {name: P, url: \"https://p.example/\", kind: tool}"},
      {"checked", "checked: 2026-11-28"},
      {"expires", "expires: 2027-01-31"},
      {"cover", "cover: {src: cover.png, alt: \"A board\"}"},
      {"extra", "extra: {badge: New, score: 3, links: [{label: A, url: \"https://a.example/\"}]}"},
      {"translation_of", "translation_of: de"},
      {"source_digest", "source_digest: 0123456789abcdef0123456789abcdef01234567"},
  };
  return samples;
}

/// Front matter (between "---" lines) giving every key in `keys` its sample.
template <typename Keys>
std::string front_matter_with(const Keys& keys) {
  std::string out = "---\n";
  for (const auto& key : keys) out += front_matter_samples().at(std::string(key)) + "\n";
  return out + "---\n";
}

}  // namespace pp::test
