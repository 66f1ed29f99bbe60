#include "serve/confined_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

namespace pp {

namespace {

/// Closes its descriptor when it goes.
class Fd {
 public:
  explicit Fd(int fd) : fd_(fd) {}
  ~Fd() {
    if (fd_ >= 0) ::close(fd_);
  }
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  Fd& operator=(Fd&& other) noexcept {
    std::swap(fd_, other.fd_);
    return *this;
  }
  int get() const { return fd_; }

 private:
  int fd_;
};

// O_NOFOLLOW: a symlink is refused (ELOOP), never followed, in or out.
constexpr int kFolderFlags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC;
// O_NONBLOCK and O_NOCTTY: opening a FIFO or terminal that slipped in
// between the check and the open neither waits nor takes the terminal.
constexpr int kFileFlags = O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC;

}  // namespace

ConfinedFile read_confined(const std::filesystem::path& root,
                           const std::vector<std::string>& segments, std::size_t max_bytes) {
  ConfinedFile out;
  if (segments.empty()) return out;
  // The output folder itself is the site's own setting, not the request's.
  Fd dir(::open(root.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (dir.get() < 0) return out;
  for (std::size_t i = 0; i + 1 < segments.size(); ++i) {
    Fd next(::openat(dir.get(), segments[i].c_str(), kFolderFlags));
    if (next.get() < 0) return out;
    dir = std::move(next);
  }
  const bool index = segments.back().empty();
  out.name = index ? "index.html" : segments.back();
  // Look before opening: only a folder or a regular file is opened at all.
  struct stat st;
  if (::fstatat(dir.get(), out.name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) return out;
  if (S_ISDIR(st.st_mode) && !index) {
    Fd folder(::openat(dir.get(), out.name.c_str(), kFolderFlags));
    if (folder.get() >= 0) out.kind = ConfinedFile::Kind::folder;
    return out;
  }
  if (!S_ISREG(st.st_mode)) return out;
  Fd file(::openat(dir.get(), out.name.c_str(), kFileFlags));
  // Checked again on what was opened: the name may have been replaced.
  if (file.get() < 0 || ::fstat(file.get(), &st) != 0 || !S_ISREG(st.st_mode)) return out;
  if (static_cast<std::size_t>(st.st_size) > max_bytes) {
    out.kind = ConfinedFile::Kind::too_large;
    return out;
  }
  std::string bytes(static_cast<std::size_t>(st.st_size), '\0');
  std::size_t got = 0;
  while (got < bytes.size()) {
    const ssize_t n = ::read(file.get(), bytes.data() + got, bytes.size() - got);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return out;
    if (n == 0) break;  // the file shrank: what is there
    got += static_cast<std::size_t>(n);
  }
  bytes.resize(got);
  out.bytes = std::move(bytes);
  out.kind = ConfinedFile::Kind::file;
  return out;
}

}  // namespace pp
