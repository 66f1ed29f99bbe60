// The four output formats of docs/spec.md §5.
#include <cctype>
#include <map>
#include <nlohmann/json.hpp>

#include "core/diagnostic.h"
#include "core/json_text.h"
#include "core/rules.h"
#include "core/visible_text.h"

namespace pp {

bool parse_output_format(const std::string& name, OutputFormat& out) {
  static const std::map<std::string, OutputFormat> names = {{"text", OutputFormat::text},
                                                            {"json", OutputFormat::json},
                                                            {"github", OutputFormat::github},
                                                            {"sarif", OutputFormat::sarif}};
  auto it = names.find(name);
  if (it == names.end()) return false;
  out = it->second;
  return true;
}

namespace {

// Paths and messages quote input (file names, link targets, titles): written
// out with visible_text, so no finding can move the cursor, retitle the
// terminal, forge a line or reorder the rest of its line.
std::string text_line(const Diagnostic& d) {
  std::string s = visible_text(d.where.path);
  if (d.where.line > 0) {
    s += ":" + std::to_string(d.where.line);
    if (d.where.column > 0) s += ":" + std::to_string(d.where.column);
  }
  s += ": ";
  s += severity_name(d.severity);
  s += ": " + visible_text(d.message) + " [" + d.rule + "]\n";
  return s;
}

// GitHub workflow commands need %, CR and LF escaped in the message, and also
// ':' and ',' in properties. The text is first written out with visible_text
// (no CR or LF is left; the log shows no escape sequence or bidi control), so
// an annotation is always one line and no input starts a command of its own.
std::string github_escape(const std::string& s, bool property) {
  std::string out;
  for (char c : visible_text(s)) {
    if (c == '%')
      out += "%25";
    else if (c == '\r')
      out += "%0D";
    else if (c == '\n')
      out += "%0A";
    else if (property && c == ':')
      out += "%3A";
    else if (property && c == ',')
      out += "%2C";
    else
      out += c;
  }
  return out;
}

std::string github_line(const Diagnostic& d) {
  const char* level = d.severity == Severity::error     ? "error"
                      : d.severity == Severity::warning ? "warning"
                                                        : "notice";
  std::string s = std::string("::") + level + " file=" + github_escape(d.where.path, true);
  if (d.where.line > 0) s += ",line=" + std::to_string(d.where.line);
  if (d.where.column > 0) s += ",col=" + std::to_string(d.where.column);
  s += ",title=" + github_escape(d.rule, true) + "::" + github_escape(d.message, false) + "\n";
  return s;
}

// A relative path as a URI reference: everything but unreserved characters and
// '/' percent-encoded (spaces, '%', '#', non-ASCII).
std::string uri_reference(const std::string& path) {
  static const char* hex = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : path) {
    if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~' || c == '/') {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return out;
}

// `base`: what the paths are relative to, when not the site root.
std::string sarif(const std::vector<Diagnostic>& items, const std::string& base) {
  const std::string base_id = base.empty() ? "SITEROOT" : "SRCROOT";
  using nlohmann::json;
  std::map<std::string, int> rule_index;
  json rules = json::array();
  json results = json::array();
  for (const auto& d : items) {
    if (!rule_index.count(d.rule)) {
      rule_index[d.rule] = static_cast<int>(rules.size());
      const RuleInfo* info = find_rule(d.rule);
      const Severity level = info ? info->severity : d.severity;
      rules.push_back({{"id", d.rule},
                       {"name", d.rule},
                       {"shortDescription", {{"text", info ? info->summary : d.rule}}},
                       {"fullDescription", {{"text", info ? info->summary : d.rule}}},
                       {"defaultConfiguration",
                        {{"level", level == Severity::error     ? "error"
                                   : level == Severity::warning ? "warning"
                                                                : "note"}}}});
    }
    json region = json::object();
    if (d.where.line > 0) region["startLine"] = d.where.line;
    if (d.where.column > 0) region["startColumn"] = d.where.column;
    json location = {
        {"physicalLocation",
         {{"artifactLocation", {{"uri", uri_reference(d.where.path)}, {"uriBaseId", base_id}}}}}};
    if (!region.empty()) location["physicalLocation"]["region"] = region;
    const char* level = d.severity == Severity::error     ? "error"
                        : d.severity == Severity::warning ? "warning"
                                                          : "note";
    results.push_back({{"ruleId", d.rule},
                       {"ruleIndex", rule_index[d.rule]},
                       {"level", level},
                       {"message", {{"text", d.message}}},
                       {"locations", json::array({location})}});
  }
  json base_ids = json::object();
  base_ids[base_id] = {{"description", {{"text", base.empty() ? "the site root (-C)" : base}}}};
  json log = {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
              {"version", "2.1.0"},
              {"runs", json::array({{{"tool",
                                      {{"driver",
                                        {{"name", "polypress"},
                                         {"informationUri", "https://polypress.invalid/"},
                                         {"rules", rules}}}}},
                                     {"columnKind", "unicodeCodePoints"},
                                     {"originalUriBaseIds", base_ids},
                                     {"results", results}}})}};
  return json_text(log, 2) + "\n";
}

}  // namespace

std::string format_diagnostics(const std::vector<Diagnostic>& items, OutputFormat format,
                               const std::string& base) {
  std::string out;
  switch (format) {
    case OutputFormat::text:
      for (const auto& d : items) out += text_line(d);
      return out;
    case OutputFormat::github:
      for (const auto& d : items) out += github_line(d);
      return out;
    case OutputFormat::json: {
      nlohmann::json arr = nlohmann::json::array();
      for (const auto& d : items)
        arr.push_back({{"file", d.where.path},
                       {"line", d.where.line},
                       {"column", d.where.column},
                       {"severity", severity_name(d.severity)},
                       {"rule", d.rule},
                       {"message", d.message}});
      return json_text(arr, 2) + "\n";
    }
    case OutputFormat::sarif:
      return sarif(items, base);
  }
  return out;
}

}  // namespace pp
