#pragma once
// The order of the stages. Every command is a thin function over these.

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "emit/emit.h"

namespace pp {

/// Exit statuses of SPEC §5.
enum ExitCode { kExitOk = 0, kExitFindings = 1, kExitUsage = 2 };

struct ValidateOptions {
  std::filesystem::path root = ".";
  std::vector<std::string> files;  ///< report only these files (relative to root or cwd)
  int jobs = 0;                    ///< parallel readers; 0 = one per core
};

struct BuildOptions {
  std::filesystem::path root = ".";
  std::filesystem::path out_dir = "public";  ///< relative paths are under root
  std::filesystem::path mail_dir = "mail";
  std::vector<std::string> languages;  ///< empty: all configured
  int jobs = 0;                        ///< 0: one per core
  bool drafts = false;
  int shard_index = 1, shard_count = 1;  ///< --shard K/N
};

/// What a run found and did.
struct RunResult {
  int exit_code = kExitOk;
  DiagnosticSink diagnostics;
  EmitStats stats;
  std::filesystem::path out_dir;
  std::string usage_error;    ///< a bad option value (exit 2), printed by the command
  bool write_failed = false;  ///< errors came from writing, after validation passed
};

/// config → content → validate → links: every finding, nothing written.
RunResult run_validate(const ValidateOptions& options);

/// Validates, then renders and writes the site. Writes nothing when validation,
/// catalogs or templates have errors.
RunResult run_build(const BuildOptions& options);

}  // namespace pp
