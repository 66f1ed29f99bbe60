// The front matter a theme asks for: `cover` (an image of the bundle with its
// text) and `extra` (the site's own values, free-form for its templates).
#include <nlohmann/json.hpp>

#include "content/front_matter_reader.h"
#include "content/front_matter_split.h"
#include "core/json_text.h"
#include "core/limits.h"
#include "core/text.h"

namespace pp {

namespace {

constexpr int kMaxExtraDepth = 8;
constexpr int kMaxExtraValues = 1000;

// [a-z][a-z0-9_]*, at most 64 characters: a name a template can write.
bool is_extra_name(const std::string& s) {
  if (s.empty() || s.size() > 64 || s[0] < 'a' || s[0] > 'z') return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
  });
}

// A plain scalar as YAML 1.2's core schema reads it; a quoted one stays text.
nlohmann::json scalar_json(const YAML::Node& n) {
  const std::string& s = n.Scalar();
  if (is_quoted(n)) return s;
  if (s == "true") return true;
  if (s == "false") return false;
  if (s == "null" || s == "~" || s.empty()) return nullptr;
  std::size_t used = 0;
  try {
    const double d = std::stod(s, &used);
    if (used == s.size() && s.find_first_not_of("0123456789+-.eE") == std::string::npos)
      return d == static_cast<double>(static_cast<long long>(d)) && s.find_first_of(".eE") == s.npos
                 ? nlohmann::json(static_cast<long long>(d))
                 : nlohmann::json(d);
  } catch (const std::exception&) {
  }
  return s;
}

// The value of `n` as JSON; false (with an error) when it cannot be one.
bool to_json(FmReader& r, const YAML::Node& n, nlohmann::json& out, int depth, int& count) {
  if (++count > kMaxExtraValues) {
    r.error(n, "front-matter/extra",
            "'extra' holds more than " + std::to_string(kMaxExtraValues) + " values");
    return false;
  }
  if (depth > kMaxExtraDepth) {
    r.error(n, "front-matter/extra",
            "'extra' nests more than " + std::to_string(kMaxExtraDepth) + " levels");
    return false;
  }
  if (n.IsScalar()) {
    out = scalar_json(n);
    return true;
  }
  if (n.IsNull()) {
    out = nullptr;
    return true;
  }
  if (n.IsSequence()) {
    out = nlohmann::json::array();
    for (const auto& item : n) {
      nlohmann::json v;
      if (!to_json(r, item, v, depth + 1, count)) return false;
      out.push_back(std::move(v));
    }
    return true;
  }
  out = nlohmann::json::object();
  bool ok = true;
  for (const auto& kv : n) {
    const std::string name = kv.first.IsScalar() ? kv.first.Scalar() : "";
    if (!is_extra_name(name)) {
      r.error(kv.first, "front-matter/extra",
              "'" + quote_for_message(name, 40) +
                  "' is not a name a template can use: [a-z][a-z0-9_]*, at most 64 characters");
      ok = false;
      continue;
    }
    nlohmann::json v;
    if (!to_json(r, kv.second, v, depth + 1, count)) return false;
    out[name] = std::move(v);
  }
  return ok;
}

bool is_image_name(const std::string& src) {
  const std::string ext = lower_extension(src);
  for (const char* e : {"jpg", "jpeg", "png", "webp", "avif", "gif", "svg"})
    if (ext == e) return true;
  return false;
}

}  // namespace

void read_extra(FmReader& r, const YAML::Node& n, std::string_view, FrontMatter& fm) {
  if (!n.IsMap()) {
    r.error(n, "front-matter/value-type", "'extra' must be a mapping");
    return;
  }
  nlohmann::json j;
  int count = 0;
  if (to_json(r, n, j, 1, count)) fm.extra = Located<std::string>{json_text(j), r.at(n)};
}

std::string merged_extra(const std::string& source, const std::string& translation) {
  nlohmann::json out = nlohmann::json::parse(source, nullptr, false);
  const nlohmann::json own = nlohmann::json::parse(translation, nullptr, false);
  if (!out.is_object() || !own.is_object()) return translation;
  for (const auto& [name, value] : own.items()) out[name] = value;
  return json_text(out);
}

void read_cover(FmReader& r, const YAML::Node& n, std::string_view, FrontMatter& fm) {
  if (!n.IsMap()) {
    r.error(n, "front-matter/value-type", "'cover' must be a mapping {src, alt}");
    return;
  }
  check_unknown_keys(n, {"src", "alt"}, r.origin(), "front-matter/unknown-key", "'cover'",
                     r.sink());
  Cover c;
  c.where = r.at(n);
  bool ok = true;
  if (!n["src"]) {
    r.error(n, "front-matter/required", "'cover' needs 'src'");
    ok = false;
  } else if (auto src = r.plain_string(n["src"], "src")) {
    c.src = *src;
    c.src_where = r.at(n["src"]);
    const bool inside =
        !c.src.empty() && c.src[0] != '/' && c.src.find("..") == std::string::npos &&
        c.src.find(':') == std::string::npos && c.src.find('\\') == std::string::npos;
    if (!inside || !is_image_name(c.src)) {
      r.error(n["src"], "front-matter/cover",
              "'src' must name an image file of the bundle (.jpg, .jpeg, .png, .webp, .avif, "
              ".gif or .svg), not \"" +
                  quote_for_message(c.src, 60) + "\"");
      ok = false;
    }
  } else {
    ok = false;
  }
  if (!n["alt"]) {
    r.error(n, "front-matter/required", "'cover' needs 'alt': what the image shows");
    ok = false;
  } else if (auto alt = r.text(n["alt"], "alt", 300)) {
    c.alt = alt->value;
  } else {
    ok = false;
  }
  if (ok) fm.cover = std::move(c);
}

namespace {

void add_strings(const YAML::Node& n, const std::string& name, const YamlOrigin& origin, int depth,
                 std::vector<ExtraString>& out) {
  if (depth > kMaxExtraDepth) return;
  if (n.IsScalar()) {
    if (scalar_json(n).is_string()) out.push_back({name, n.Scalar(), location_of(n, origin)});
  } else if (n.IsSequence()) {
    for (const auto& item : n) add_strings(item, name, origin, depth + 1, out);
  } else if (n.IsMap()) {
    for (const auto& kv : n)
      if (kv.first.IsScalar()) add_strings(kv.second, kv.first.Scalar(), origin, depth + 1, out);
  }
}

}  // namespace

std::vector<ExtraString> extra_strings(const std::string& path, const std::string& file) {
  std::vector<ExtraString> out;
  DiagnosticSink ignored;  // the file's own findings are validate's to report
  const auto split = split_front_matter(path, file, ignored);
  if (!split) return out;
  const YamlOrigin origin(path, split->yaml_first_line);
  if (!prescan_yaml(split->yaml, origin, kMaxYamlDepth, ignored)) return out;
  const auto doc = parse_yaml(split->yaml, origin, "front-matter/yaml", ignored);
  try {
    if (doc && doc->IsMap() && (*doc)["extra"].IsMap())
      add_strings((*doc)["extra"], "", origin, 1, out);
  } catch (const YAML::Exception&) {
    out.clear();
  }
  return out;
}

}  // namespace pp
