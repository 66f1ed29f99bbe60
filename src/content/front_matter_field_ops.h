#pragma once
// Internal to content: the operations of a front matter field, generated from
// its member of FrontMatter (front_matter_fields.cpp builds each row with them).

#include <optional>
#include <string_view>
#include <type_traits>

#include "content/front_matter_codec.h"
#include "content/front_matter_fields.h"

namespace pp {

namespace field_ops {

template <typename T>
struct is_optional : std::false_type {};
template <typename T>
struct is_optional<std::optional<T>> : std::true_type {};

// Values compared across translations: what was written, not where.
inline bool same_value(const std::string& a, const std::string& b) {
  return a == b;
}
inline bool same_value(ArticleType a, ArticleType b) {
  return a == b;
}
inline bool same_value(const Date& a, const Date& b) {
  return a == b;
}
inline bool same_value(bool a, bool b) {
  return a == b;
}
inline bool same_value(double a, double b) {
  return a == b;
}
inline bool same_value(const Price& a, const Price& b) {
  return a.amount == b.amount && a.currency == b.currency && a.period == b.period;
}
inline bool same_value(const Cover& a, const Cover& b) {
  return a.src == b.src && a.alt == b.alt;
}
inline bool same_value(const Product& a, const Product& b) {
  return a.name == b.name && a.url == b.url && a.kind == b.kind;
}
inline bool same_value(const SourceRef& a, const SourceRef& b) {
  return a.title == b.title && a.url == b.url && a.publisher == b.publisher &&
         a.accessed.has_value() == b.accessed.has_value() &&
         (!a.accessed || a.accessed->text == b.accessed->text);
}
inline bool same_value(const Figure& a, const Figure& b) {
  return a.value == b.value && a.format == b.format && a.currency == b.currency;
}
template <typename T>
bool same_value(const Located<T>& a, const Located<T>& b) {
  return same_value(a.value, b.value);
}
// A value the source does not have differs from any value given.
template <typename T>
bool same_value(const std::optional<T>& a, const std::optional<T>& b) {
  return a.has_value() == b.has_value() && (!a || same_value(*a, *b));
}
template <typename T>
bool same_value(const std::vector<T>& a, const std::vector<T>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (!same_value(a[i], b[i])) return false;
  return true;
}
template <typename T>
bool same_value(const std::map<std::string, T>& a, const std::map<std::string, T>& b) {
  if (a.size() != b.size()) return false;
  for (const auto& [name, x] : a) {
    const auto it = b.find(name);
    if (it == b.end() || !same_value(x, it->second)) return false;
  }
  return true;
}

template <auto M>
bool has_value(const FrontMatter& f) {
  const auto& v = f.*M;
  using V = std::remove_cvref_t<decltype(v)>;
  if constexpr (std::is_same_v<V, bool>)
    return v;
  else if constexpr (is_optional<V>::value)
    return v.has_value();
  else
    return !v.empty();
}

// An optional value is given when it was read; a list or map when its key is
// written at all (`related: []` gives an empty list, not the source's).
template <auto M>
bool given(const FrontMatter& f, std::string_view key) {
  using V = std::remove_cvref_t<decltype(f.*M)>;
  if constexpr (is_optional<V>::value)
    return (f.*M).has_value();
  else
    return f.keys.count(std::string(key)) > 0;
}

template <auto M>
void copy(FrontMatter& to, const FrontMatter& from) {
  to.*M = from.*M;
}

template <auto M>
bool same(const FrontMatter& translation, const FrontMatter& source) {
  return same_value(translation.*M, source.*M);
}

}  // namespace field_ops

/// Every operation of the field stored in member `M` of FrontMatter.
template <auto M>
constexpr FieldOps ops_of() {
  return {&field_ops::has_value<M>, &field_ops::given<M>, &field_ops::copy<M>,
          &field_ops::same<M>,      &encode_member<M>,    &decode_member<M>};
}

}  // namespace pp
