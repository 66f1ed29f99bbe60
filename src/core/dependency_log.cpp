#include "core/dependency_log.h"

#include <algorithm>

namespace pp {

namespace {
thread_local DependencyLog* current = nullptr;
}  // namespace

std::vector<std::string> DependencyLog::keys() const {
  std::vector<std::string> out = keys_;
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

void note_dependency(std::string_view key) {
  if (current) current->note(key);
}

DependencyScope::DependencyScope(DependencyLog& log) : previous_(current) {
  current = &log;
}

DependencyScope::~DependencyScope() {
  current = previous_;
}

}  // namespace pp
