// serve's index of what its outputs read (docs/incremental.md, "Deciding from
// memory"): key and output names are numbered once, so that 50,000 outputs of
// ten keys each cost vectors of numbers, not copies of their names.
#include <algorithm>

#include "incremental/incremental.h"

namespace pp {

std::uint32_t KeyIndex::key_id(std::string_view text) {
  const auto [it, added] =
      key_ids_.try_emplace(std::string(text), static_cast<std::uint32_t>(key_texts_.size()));
  if (added) {
    key_texts_.emplace_back(text);
    values_.emplace_back();
    outputs_of_.emplace_back();
  }
  return it->second;
}

void KeyIndex::index(const std::string& output, std::string_view dependencies) {
  const auto [it, added] =
      output_ids_.try_emplace(output, static_cast<std::uint32_t>(output_paths_.size()));
  if (added) {
    output_paths_.push_back(output);
    keys_of_.emplace_back();
  }
  const std::uint32_t id = it->second;
  std::vector<std::uint32_t> keys;
  for (std::string_view rest = dependencies; !rest.empty();) {
    const std::size_t nl = std::min(rest.find('\n'), rest.size());
    keys.push_back(key_id(rest.substr(0, nl)));
    rest.remove_prefix(std::min(nl + 1, rest.size()));
  }
  // A key it read before is listed for it already: only new ones are added
  // (one it no longer reads stays listed, and only costs a comparison).
  const std::vector<std::uint32_t>& before = keys_of_[id];
  for (const std::uint32_t k : keys)
    if (std::find(before.begin(), before.end(), k) == before.end()) outputs_of_[k].push_back(id);
  keys_of_[id] = std::move(keys);
}

void KeyIndex::forget(const std::string& output) {
  const auto it = output_ids_.find(output);
  if (it != output_ids_.end()) keys_of_[it->second].clear();
}

void KeyIndex::set_value(const std::string& text, std::string value) {
  values_[key_id(text)] = std::move(value);
}

void KeyIndex::fill_values(const DependencyValues& values) {
  for (std::uint32_t k = 0; k < key_texts_.size(); ++k) {
    if (values_[k]) continue;
    // A text that is no key's own keeps no value: its outputs are compared.
    // So does a copied file: its value is its stamp now, which is not the
    // one it had when it was copied if it was replaced since (`cp -p` keeps
    // an old modification time, so the stamp is not racy either).
    const auto key = DependencyKey::parse(key_texts_[k]);
    if (key && key->text() == key_texts_[k] && key->kind != DependencyKey::Kind::copied_file)
      values_[k] = values.value(*key);
  }
}

std::unordered_set<std::string> KeyIndex::outputs_of_changed_keys(
    std::vector<std::optional<std::string>> now) {
  std::unordered_set<std::string> out;
  for (std::uint32_t k = 0; k < key_texts_.size() && k < now.size(); ++k) {
    std::optional<std::string> value = std::move(now[k]);
    // A value read from a racy stamp never matches: its outputs are compared
    // with their records every time.
    const bool changed = !value || !values_[k] || *value != *values_[k] ||
                         value->find(kRacyValue) != std::string::npos;
    values_[k] = std::move(value);
    if (!changed) continue;
    for (const std::uint32_t o : outputs_of_[k]) {
      const auto& keys = keys_of_[o];
      if (std::find(keys.begin(), keys.end(), k) != keys.end()) out.insert(output_paths_[o]);
    }
  }
  return out;
}

}  // namespace pp
