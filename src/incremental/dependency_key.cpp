// Dependency keys and their one text form, as output records store them.
#include <algorithm>

#include "incremental/incremental.h"

namespace pp {

namespace {

using Kind = DependencyKey::Kind;

DependencyKey make(Kind kind, std::string name) {
  DependencyKey k;
  k.kind = kind;
  k.name = std::move(name);
  return k;
}

// A count of list entries as text() writes it: digits only, short enough
// never to overflow.
std::optional<std::size_t> count_of(std::string_view n) {
  if (n.empty() || n.size() >= 9 ||
      !std::all_of(n.begin(), n.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return std::nullopt;
  return std::stoul(std::string(n));
}

// "<lang>:<n>", "<lang>:*" or "<lang>:*:<section>" (the part after "l:").
std::optional<DependencyKey> parse_list(std::string_view rest) {
  if (const auto at = rest.find(":*:"); at != std::string_view::npos)
    return DependencyKey::section_list(std::string(rest.substr(0, at)),
                                       std::string(rest.substr(at + 3)));
  const auto colon = rest.rfind(':');
  if (colon == std::string_view::npos) return std::nullopt;
  const std::string lang(rest.substr(0, colon));
  const std::string_view n = rest.substr(colon + 1);
  if (n == "*") return DependencyKey::whole_list(lang);
  if (const auto count = count_of(n)) return DependencyKey::list_head(lang, *count);
  return std::nullopt;
}

}  // namespace

DependencyKey DependencyKey::bundle(std::string id) {
  return make(Kind::bundle, std::move(id));
}

DependencyKey DependencyKey::catalog(std::string lang) {
  return make(Kind::catalog, std::move(lang));
}

DependencyKey DependencyKey::template_file(std::string name) {
  return make(Kind::template_file, std::move(name));
}

DependencyKey DependencyKey::list_head(std::string lang, std::size_t n) {
  DependencyKey k = make(Kind::list, std::move(lang));
  k.first = n;
  return k;
}

DependencyKey DependencyKey::whole_list(std::string lang) {
  return make(Kind::list, std::move(lang));
}

DependencyKey DependencyKey::section_list(std::string lang, std::string section) {
  DependencyKey k = make(Kind::section_list, std::move(lang));
  k.section = std::move(section);
  return k;
}

DependencyKey DependencyKey::every_bundle() {
  return make(Kind::every_bundle, "");
}

DependencyKey DependencyKey::copied_file(std::string path) {
  return make(Kind::copied_file, std::move(path));
}

DependencyKey DependencyKey::week_list(std::string lang, std::string week) {
  DependencyKey k = make(Kind::week_list, std::move(lang));
  k.section = std::move(week);
  return k;
}

DependencyKey DependencyKey::weeks(std::string lang) {
  return make(Kind::weeks, std::move(lang));
}

std::string DependencyKey::text() const {
  switch (kind) {
    case Kind::bundle:
      return "b:" + name;
    case Kind::catalog:
      return "c:" + name;
    case Kind::template_file:
      return "t:" + name;
    case Kind::list:
      return "l:" + name + ":" + (first ? std::to_string(*first) : "*");
    case Kind::section_list:
      return "l:" + name + ":*:" + section;
    case Kind::every_bundle:
      return "s";
    case Kind::copied_file:
      return "f:" + name;
    case Kind::week_list:
      return "w:" + name + ":" + section;
    case Kind::weeks:
      return "w:" + name;
  }
  return "";
}

std::optional<DependencyKey> DependencyKey::parse(std::string_view text) {
  if (text == "s") return every_bundle();
  if (text.size() < 2 || text[1] != ':') return std::nullopt;
  const std::string rest(text.substr(2));
  switch (text[0]) {
    case 'b':
      return bundle(rest);
    case 'c':
      return catalog(rest);
    case 't':
      return template_file(rest);
    case 'f':
      return copied_file(rest);
    case 'l':
      return parse_list(rest);
    case 'w': {
      // A language code has no colon; a week has none either.
      const auto colon = rest.find(':');
      if (colon == std::string::npos) return weeks(rest);
      if (rest.find(':', colon + 1) != std::string::npos) return std::nullopt;
      return week_list(rest.substr(0, colon), rest.substr(colon + 1));
    }
    default:
      return std::nullopt;
  }
}

std::string encode_dependencies(const std::vector<DependencyKey>& keys) {
  std::string out;
  for (const auto& k : keys) out.append(out.empty() ? "" : "\n").append(k.text());
  return out;
}

std::optional<std::vector<DependencyKey>> decode_dependencies(std::string_view text) {
  std::vector<DependencyKey> out;
  while (!text.empty()) {
    const auto nl = std::min(text.find('\n'), text.size());
    auto key = DependencyKey::parse(text.substr(0, nl));
    if (!key) return std::nullopt;
    out.push_back(std::move(*key));
    text.remove_prefix(std::min(nl + 1, text.size()));
  }
  return out;
}

}  // namespace pp
