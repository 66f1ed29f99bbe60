// A build's shared results.
#include "render/build_caches.h"

#include "incremental/incremental.h"

namespace pp {

std::string BuildCaches::once(const std::string& key,
                              const std::function<std::string(DiagnosticSink&)>& make,
                              DiagnosticSink& sink) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (const auto it = made_.find(key); it != made_.end()) {
      // Each output that shows it read what making it read, and found what
      // making it found.
      record_dependencies(it->second.reads);
      sink.merge(it->second.found);
      return it->second.text;
    }
  }
  // Made outside the lock: two threads may both make it (the same text),
  // never wait on each other.
  Made made;
  {
    DependencyLog reads;
    DependencyScope scope(reads);
    made.text = make(made.found);
    made.reads = reads.keys();
  }
  record_dependencies(made.reads);
  sink.merge(made.found);
  std::lock_guard<std::mutex> lock(mutex_);
  return made_.emplace(key, std::move(made)).first->second.text;
}

}  // namespace pp
