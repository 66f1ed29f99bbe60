#pragma once
// serve: reading a file below the output folder without ever leaving it. The
// path is walked one segment at a time from a descriptor of the folder
// (openat with O_NOFOLLOW): a symlink anywhere on the way, or a file that is
// not a regular file (FIFO, device, socket), is not found.

#include <filesystem>
#include <string>
#include <vector>

namespace pp {

/// What a request names below the output folder.
struct ConfinedFile {
  enum class Kind { file, folder, missing, too_large };
  Kind kind = Kind::missing;
  std::string bytes;  ///< the content, for a file
  std::string name;   ///< the last name opened (a folder's index: "index.html")
};

/// Reads the file named by `segments` (from path_segments) below `root`: a
/// last segment that is empty means that folder's index.html; a last segment
/// naming a folder gives `folder` (the caller redirects to it with a slash).
/// Files over `max_bytes` give too_large. Never blocks on a FIFO.
ConfinedFile read_confined(const std::filesystem::path& root,
                           const std::vector<std::string>& segments, std::size_t max_bytes);

}  // namespace pp
