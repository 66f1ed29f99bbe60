# Writes OUTPUT: a C++ table of the default email templates (the sample site's),
# used by a site that has no pipeline/templates/email/ of its own.
file(GLOB files "${TEMPLATE_DIR}/*.mustache")
list(SORT files)
set(body "// Generated from pipeline/templates/email/ by cmake/embed_templates.cmake.\n#include <map>\n#include <string>\n\nnamespace pp {\n\nconst std::map<std::string, std::string>& embedded_email_templates() {\n  static const std::map<std::string, std::string> t = {\n")
foreach(f ${files})
  get_filename_component(name "${f}" NAME)
  string(REGEX REPLACE "\\.mustache$" "" stem "${name}")
  file(READ "${f}" text)
  string(APPEND body "      {\"email/${stem}\", R\"pp_template(${text})pp_template\"},\n")
endforeach()
string(APPEND body "  };\n  return t;\n}\n\n}  // namespace pp\n")
file(WRITE "${OUTPUT}.tmp" "${body}")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
