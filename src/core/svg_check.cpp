// What in an SVG runs when a reader opens the file itself: read with
// libxml2 as the browser reads it (namespaces, character references), with
// no network and no external entity.
#include <libxml/parser.h>
#include <libxml/tree.h>

#include <cctype>
#include <mutex>
#include <vector>

#include "core/file_names.h"
#include "core/text.h"

namespace pp {

namespace {

std::string str(const xmlChar* s) {
  return s ? reinterpret_cast<const char*>(s) : "";
}

// The scheme part of a URL as a browser reads it: white space and control
// characters before it and tabs or line breaks inside it left out.
bool is_javascript_url(const std::string& value) {
  std::string s;
  for (const char c : value) {
    const auto u = static_cast<unsigned char>(c);
    if ((u <= 0x20 && s.empty()) || c == '\t' || c == '\n' || c == '\r') continue;
    s += static_cast<char>(std::tolower(u));
  }
  return s.starts_with("javascript:") || s.starts_with("vbscript:") ||
         s.starts_with("data:text/html") || s.starts_with("data:application/xhtml");
}

// Whether any of `value`'s ';'-separated parts (an <animate>'s `values`) is
// a script URL.
bool has_script_url(const std::string& value) {
  for (std::size_t from = 0; from <= value.size();) {
    auto end = value.find(';', from);
    if (end == std::string::npos) end = value.size();
    if (is_javascript_url(value.substr(from, end - from))) return true;
    from = end + 1;
  }
  return false;
}

// Elements that put a document of their own (and its scripts) in the SVG.
bool embeds_document(const std::string& name) {
  return name == "iframe" || name == "embed" || name == "object" || name == "frame" ||
         name == "frameset";
}

std::string problem_in(xmlDocPtr doc) {
  if (doc->intSubset || doc->extSubset)
    return "declares a DTD (<!DOCTYPE …>), whose entities can hide a script that runs when a "
           "reader opens the file directly";
  // An XSLT stylesheet can build any script from the file.
  for (xmlNodePtr n = doc->children; n; n = n->next)
    if (n->type == XML_PI_NODE && ascii_lower(str(n->name)) == "xml-stylesheet")
      return "holds an xml-stylesheet instruction, whose stylesheet can make a script that runs "
             "when a reader opens the file directly";
  std::vector<xmlNodePtr> stack = {xmlDocGetRootElement(doc)};
  while (!stack.empty()) {
    xmlNodePtr n = stack.back();
    stack.pop_back();
    if (!n || n->type != XML_ELEMENT_NODE) continue;
    const std::string name = ascii_lower(str(n->name));
    const std::string prefix = n->ns && n->ns->prefix ? str(n->ns->prefix) + ":" : "";
    const std::string runs = ", which runs when a reader opens the file directly";
    if (name == "script" || embeds_document(name))
      return "holds a <" + prefix + str(n->name) + "> element" + runs;
    for (xmlAttrPtr a = n->properties; a; a = a->next) {
      const std::string attr = ascii_lower(str(a->name));
      if (attr.size() > 2 && attr.starts_with("on"))
        return "holds an event attribute (" + str(a->name) + ")" + runs;
      if (attr == "srcdoc") return "holds a document in an srcdoc attribute" + runs;
      xmlChar* value = xmlNodeListGetString(doc, a->children, 1);
      const std::string v = str(value);
      xmlFree(value);
      // <set attributeName="onclick" to="…">: an event attribute set later.
      if (attr == "attributename" && ascii_lower(v).starts_with("on") && v.size() > 2)
        return "sets an event attribute (" + v + ")" + runs;
      if (has_script_url(v)) return "holds a javascript: URL (in " + str(a->name) + ")" + runs;
    }
    for (xmlNodePtr c = n->children; c; c = c->next) stack.push_back(c);
  }
  return "";
}

// libxml2 reports some errors (a huge text node) whatever the parse's
// options say: nothing of the file reaches the terminal.
void quiet(void*, const char*, ...) {}
void quiet_structured(void*, xmlErrorPtr) {}

}  // namespace

std::string svg_script_problem(std::string_view svg) {
  static std::once_flag init;
  std::call_once(init, [] { xmlInitParser(); });
  // The handlers are the calling thread's.
  xmlSetGenericErrorFunc(nullptr, quiet);
  xmlSetStructuredErrorFunc(nullptr, quiet_structured);
  // No network, no DTD loaded, no entity substituted, no error printed.
  xmlDocPtr doc = xmlReadMemory(svg.data(), static_cast<int>(svg.size()), "image.svg", nullptr,
                                XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  if (!doc)
    return "is not well-formed XML: what it would run when a reader opens the file cannot be "
           "told";
  std::string problem = problem_in(doc);
  xmlFreeDoc(doc);
  return problem;
}

bool svg_has_script(std::string_view svg) {
  return !svg_script_problem(svg).empty();
}

}  // namespace pp
