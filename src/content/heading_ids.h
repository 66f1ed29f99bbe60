#pragma once
// Internal to content: unique heading ids within a page, as GitHub makes them.

#include <cstddef>
#include <string>
#include <unordered_map>
#include <unordered_set>

namespace pp {

/// Gives each heading slug an id not used before on the page: the slug
/// itself, else the slug with the smallest free suffix "-1", "-2", …
/// (GitHub's and github-slugger's ids). Takes amortised constant time per id:
/// the next suffix to try is remembered per slug, and every suffix below it is
/// known to be taken, so no id is tried twice for one slug.
class UniqueIds {
 public:
  /// The id for the next heading whose slug is `base`.
  std::string assign(const std::string& base);

  /// Takes `id` as it is (a heading's own `{#id}`): false when it is taken.
  bool claim(const std::string& id) { return used_.insert(id).second; }

  /// How many candidate ids have been tried so far (a measure of the work done).
  std::size_t tries() const { return tries_; }

 private:
  std::unordered_set<std::string> used_;
  std::unordered_map<std::string, std::size_t> next_suffix_;  // per base: all below are taken
  std::size_t tries_ = 0;
};

}  // namespace pp
