// The extensions' special characters of cmark-gfm gfm.6, switched on once for
// the whole process, so that parses can run on every core
// (docs/performance.md, "Parallel parsing, again").
//
// gfm.6 keeps one table, shared by every parser, of the characters where an
// extension's inline syntax may start ('~' strikethrough, ':' and 'w'
// autolinks, '|' tables). Each parse switches its extensions' characters on at
// the start of its inline pass and off at its end, through
// cmark_manage_extensions_special_characters(), a public function the
// library calls through its procedure linkage table. One parser finishing
// switched them off under another, which then missed strikethrough and
// autolinks. The definition below takes the library's place (ELF symbol
// interposition: the executable's definition comes first in the lookup) and
// switches nothing; the characters of every extension polypress attaches are
// switched on once, by the library's own function, before the first parse.
// The library is not changed, and it still reads each extension's characters
// where it needs them (finding the extension of a delimiter).
#include "content/cmark_special_characters.h"

#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm-extension_api.h>
#include <dlfcn.h>

#include "content/markdown.h"

extern "C" void cmark_manage_extensions_special_characters(cmark_parser*, int) {
  // Never switched per parse: see special_characters_fixed().
}

namespace pp {

bool special_characters_fixed() {
  static const bool fixed = [] {
    using Manage = void (*)(cmark_parser*, int);
    // Only where the library's calls reach the definition above; otherwise
    // (a library linked to bind its own symbols) parses stay one at a time.
    void* bound = dlsym(RTLD_DEFAULT, "cmark_manage_extensions_special_characters");
    if (bound != reinterpret_cast<void*>(&cmark_manage_extensions_special_characters)) return false;
    auto library =
        reinterpret_cast<Manage>(dlsym(RTLD_NEXT, "cmark_manage_extensions_special_characters"));
    if (!library) return false;
    cmark_gfm_core_extensions_ensure_registered();
    cmark_parser* parser = cmark_parser_new(CMARK_OPT_DEFAULT);
    for (const auto& name : gfm_extension_names())
      if (cmark_syntax_extension* ext = cmark_find_syntax_extension(name.c_str()))
        cmark_parser_attach_syntax_extension(parser, ext);
    library(parser, 1);
    cmark_parser_free(parser);
    return true;
  }();
  return fixed;
}

}  // namespace pp
