#pragma once
// The sanitizer build's LeakSanitizer suppressions: memory that libraries we
// call keep for the life of the process and never free.

namespace pp {

/// Does nothing; code that calls such a library calls it, so that the
/// suppressions (leak_suppressions.cpp) are linked into every binary that
/// can meet the library's leaks.
void keep_leak_suppressions();

}  // namespace pp
