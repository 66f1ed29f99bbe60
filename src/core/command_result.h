#pragma once
// What every command returns besides its own data, and the one place where
// that decides the exit status (docs/spec.md §5, docs/architecture.md
// "Driver and CLI").

#include <optional>
#include <string>

#include "core/diagnostic.h"

namespace pp {

/// Exit statuses: 0 ok, 1 findings (or a failure to deliver), 2 usage or
/// configuration.
enum ExitCode { kExitOk = 0, kExitFindings = 1, kExitUsage = 2 };

/// What kind of problem stopped a command before it finished. The kind, never
/// the message's wording, decides the exit status (exit_status()).
enum class ErrorKind {
  usage,          ///< a bad option or argument value (exit 2)
  configuration,  ///< pipeline/site.yaml cannot be used; the diagnostics say why (exit 2)
  input,          ///< a file given to the command is not what it needs (exit 1)
  io,             ///< a file the command was asked to read or create cannot be (exit 2)
  network,        ///< a server could not be reached or refused (exit 1)
};

/// A problem that stopped a command, in the user's words. An empty message
/// means the diagnostics already say it.
struct RunError {
  ErrorKind kind = ErrorKind::usage;
  std::string message;
};

/// The common core of every command's result: its findings and, when it
/// stopped early, why.
struct CommandResult {
  DiagnosticSink diagnostics;
  std::optional<RunError> error;

  /// Records the problem that stops the command.
  void stop(ErrorKind kind, std::string message = "");
};

/// The exit status of an error kind.
int exit_status(ErrorKind kind);

/// The exit status of a command: its error's kind when it stopped early, else
/// kExitFindings when a finding is an error, else kExitOk.
int exit_status(const CommandResult& result);

}  // namespace pp
