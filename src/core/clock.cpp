#include "core/clock.h"

#include <chrono>
#include <cstdlib>
#include <string>

namespace pp {

double current_time_ms() {
  if (const char* epoch = std::getenv("SOURCE_DATE_EPOCH")) {
    try {
      return std::stod(epoch) * 1000.0;
    } catch (const std::exception&) {
      // An unreadable value is ignored, as reproducible-builds.org asks.
    }
  }
  return static_cast<double>(std::chrono::duration_cast<std::chrono::milliseconds>(
                                 std::chrono::system_clock::now().time_since_epoch())
                                 .count());
}

}  // namespace pp
