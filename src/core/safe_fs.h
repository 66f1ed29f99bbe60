#pragma once
// Looking at files without following symbolic links: what polypress reads,
// writes or removes is a real file or folder where it expects one, never
// something a link leads to.

#include <filesystem>
#include <string>

#include "core/limits.h"

namespace pp {

/// What a path is, the path itself (a final symbolic link is not followed).
enum class FileKind { missing, regular, directory, symlink, special };

/// The kind of `p` itself.
FileKind file_kind(const std::filesystem::path& p);

/// "a FIFO", "a socket", "a character device", "a block device" or "a symbolic
/// link" for `p` when it is one of those; "" for a regular file, a folder or
/// nothing at all.
std::string special_kind_name(const std::filesystem::path& p);

/// The same for a file mode (`st_mode` of stat).
std::string special_kind_name(unsigned mode);

/// The first path on the way from `base` to `base / rel` — each folder of
/// `rel`, then `rel` itself — that is a symbolic link or a special file,
/// relative to `base` ("" when there is none). `base` itself is not looked at;
/// the way stops at the first part that does not exist.
std::string link_on_way(const std::filesystem::path& base, const std::filesystem::path& rel);

}  // namespace pp
