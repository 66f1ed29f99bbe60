#pragma once
// Running a helper program (msgfmt) and capturing what it prints.

#include <string>
#include <vector>

namespace pp {

/// What a child process printed and how it ended.
struct ProcessResult {
  int exit_code = -1;  ///< -1 when it could not be started or was killed
  std::string out;
  std::string err;
};

/// Runs argv[0] (searched in PATH) with no standard input; waits for it.
ProcessResult run_process(const std::vector<std::string>& argv);

/// run_process() with `input` (when not null) written to the child's stdin.
ProcessResult run_process_with_input(const std::vector<std::string>& argv,
                                     const std::string* input);

}  // namespace pp
