// A build's shared results.
#include "render/build_caches.h"

namespace pp {

std::string BuildCaches::once(const std::string& key, const std::function<std::string()>& make) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (const auto it = made_.find(key); it != made_.end()) return it->second;
  }
  // Made outside the lock: two threads may both make it (the same text),
  // never wait on each other.
  std::string text = make();
  std::lock_guard<std::mutex> lock(mutex_);
  return made_.emplace(key, std::move(text)).first->second;
}

}  // namespace pp
