#include "content/loaded_bundles.h"

namespace pp {

namespace {

// Above this many changed paths a load reads everything again: matching each
// bundle against them would cost more than reading.
constexpr std::size_t kMaxChanges = 1000;

}  // namespace

void LoadedBundles::changed(const std::string& rel) {
  const std::lock_guard lock(mutex_);
  changed_.insert(rel);
  if (changed_.size() > kMaxChanges) kept_.clear();
}

void LoadedBundles::forget_all() {
  const std::lock_guard lock(mutex_);
  kept_.clear();
}

bool LoadedBundles::is_changed(const std::string& dir) const {
  // A change in the bundle's folder or below it, or of a folder holding it
  // (a section renamed, removed or made anew).
  for (const std::string& p : loading_)
    if (p == dir || (p.size() > dir.size() && p.starts_with(dir) && p[dir.size()] == '/') ||
        (dir.size() > p.size() && dir.starts_with(p) && dir[p.size()] == '/'))
      return true;
  return false;
}

const LoadedBundles::Kept* LoadedBundles::unchanged(const std::string& dir) const {
  const std::lock_guard lock(mutex_);
  const auto it = kept_.find(dir);
  return it == kept_.end() || is_changed(dir) ? nullptr : &it->second;
}

void LoadedBundles::keep(const std::string& dir, Kept kept) {
  const std::lock_guard lock(mutex_);
  kept_.insert_or_assign(dir, std::move(kept));
}

void LoadedBundles::begin_load() {
  const std::lock_guard lock(mutex_);
  loading_ = std::move(changed_);
  changed_.clear();
}

void LoadedBundles::end_load(const std::set<std::string>& present) {
  const std::lock_guard lock(mutex_);
  std::erase_if(kept_, [&](const auto& e) { return !present.count(e.first); });
  loading_.clear();
}

}  // namespace pp
