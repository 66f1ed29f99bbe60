#include "core/file_io.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <random>
#include <set>

namespace pp {

namespace fs = std::filesystem;

ReadResult read_file(const fs::path& path, std::size_t max_bytes) {
  ReadResult r;
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    r.error = std::strerror(errno);
    return r;
  }
  char buf[65536];
  for (;;) {
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0) {
      if (errno == EINTR) continue;
      r.error = std::strerror(errno);
      ::close(fd);
      return r;
    }
    if (n == 0) break;
    if (r.bytes.size() + static_cast<std::size_t>(n) > max_bytes) {
      r.too_large = true;
      r.error = "file is larger than " + std::to_string(max_bytes) + " bytes";
      ::close(fd);
      return r;
    }
    r.bytes.append(buf, static_cast<std::size_t>(n));
  }
  ::close(fd);
  r.ok = true;
  return r;
}

namespace {

bool same_content(const fs::path& path, const std::string& bytes) {
  std::error_code ec;
  const auto size = fs::file_size(path, ec);
  if (ec || size != bytes.size()) return false;
  const ReadResult r = read_file(path, bytes.size());
  return r.ok && r.bytes == bytes;
}

bool write_all(int fd, const std::string& bytes) {
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    done += static_cast<std::size_t>(n);
  }
  return true;
}

}  // namespace

WriteOutcome write_file_atomic(const fs::path& path, const std::string& bytes, std::string& error) {
  if (same_content(path, bytes)) return WriteOutcome::unchanged;
  std::error_code ec;
  const fs::path dir = path.parent_path();
  if (!dir.empty()) {
    fs::create_directories(dir, ec);
    if (ec) {
      error = dir.string() + ": " + ec.message();
      return WriteOutcome::failed;
    }
  }
  // Hidden temporary name in the same folder, so rename() is atomic.
  static thread_local std::mt19937_64 rng{std::random_device{}()};
  const fs::path tmp =
      dir / ("." + path.filename().string() + ".tmp" + std::to_string(rng() % 1000000));
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0) {
    error = path.string() + ": " + std::strerror(errno);
    return WriteOutcome::failed;
  }
  // A file that is replaced keeps its permissions (a translator's 0600 .po).
  struct stat old_stat {};
  if (::stat(path.c_str(), &old_stat) == 0) ::fchmod(fd, old_stat.st_mode & 07777);
  const bool ok = write_all(fd, bytes) && ::fsync(fd) == 0;
  const int saved = errno;
  ::close(fd);
  if (!ok || ::rename(tmp.c_str(), path.c_str()) != 0) {
    const int err = ok ? errno : saved;
    ::unlink(tmp.c_str());
    error = path.string() + ": " + std::strerror(err);
    return WriteOutcome::failed;
  }
  const int dfd = ::open(dir.empty() ? "." : dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd >= 0) {
    ::fsync(dfd);
    ::close(dfd);
  }
  return WriteOutcome::written;
}

std::vector<WriteOutcome> write_files_atomic(const std::vector<FileToWrite>& files,
                                             std::size_t& failed_index, std::string& error) {
  std::vector<WriteOutcome> outcomes(files.size(), WriteOutcome::unchanged);
  failed_index = files.size();
  struct Pending {
    std::size_t index;
    fs::path tmp;
  };
  std::vector<Pending> pending;
  auto abandon = [&](std::size_t index, const std::string& why) {
    for (const auto& p : pending) ::unlink(p.tmp.c_str());
    failed_index = index;
    error = why;
    outcomes.resize(index);  // nothing was replaced: every earlier file is as it was
    return outcomes;
  };
  static thread_local std::mt19937_64 rng{std::random_device{}()};
  std::set<std::string> made;  // folders already created in this batch
  // 1. Every changed file goes to a temporary beside it; nothing is replaced yet.
  for (std::size_t i = 0; i < files.size(); ++i) {
    const fs::path& path = *files[i].path;
    const std::string& bytes = *files[i].bytes;
    if (same_content(path, bytes)) continue;
    std::error_code ec;
    const fs::path dir = path.parent_path();
    if (!dir.empty() && made.insert(dir.string()).second) {
      fs::create_directories(dir, ec);
      if (ec) return abandon(i, dir.string() + ": " + ec.message());
    }
    const fs::path tmp =
        dir / ("." + path.filename().string() + ".tmp" + std::to_string(rng() % 1000000));
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0) return abandon(i, path.string() + ": " + std::strerror(errno));
    struct stat old_stat {};
    if (::stat(path.c_str(), &old_stat) == 0) ::fchmod(fd, old_stat.st_mode & 07777);
    const bool ok = write_all(fd, bytes);
    const int saved = errno;
    ::close(fd);
    pending.push_back({i, tmp});
    if (!ok) return abandon(i, path.string() + ": " + std::strerror(saved));
  }
  if (pending.empty()) return outcomes;
  // 2. One sync of the file system makes every temporary durable (instead of
  // an fsync per file), 3. then each replaces its file by rename, 4. and one
  // more sync makes the renames durable (instead of an fsync per folder).
  const fs::path any_dir = files[pending.front().index].path->parent_path();
  auto sync_all = [&] {
    const int fd =
        ::open(any_dir.empty() ? "." : any_dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
      ::syncfs(fd);
      ::close(fd);
    }
  };
  sync_all();
  for (std::size_t k = 0; k < pending.size(); ++k) {
    const auto& p = pending[k];
    const fs::path& path = *files[p.index].path;
    if (::rename(p.tmp.c_str(), path.c_str()) != 0) {
      const int err = errno;
      for (std::size_t rest = k; rest < pending.size(); ++rest) ::unlink(pending[rest].tmp.c_str());
      failed_index = p.index;
      error = path.string() + ": " + std::strerror(err);
      outcomes.resize(p.index);
      return outcomes;
    }
    outcomes[p.index] = WriteOutcome::written;
  }
  sync_all();
  return outcomes;
}

}  // namespace pp
