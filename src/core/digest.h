#pragma once
// Digests of file contents.

#include <optional>
#include <string>
#include <string_view>

namespace pp {

/// The git blob id of `bytes` (what `git hash-object` prints): SHA-1 of
/// "blob <size>\0" followed by the bytes, as 40 lower-case hex digits.
std::string git_blob_id(const std::string& bytes);

/// `bytes` with a seal after them: a hash of them, as 16 hex digits. What
/// polypress keeps between builds is sealed, so that a damaged state file
/// (a disk error, a stray write) that leaves a value well formed is noticed,
/// not published. The hash is std::hash: a state is only read by the binary
/// that wrote it.
std::string sealed(std::string bytes);

/// The bytes sealed() was given, or nullopt when the seal does not match.
/// The view is into `bytes`, so a temporary is refused at compile time.
std::optional<std::string_view> unsealed(const std::string& bytes);
std::optional<std::string_view> unsealed(std::string&& bytes) = delete;

}  // namespace pp
