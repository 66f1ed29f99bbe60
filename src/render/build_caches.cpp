// A build's shared results.
#include "render/build_caches.h"

#include "incremental/incremental.h"

namespace pp {

std::string BuildCaches::once(const std::string& key, const std::function<std::string()>& make) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (const auto it = made_.find(key); it != made_.end()) {
      // Each output that shows it read what making it read.
      record_dependencies(it->second.reads);
      return it->second.text;
    }
  }
  // Made outside the lock: two threads may both make it (the same text),
  // never wait on each other.
  Made made;
  {
    DependencyLog reads;
    DependencyScope scope(reads);
    made.text = make();
    made.reads = reads.keys();
  }
  record_dependencies(made.reads);
  std::lock_guard<std::mutex> lock(mutex_);
  return made_.emplace(key, std::move(made)).first->second.text;
}

}  // namespace pp
