#pragma once
// Internal to the driver: POLYPRESS_TIMING=1 prints how long each phase of a
// command took (docs/performance.md).

#include <chrono>

namespace pp {

/// Prints, on each mark(), the time since the last mark (or construction) when
/// POLYPRESS_TIMING is set; does nothing otherwise.
class PhaseTimer {
 public:
  /// `indent` goes before the phase name (nested phases).
  explicit PhaseTimer(const char* indent = "");
  /// Prints "polypress: <indent><phase> <seconds> s" to stderr.
  void mark(const char* phase);

 private:
  const char* indent_;
  bool on_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

}  // namespace pp
