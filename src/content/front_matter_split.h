#pragma once
// Internal to content: splitting a file into front matter and body.

#include <optional>
#include <string>

#include "core/diagnostic.h"

namespace pp {

/// The parts of an article file, with LF line ends and without a BOM.
struct SplitFile {
  std::string yaml;
  int yaml_first_line = 2;
  std::string body;
  int body_first_line = 1;
};

/// Checks encoding (UTF-8, no NUL or control characters, no inner BOM),
/// normalizes CRLF and lone CR to LF, and splits on the `---` lines.
/// Reports located errors under front-matter/... and returns nullopt.
std::optional<SplitFile> split_front_matter(const std::string& path, const std::string& bytes,
                                            DiagnosticSink& sink);

}  // namespace pp
