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

bool LoadedBundles::lend(const std::string& dir, Bundle& bundle, DiagnosticSink& findings) {
  const std::lock_guard lock(mutex_);
  const auto it = kept_.find(dir);
  if (it == kept_.end() || it->second.lent || is_changed(dir)) return false;
  bundle = std::move(it->second.bundle);
  findings = it->second.findings;
  it->second.lent = true;
  return true;
}

void LoadedBundles::give_back(std::vector<Bundle>& bundles) {
  const std::lock_guard lock(mutex_);
  for (Bundle& b : bundles) {
    const auto it = kept_.find(b.dir);
    if (it == kept_.end() || !it->second.lent) continue;
    std::erase_if(b.articles, [](const auto& e) { return e.second.assembled.has_value(); });
    it->second.bundle = std::move(b);
    it->second.lent = false;
  }
}

void LoadedBundles::keep(const std::string& dir, Kept kept) {
  const std::lock_guard lock(mutex_);
  kept_.insert_or_assign(dir, std::move(kept));
}

void LoadedBundles::begin_load() {
  const std::lock_guard lock(mutex_);
  loading_ = std::move(changed_);
  changed_.clear();
  // Lent to a build that did not give them back: read again.
  std::erase_if(kept_, [](const auto& e) { return e.second.lent; });
}

void LoadedBundles::end_load(const std::set<std::string>& present) {
  const std::lock_guard lock(mutex_);
  std::erase_if(kept_, [&](const auto& e) { return !present.count(e.first); });
  loading_.clear();
}

}  // namespace pp
