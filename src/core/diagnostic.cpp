#include "core/diagnostic.h"

#include <algorithm>
#include <tuple>

namespace pp {

const char* severity_name(Severity s) {
  switch (s) {
    case Severity::note:
      return "note";
    case Severity::warning:
      return "warning";
    case Severity::error:
      return "error";
  }
  return "error";
}

void DiagnosticSink::report(SourceLocation where, Severity severity, std::string rule,
                            std::string message) {
  if (const auto level = levels_.find(rule); level != levels_.end()) {
    if (!level->second) return;
    severity = *level->second;
  }
  items_.push_back({std::move(where), severity, std::move(rule), std::move(message)});
}

void DiagnosticSink::merge(const DiagnosticSink& other) {
  for (const auto& d : other.items_) report(d.where, d.severity, d.rule, d.message);
}

std::vector<Diagnostic> DiagnosticSink::sorted() const {
  std::vector<Diagnostic> out = items_;
  auto key = [](const Diagnostic& d) {
    return std::tie(d.where.path, d.where.line, d.where.column, d.rule, d.message);
  };
  std::sort(out.begin(), out.end(),
            [&](const Diagnostic& a, const Diagnostic& b) { return key(a) < key(b); });
  out.erase(std::unique(out.begin(), out.end(),
                        [&](const Diagnostic& a, const Diagnostic& b) {
                          return key(a) == key(b) && a.severity == b.severity;
                        }),
            out.end());
  return out;
}

int DiagnosticSink::count(Severity s) const {
  return static_cast<int>(std::count_if(items_.begin(), items_.end(),
                                        [s](const Diagnostic& d) { return d.severity == s; }));
}

}  // namespace pp
