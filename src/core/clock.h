#pragma once
// The time of day, for what depends on it: whether a source's `accessed` date
// lies in the future. No output depends on it. (Other reads of a clock measure:
// durations with steady_clock, and the build record's start time, compared
// with input files' mtimes to tell an edit made during a build.)

#include <string>

namespace pp {

/// Milliseconds since the epoch: SOURCE_DATE_EPOCH (seconds) when it is set,
/// so runs can be reproduced; otherwise the system clock.
double current_time_ms();

/// What is wrong with SOURCE_DATE_EPOCH, or "" when it is unset or a whole
/// number of seconds (ASCII digits, as reproducible-builds.org defines it,
/// which asks a build to fail on a malformed one rather than guess).
std::string source_date_epoch_problem();

}  // namespace pp
