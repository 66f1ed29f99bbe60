#include "core/clock.h"

#include <chrono>
#include <cstdlib>
#include <string>

namespace pp {

namespace {

// The seconds of SOURCE_DATE_EPOCH, or -1 when it is unset or malformed.
double source_date_epoch_s() {
  const char* epoch = std::getenv("SOURCE_DATE_EPOCH");
  if (!epoch || source_date_epoch_problem() != "") return -1;
  return std::stod(epoch);
}

}  // namespace

std::string source_date_epoch_problem() {
  const char* epoch = std::getenv("SOURCE_DATE_EPOCH");
  if (!epoch) return "";
  const std::string v = epoch;
  // Up to 12 digits: any time until the year 33658, far from a double's limit.
  const bool digits =
      !v.empty() && v.size() <= 12 && v.find_first_not_of("0123456789") == std::string::npos;
  return digits ? ""
                : "SOURCE_DATE_EPOCH must be a whole number of seconds since 1970 (ASCII digits)";
}

double current_time_ms() {
  // A malformed value is refused by the command line before any command runs.
  if (const double s = source_date_epoch_s(); s >= 0) return s * 1000.0;
  return static_cast<double>(std::chrono::duration_cast<std::chrono::milliseconds>(
                                 std::chrono::system_clock::now().time_since_epoch())
                                 .count());
}

}  // namespace pp
