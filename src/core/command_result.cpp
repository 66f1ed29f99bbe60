#include "core/command_result.h"

namespace pp {

void CommandResult::stop(ErrorKind kind, std::string message) {
  error = RunError{kind, std::move(message)};
}

int exit_status(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::usage:
    case ErrorKind::configuration:
    case ErrorKind::io:
      return kExitUsage;
    case ErrorKind::input:
    case ErrorKind::network:
      return kExitFindings;
  }
  return kExitUsage;
}

int exit_status(const CommandResult& result) {
  if (result.error) return exit_status(result.error->kind);
  return result.diagnostics.has_errors() ? kExitFindings : kExitOk;
}

}  // namespace pp
