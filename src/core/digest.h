#pragma once
// Digests of file contents.

#include <string>

namespace pp {

/// The git blob id of `bytes` (what `git hash-object` prints): SHA-1 of
/// "blob <size>\0" followed by the bytes, as 40 lower-case hex digits.
std::string git_blob_id(const std::string& bytes);

}  // namespace pp
