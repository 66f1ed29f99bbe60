#include "driver/phase_timer.h"

#include <cstdio>
#include <cstdlib>

namespace pp {

PhaseTimer::PhaseTimer(const char* indent)
    : indent_(indent), on_(std::getenv("POLYPRESS_TIMING") != nullptr) {}

void PhaseTimer::mark(const char* phase) {
  if (!on_) return;
  const auto now = std::chrono::steady_clock::now();
  std::fprintf(stderr, "polypress: %s%-8s %7.3f s\n", indent_, phase,
               std::chrono::duration<double>(now - start_).count());
  start_ = now;
}

}  // namespace pp
