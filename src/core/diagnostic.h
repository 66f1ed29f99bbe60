#pragma once
// Findings with their place in a file, collected and printed in one format.

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace pp {

/// A place in a file: path relative to the site root, 1-based line and column
/// (column counts Unicode code points; 0 means "whole line" or "whole file").
struct SourceLocation {
  std::string path;
  int line = 0;
  int column = 0;
  friend bool operator==(const SourceLocation&, const SourceLocation&) = default;
};

enum class Severity { note, warning, error };

/// "note", "warning" or "error".
const char* severity_name(Severity s);

/// One finding. `rule` is a stable id such as "front-matter/date"; `message` is
/// lower-case text without a trailing period.
struct Diagnostic {
  SourceLocation where;
  Severity severity = Severity::error;
  std::string rule;
  std::string message;
};

/// Collects findings from every stage; stages report, they do not throw.
/// Not thread-safe: parallel stages collect into their own sink and merge.
class DiagnosticSink {
 public:
  /// Records one finding.
  void report(SourceLocation where, Severity severity, std::string rule, std::string message);
  void error(SourceLocation where, std::string rule, std::string message) {
    report(std::move(where), Severity::error, std::move(rule), std::move(message));
  }
  void warning(SourceLocation where, std::string rule, std::string message) {
    report(std::move(where), Severity::warning, std::move(rule), std::move(message));
  }
  /// Appends every finding of `other` (at this sink's levels).
  void merge(const DiagnosticSink& other);
  /// From now on, a finding of a rule in `levels` is recorded at its level,
  /// or not at all when that is nullopt (site.yaml's `rules:`).
  void set_levels(std::map<std::string, std::optional<Severity>> levels) {
    levels_ = std::move(levels);
  }
  /// Findings sorted by file, line, column, then rule and message; duplicates removed.
  std::vector<Diagnostic> sorted() const;
  /// Findings in the order they were recorded, duplicates kept.
  const std::vector<Diagnostic>& items() const { return items_; }
  int count(Severity s) const;
  bool has_errors() const { return count(Severity::error) > 0; }
  bool empty() const { return items_.empty(); }

 private:
  std::vector<Diagnostic> items_;
  std::map<std::string, std::optional<Severity>> levels_;
};

enum class OutputFormat { text, json, github, sarif };

/// Parses "text", "json", "github" or "sarif"; false when unknown.
bool parse_output_format(const std::string& name, OutputFormat& out);

/// Renders findings (already sorted) in the given format. Text is
/// `path:line:col: severity: message [rule]`, one line each. `base` says
/// what the paths are relative to when that is not the site root (SARIF's
/// SRCROOT instead of SITEROOT).
std::string format_diagnostics(const std::vector<Diagnostic>& items, OutputFormat format,
                               const std::string& base = "");

}  // namespace pp
