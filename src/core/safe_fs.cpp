#include "core/safe_fs.h"

#include <sys/stat.h>

namespace pp {

namespace fs = std::filesystem;

namespace {

FileKind kind_of(const struct stat& st) {
  if (S_ISREG(st.st_mode)) return FileKind::regular;
  if (S_ISDIR(st.st_mode)) return FileKind::directory;
  if (S_ISLNK(st.st_mode)) return FileKind::symlink;
  return FileKind::special;
}

}  // namespace

FileKind file_kind(const fs::path& p) {
  struct stat st {};
  if (::lstat(p.c_str(), &st) != 0) return FileKind::missing;
  return kind_of(st);
}

std::string special_kind_name(unsigned mode) {
  if (S_ISLNK(mode)) return "a symbolic link";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  return "";
}

std::string special_kind_name(const fs::path& p) {
  struct stat st {};
  return ::lstat(p.c_str(), &st) == 0 ? special_kind_name(st.st_mode) : "";
}

std::string link_on_way(const fs::path& base, const fs::path& rel) {
  fs::path at = base, shown;
  for (const auto& part : rel) {
    if (part.empty() || part == ".") continue;
    at /= part;
    shown /= part;
    struct stat st {};
    if (::lstat(at.c_str(), &st) != 0) return "";
    const FileKind k = kind_of(st);
    if (k == FileKind::symlink || k == FileKind::special) return shown.generic_string();
  }
  return "";
}

}  // namespace pp
