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

void DependencyLog::note(std::string_view kind, std::string_view name) {
  // Pages ask for the same catalog or template again and again: keep one.
  if (!keys_.empty() && keys_.back().size() == kind.size() + name.size() &&
      keys_.back().starts_with(kind) && keys_.back().ends_with(name))
    return;
  std::string key;
  key.reserve(kind.size() + name.size());
  key.append(kind).append(name);
  keys_.push_back(std::move(key));
}

void note_dependency(std::string_view kind, std::string_view name) {
  if (current) current->note(kind, name);
}

DependencyScope::DependencyScope(DependencyLog& log) : previous_(current) {
  current = &log;
}

DependencyScope::~DependencyScope() {
  current = previous_;
}

}  // namespace pp
