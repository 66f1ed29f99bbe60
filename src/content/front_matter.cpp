// Front matter text → FrontMatter: the checks of the whole document, then
// each key's reader as the table of fields names it.
#include "content/front_matter.h"

#include "content/front_matter_fields.h"
#include "content/front_matter_reader.h"
#include "core/code_points.h"
#include "core/limits.h"
#include "core/markup_text.h"
#include "core/yaml_escapes.h"

namespace pp {

namespace {

// A scalar (keys included) that holds a character refused in front matter
// once YAML escapes are decoded, and why.
struct RefusedScalar {
  YAML::Node node;
  std::string rule, message;
};

// The problem of one decoded scalar, or "" when it has none: a character
// refused_front_matter_character() names (a control character other than
// TAB and LF, a noncharacter, a bidi override), or a bidi embedding or
// isolate left open or closing nothing, which would reorder the text shown
// after the value (the site name in <title>, the date in a list).
std::string scalar_problem(const std::string& s, std::string& rule) {
  for (std::size_t i = 0; i < s.size();) {
    const CodePoint cp = decode_utf8_at(s, i);
    i += cp.length;
    const char32_t c = cp.valid ? cp.value : 0xD800;  // only a "\uD800" escape decodes so
    if (const std::string m = refused_front_matter_character(c, false, rule); !m.empty()) return m;
  }
  rule = "front-matter/bidi";
  return bidi_problem(s);
}

// The first scalar with a problem: the file's bytes were checked, but an
// escape ("\0", "\e", "\uFFFE") reaches pages and headers only now, and a
// bidi control only matters as part of its value.
std::optional<RefusedScalar> find_refused(const YAML::Node& n) {
  if (n.IsScalar()) {
    std::string rule;
    std::string message = scalar_problem(n.Scalar(), rule);
    if (message.empty()) return std::nullopt;
    return RefusedScalar{n, rule, message};
  }
  if (n.IsSequence())
    for (const auto& item : n)
      if (auto found = find_refused(item)) return found;
  if (n.IsMap())
    for (const auto& kv : n) {
      if (auto found = find_refused(kv.first)) return found;
      if (auto found = find_refused(kv.second)) return found;
    }
  return std::nullopt;
}

// Whether the document can be read key by key: a mapping, not too deep,
// without a refused character. Reports what is wrong.
bool readable(const YAML::Node& doc, const YamlOrigin& origin, DiagnosticSink& sink) {
  if (!doc.IsMap()) {
    sink.error({origin.path, origin.first_line, 1}, "front-matter/value-type",
               "front matter must be a mapping of keys to values");
    return false;
  }
  if (const YAML::Node deep = find_too_deep(doc, kMaxYamlDepth);
      deep.IsDefined() && !deep.IsNull()) {
    sink.error(location_of(deep, origin), "front-matter/too-deep",
               "nesting deeper than " + std::to_string(kMaxYamlDepth) + " levels");
    return false;
  }
  if (const auto refused = find_refused(doc)) {
    sink.error(location_of(refused->node, origin), refused->rule, refused->message);
    return false;
  }
  return true;
}

// Reads every key the table knows into `fm`, in the table's order, with one
// pass over the mapping (yaml-cpp finds a key by comparing it with every key
// of the map, each converted to a string).
void read_fields(const YAML::Node& doc, FmReader& r, FrontMatter& fm) {
  const auto fields = front_matter_fields();
  std::vector<YAML::Node> given(fields.size());
  for (const auto& kv : doc) {
    if (!kv.first.IsScalar()) continue;
    const std::string& key = kv.first.Scalar();
    // A key without a value is reported at the key (a null node's mark is
    // wherever the next token starts) and otherwise ignored.
    if (kv.second.IsNull()) {
      r.error(kv.first, "front-matter/value-type", "'" + key + "' has no value");
      fm.empty_keys.push_back(key);
      continue;
    }
    fm.keys[key] = r.at(kv.first);
    // A key given twice (reported elsewhere) is read with its last value.
    if (const FrontMatterField* f = front_matter_field(key))
      given[static_cast<std::size_t>(f - fields.data())].reset(kv.second);
  }
  for (std::size_t i = 0; i < fields.size(); ++i)
    if (given[i].IsDefined() && !given[i].IsNull()) fields[i].read(r, given[i], fields[i].key, fm);
}

}  // namespace

std::optional<FrontMatter> parse_front_matter(const std::string& yaml, const YamlOrigin& origin,
                                              DiagnosticSink& sink) {
  if (!prescan_yaml(yaml, origin, kMaxYamlDepth, sink)) return std::nullopt;
  auto doc = parse_yaml(yaml, origin, "front-matter/yaml", sink);
  if (!doc) return std::nullopt;
  FrontMatter fm;
  if (doc->IsNull()) return fm;
  if (!readable(*doc, origin, sink)) return std::nullopt;
  FmReader r(origin, sink);
  check_duplicate_keys(*doc, origin, "front-matter/duplicate-key", sink);
  check_unknown_keys(*doc, front_matter_keys(), origin, "front-matter/unknown-key", "front matter",
                     sink);
  try {
    read_fields(*doc, r, fm);
  } catch (const YAML::Exception& e) {
    sink.error(location_of(e.mark, origin), "front-matter/yaml",
               std::string("invalid value: ") + e.msg);
  }
  return fm;
}

}  // namespace pp
