// What one output read while it was rendered, so the next build can tell
// whether it would come out the same without rendering it.
#include <algorithm>

#include "core/digest.h"
#include "incremental/incremental.h"

namespace pp {

namespace {
thread_local DependencyLog* current = nullptr;
}  // namespace

void DependencyLog::record(DependencyKey key) {
  if (!keys_.empty() && keys_.back() == key) return;
  keys_.push_back(std::move(key));
}

std::vector<DependencyKey> DependencyLog::keys() const {
  // Sorted by the stored form, so that a record's text (and its digest) does
  // not depend on the order things were read in.
  std::vector<std::pair<std::string, const DependencyKey*>> by_text;
  by_text.reserve(keys_.size());
  for (const auto& k : keys_) by_text.emplace_back(k.text(), &k);
  std::sort(by_text.begin(), by_text.end());
  std::vector<DependencyKey> out;
  for (std::size_t i = 0; i < by_text.size(); ++i)
    if (i == 0 || by_text[i].first != by_text[i - 1].first) out.push_back(*by_text[i].second);
  return out;
}

DependencyScope::DependencyScope(DependencyLog& log) : previous_(current) {
  current = &log;
}

DependencyScope::~DependencyScope() {
  current = previous_;
}

void record_dependency(DependencyKey key) {
  if (current) current->record(std::move(key));
}

std::string dependencies_digest(const DependencyValues& values, const std::string& global,
                                const std::vector<DependencyKey>& keys) {
  std::vector<std::string> texts, now;
  for (const auto& k : keys) {
    texts.push_back(k.text());
    now.push_back(values.value(k));
  }
  std::vector<std::pair<std::string_view, std::string_view>> pairs;
  for (std::size_t i = 0; i < keys.size(); ++i) pairs.emplace_back(texts[i], now[i]);
  return dependencies_digest(global, pairs);
}

std::string dependencies_digest(
    const std::string& global,
    const std::vector<std::pair<std::string_view, std::string_view>>& keys_and_values) {
  std::string s = global + "\n";
  for (const auto& [text, value] : keys_and_values)
    s.append(text).append("=").append(value) += '\n';
  return git_blob_id(s);
}

}  // namespace pp
