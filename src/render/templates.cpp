#include "render/templates.h"

#include <regex>

#include "core/file_io.h"
#include "core/text.h"

namespace pp {

namespace fs = std::filesystem;

namespace {

// Triple mustaches bypass escaping; only these view-model fields hold markup
// that was built safely (cmark-gfm safe-mode HTML, script-safe JSON).
const std::vector<std::string>& raw_allowed() {
  static const std::vector<std::string> names = {"body_html", "json_ld"};
  return names;
}

void lint_template(const std::string& rel, const std::string& text, DiagnosticSink& sink) {
  static const std::regex raw_re(R"(\{\{\{\s*([^}\s]+)\s*\}\}\}|\{\{&\s*([^}\s]+)\s*\}\})");
  int line = 1;
  std::size_t line_start = 0;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), raw_re);
       it != std::sregex_iterator(); ++it) {
    const auto pos = static_cast<std::size_t>(it->position());
    for (std::size_t i = line_start; i < pos; ++i)
      if (text[i] == '\n') ++line, line_start = i + 1;
    const std::string name = (*it)[1].matched ? (*it)[1].str() : (*it)[2].str();
    if (std::find(raw_allowed().begin(), raw_allowed().end(), name) == raw_allowed().end())
      sink.error({rel, line, static_cast<int>(pos - line_start) + 1}, "template/raw",
                 "unescaped '" + name + "' is not allowed; only body_html and json_ld may be raw");
  }
  // Attribute values must be quoted: name={{x}} lets a space start a new attribute.
  static const std::regex unquoted_re(R"(=\{\{)");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), unquoted_re);
       it != std::sregex_iterator(); ++it) {
    const auto pos = static_cast<std::size_t>(it->position());
    int l = 1;
    std::size_t ls = 0;
    for (std::size_t i = 0; i < pos; ++i)
      if (text[i] == '\n') ++l, ls = i + 1;
    sink.error({rel, l, static_cast<int>(pos - ls) + 2}, "template/unquoted-attribute",
               "attribute value from a tag must be in quotes");
  }
}

}  // namespace

TemplateSet TemplateSet::load(const fs::path& root, DiagnosticSink& sink) {
  TemplateSet set;
  const fs::path dir = root / "pipeline/templates/html";
  std::error_code ec;
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(dir, ec))
    if (e.path().extension() == ".mustache") files.push_back(e.path());
  if (ec) {
    sink.error({"pipeline/templates/html", 0, 0}, "template/read", "cannot read: " + ec.message());
    return set;
  }
  std::sort(files.begin(), files.end());
  for (const auto& f : files) {
    const std::string rel = "pipeline/templates/html/" + f.filename().string();
    const ReadResult r = read_file(f, 1 << 20);
    if (!r.ok) {
      sink.error({rel, 0, 0}, "template/read", "cannot read: " + r.error);
      continue;
    }
    mustache::mustache parsed{r.bytes};
    if (!parsed.is_valid()) {
      std::string message = parsed.error_message();
      if (!message.empty())
        message[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(message[0])));
      sink.error({rel, 0, 0}, "template/syntax", message);
      continue;
    }
    lint_template(rel, r.bytes, sink);
    set.templates_[f.stem().string()] = r.bytes;
  }
  for (const char* needed : {"article", "home", "section", "chooser"})
    if (!set.find(needed))
      sink.error({std::string("pipeline/templates/html/") + needed + ".mustache", 0, 0},
                 "template/missing", "required template is missing");
  return set;
}

const std::string* TemplateSet::find(const std::string& name) const {
  auto it = templates_.find(name);
  return it == templates_.end() ? nullptr : &it->second;
}

std::string render_template(const TemplateSet& templates, const std::string& name,
                            mustache::data data, const Locale& locale, DiagnosticSink& sink) {
  const std::string* text = templates.find(name);
  if (!text) return {};
  for (const auto& [pname, ptext] : templates.all()) {
    const std::string* body = &ptext;
    data.set(pname, mustache::partial{[body] { return *body; }});
  }
  // The section text is a msgid; its translation is escaped, and '{' is escaped
  // too so that a translation is never read as a Mustache tag.
  data.set("t", mustache::lambda{[&locale](const std::string& msgid) {
             return html_escape_mustache_safe(locale.tr(msgid));
           }});
  mustache::mustache tmpl{*text};
  std::string out = tmpl.render(data);
  if (!tmpl.is_valid())
    sink.error({"pipeline/templates/html/" + name + ".mustache", 0, 0}, "template/render",
               tmpl.error_message());
  return out;
}

}  // namespace pp
