#pragma once
// Internal to content: reading the value of each front matter key from YAML.
// Every reader reports what is wrong under front-matter/... and leaves the
// field unset; front_matter_fields.cpp names the reader of each key.

#include <optional>
#include <string>
#include <string_view>

#include "content/content.h"
#include "core/yaml_util.h"

namespace pp {

/// Reads typed values from the nodes of one front matter, reporting to a sink.
class FmReader {
 public:
  FmReader(const YamlOrigin& origin, DiagnosticSink& sink) : o_(origin), sink_(sink) {}

  /// Where `n` starts in the article file.
  SourceLocation at(const YAML::Node& n) const { return location_of(n, o_); }

  /// Reports an error at `n`.
  void error(const YAML::Node& n, const std::string& rule, const std::string& msg) {
    sink_.error(at(n), rule, msg);
  }

  /// A string of 1 to `max_chars` characters.
  std::optional<Located<std::string>> text(const YAML::Node& n, const std::string& key,
                                           std::size_t max_chars);
  /// A date or date-time (docs/spec.md, section 3).
  std::optional<Located<Date>> date(const YAML::Node& n, const std::string& key);
  /// Any string scalar.
  std::optional<std::string> plain_string(const YAML::Node& n, const std::string& key) {
    return scalar_string(n, key, o_, "front-matter/value-type", sink_);
  }
  /// A number.
  std::optional<double> number(const YAML::Node& n, const std::string& key) {
    return scalar_number(n, key, o_, "front-matter/value-type", sink_);
  }
  /// A list of strings.
  std::vector<std::string> string_list(const YAML::Node& n, const std::string& key);

  const YamlOrigin& origin() const { return o_; }
  DiagnosticSink& sink() { return sink_; }

 private:
  const YamlOrigin& o_;
  DiagnosticSink& sink_;
};

/// How a front matter field is read: from the value `n` of `key` into `fm`.
using FieldReader = void (*)(FmReader& r, const YAML::Node& n, std::string_view key,
                             FrontMatter& fm);

/// Reads a string of 1 to `Max` characters into member `M`.
template <auto M, std::size_t Max>
void read_text(FmReader& r, const YAML::Node& n, std::string_view key, FrontMatter& fm) {
  fm.*M = r.text(n, std::string(key), Max);
}

/// Reads a date into member `M`.
template <auto M>
void read_date(FmReader& r, const YAML::Node& n, std::string_view key, FrontMatter& fm) {
  fm.*M = r.date(n, std::string(key));
}

/// Readers of the keys whose values have rules of their own.
void read_type(FmReader& r, const YAML::Node& n, std::string_view key, FrontMatter& fm);
void read_authors(FmReader& r, const YAML::Node& n, std::string_view key, FrontMatter& fm);
void read_tags(FmReader& r, const YAML::Node& n, std::string_view key, FrontMatter& fm);
void read_draft(FmReader& r, const YAML::Node& n, std::string_view key, FrontMatter& fm);
void read_related(FmReader& r, const YAML::Node& n, std::string_view key, FrontMatter& fm);
void read_sources(FmReader& r, const YAML::Node& n, std::string_view key, FrontMatter& fm);
void read_figures(FmReader& r, const YAML::Node& n, std::string_view key, FrontMatter& fm);
void read_rating(FmReader& r, const YAML::Node& n, std::string_view key, FrontMatter& fm);
void read_price(FmReader& r, const YAML::Node& n, std::string_view key, FrontMatter& fm);
void read_product(FmReader& r, const YAML::Node& n, std::string_view key, FrontMatter& fm);
void read_cover(FmReader& r, const YAML::Node& n, std::string_view key, FrontMatter& fm);
void read_extra(FmReader& r, const YAML::Node& n, std::string_view key, FrontMatter& fm);
void read_source_digest(FmReader& r, const YAML::Node& n, std::string_view key, FrontMatter& fm);

/// `extra` of a translation over its source's, name by name (both JSON objects).
std::string merged_extra(const std::string& source, const std::string& translation);

}  // namespace pp
