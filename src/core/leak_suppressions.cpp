// LeakSanitizer's built-in suppressions (sanitizer builds only), each a
// library's process-wide state, not ours:
// - libgettextpo 0.21 keeps a copy of each file name its lexer opens, for
//   good (lex_start). The library has no frame pointers, so with fast
//   unwinding only its own frames name such a leak: the module is named. Run
//   with ASAN_OPTIONS=fast_unwind_on_malloc=0 to see a full stack.
// - librsvg draws an SVG's text through Pango, whose fontconfig keeps its
//   font configuration in state it never frees (Chromium's sanitizer builds
//   suppress the same library).
#include "core/leak_suppressions.h"

#ifdef POLYPRESS_SANITIZED
extern "C" const char* __lsan_default_suppressions() {
  return "leak:libgettextpo_lex_start\nleak:libgettextpo.so\nleak:libfontconfig.so\n";
}

// Nor their statistics at exit: tests read every line polypress prints.
extern "C" const char* __lsan_default_options() {
  return "print_suppressions=0";
}
#endif

namespace pp {

void keep_leak_suppressions() {}

}  // namespace pp
