# Writes OUTPUT: a C++ table of the built-in theme (theme/ of the source tree):
# every template and static file by its path under theme/, used where a site
# has no file of its own at that place (docs/templates.md).
file(GLOB_RECURSE files RELATIVE "${THEME_DIR}" "${THEME_DIR}/*")
list(SORT files)
set(body "// Generated from theme/ by cmake/embed_theme.cmake.\n#include \"core/builtin_theme.h\"\n\nnamespace pp {\n\nconst std::map<std::string, std::string>& builtin_theme_files() {\n  static const std::map<std::string, std::string> t = {\n")
foreach(rel ${files})
  file(READ "${THEME_DIR}/${rel}" text)
  string(FIND "${text}" ")pp_theme\"" clash)
  if(NOT clash EQUAL -1)
    message(FATAL_ERROR "theme/${rel} holds the raw-string delimiter )pp_theme\"")
  endif()
  string(APPEND body "      {\"${rel}\", R\"pp_theme(${text})pp_theme\"},\n")
endforeach()
string(APPEND body "  };\n  return t;\n}\n\n}  // namespace pp\n")
file(WRITE "${OUTPUT}.tmp" "${body}")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
