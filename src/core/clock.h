#pragma once
// The one place polypress reads the time of day.

namespace pp {

/// Milliseconds since the epoch: SOURCE_DATE_EPOCH (seconds) when it is set,
/// so runs can be reproduced; otherwise the system clock.
double current_time_ms();

}  // namespace pp
