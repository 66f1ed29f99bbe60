#include "core/file_io.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <random>
#include <set>

#include "core/safe_fs.h"

namespace pp {

namespace fs = std::filesystem;

ReadResult read_file(const fs::path& path, std::size_t max_bytes) {
  ReadResult r;
  // A link is never followed, and a FIFO or device is never read: opening
  // without blocking and looking at what was opened keeps a FIFO from
  // hanging the process (a FIFO named index.en.md waits for a writer).
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY);
  if (fd < 0) {
    r.error = errno == ELOOP ? "a symbolic link (never followed)" : std::strerror(errno);
    return r;
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    const std::string kind = special_kind_name(st.st_mode);
    r.error = S_ISDIR(st.st_mode) ? "a folder, not a file"
                                  : (kind.empty() ? "not" : kind + ", not") + " a regular file";
    ::close(fd);
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

// The file a write would replace, looked at once. A link is never the same
// (read_file does not follow it): the rename replaces the link itself.
struct Replaced {
  bool exists = false;
  bool same = false;  ///< it holds the bytes to write already
  mode_t mode = 0;    ///< its permissions, which the new file keeps
};

Replaced look_at(const fs::path& path, const std::string& bytes) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return {};
  Replaced r{true, false, static_cast<mode_t>(st.st_mode & 07777)};
  if (S_ISREG(st.st_mode) && static_cast<std::size_t>(st.st_size) == bytes.size()) {
    const ReadResult now = read_file(path, bytes.size());
    r.same = now.ok && now.bytes == bytes;
  }
  return r;
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

// Writes `bytes` into a new file `tmp` that will replace `path`, with the
// permissions of the file it replaces (a translator's 0600 .po keeps them);
// `sync`: fsync it too. On failure nothing is left and `error` says why.
// `replaced`: the file as look_at() saw it.
bool write_temporary(const fs::path& tmp, const fs::path& path, const std::string& bytes, bool sync,
                     const Replaced& replaced, std::string& error) {
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0) {
    error = path.string() + ": " + std::strerror(errno);
    return false;
  }
  if (replaced.exists) ::fchmod(fd, replaced.mode);
  const bool ok = write_all(fd, bytes) && (!sync || ::fsync(fd) == 0);
  const int saved = errno;
  ::close(fd);
  if (!ok) {
    ::unlink(tmp.c_str());
    error = path.string() + ": " + std::strerror(saved);
  }
  return ok;
}

}  // namespace

fs::path temporary_beside(const fs::path& path) {
  static thread_local std::mt19937_64 rng{std::random_device{}()};
  return path.parent_path() /
         ("." + path.filename().string() + ".tmp" + std::to_string(rng() % 1000000));
}

bool is_temporary_beside(const std::string& name) {
  const auto tmp = name.rfind(".tmp");
  return name.size() > 1 && name[0] == '.' && tmp != std::string::npos && tmp + 4 < name.size() &&
         std::all_of(name.begin() + static_cast<std::ptrdiff_t>(tmp) + 4, name.end(),
                     [](char c) { return c >= '0' && c <= '9'; });
}

WriteOutcome write_file_atomic(const fs::path& path, const std::string& bytes, std::string& error) {
  const Replaced replaced = look_at(path, bytes);
  if (replaced.same) return WriteOutcome::unchanged;
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
  const fs::path tmp = temporary_beside(path);
  if (!write_temporary(tmp, path, bytes, true, replaced, error)) return WriteOutcome::failed;
  if (::rename(tmp.c_str(), path.c_str()) != 0) {
    error = path.string() + ": " + std::strerror(errno);
    ::unlink(tmp.c_str());
    return WriteOutcome::failed;
  }
  const int dfd = ::open(dir.empty() ? "." : dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd >= 0) {
    ::fsync(dfd);
    ::close(dfd);
  }
  return WriteOutcome::written;
}

AtomicBatch::~AtomicBatch() {
  for (const auto& p : pending_) ::unlink(p.tmp.c_str());
  std::error_code ec;
  for (const auto& t : trees_)  // ours, in the staging folder; remove_all follows no link
    if (!t.renamed) fs::remove_all(t.dir, ec);
  // A batch that was not committed leaves no folder behind either.
  if (!committed_)
    for (auto it = created_.rbegin(); it != created_.rend(); ++it) ::rmdir(it->c_str());
}

bool AtomicBatch::stage_as_tree(const fs::path& root) {
  fs::path r = root.lexically_normal();
  if (!r.has_filename()) r = r.parent_path();
  struct stat st {};
  if (staging_.empty() || r.empty() || ::lstat(r.c_str(), &st) == 0 || errno != ENOENT)
    return false;
  // The tree's own folder is made with its first file.
  trees_.push_back(
      {r, staging_ / ("tree-" + std::to_string(trees_.size())), r.string() + "/", {}, false});
  return true;
}

AtomicBatch::Tree* AtomicBatch::tree_of(const fs::path& path) {
  Tree* best = nullptr;  // the deepest, when one folder is inside another
  for (auto& t : trees_)
    if (path.native().starts_with(t.prefix) && (!best || t.prefix.size() > best->prefix.size()))
      best = &t;
  return best;
}

WriteOutcome AtomicBatch::stage_in_tree(Tree& tree, const fs::path& path, const std::string& bytes,
                                        std::string& error) {
  const fs::path rel(path.native().substr(tree.prefix.size()));
  {
    std::lock_guard<std::mutex> lock(mutex_);
    std::vector<fs::path> chain{tree.dir};  // the tree's folder, then the file's, outermost first
    for (const auto& part : rel.parent_path()) chain.push_back(chain.back() / part);
    for (const auto& folder : chain) {
      if (made_.count(folder.native())) continue;
      if (::mkdir(folder.c_str(), 0755) != 0 && errno != EEXIST) {
        error = path.parent_path().string() + ": " + std::strerror(errno);
        return WriteOutcome::failed;
      }
      made_.insert(folder.native());
    }
  }
  const fs::path in_tree = tree.dir / rel;
  if (!write_temporary(in_tree, path, bytes, false, Replaced{}, error)) return WriteOutcome::failed;
  std::lock_guard<std::mutex> lock(mutex_);
  tree.files.push_back({path, in_tree});
  return WriteOutcome::written;
}

WriteOutcome AtomicBatch::stage(const fs::path& path, const std::string& bytes,
                                std::string& error) {
  // A file of a folder made whole at commit: nothing to look at, written once.
  if (Tree* tree = tree_of(path)) return stage_in_tree(*tree, path, bytes, error);
  // One stat: a fresh build's outputs are all new, and asked about once.
  const Replaced replaced = look_at(path, bytes);
  if (replaced.same) return WriteOutcome::unchanged;
  const fs::path dir = path.parent_path();
  bool make = false;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    make = !dir.empty() && !made_.count(dir.string());
  }
  if (make) {
    // Each missing folder is made and remembered, outermost first.
    std::vector<fs::path> missing;
    std::error_code ec;
    for (fs::path d = dir; !d.empty() && !fs::exists(d, ec); d = d.parent_path()) {
      missing.push_back(d);
      if (d == d.parent_path()) break;
    }
    std::lock_guard<std::mutex> lock(mutex_);
    for (auto it = missing.rbegin(); it != missing.rend(); ++it) {
      if (::mkdir(it->c_str(), 0755) == 0) {
        created_.push_back(*it);
      } else if (errno != EEXIST) {
        error = it->string() + ": " + std::strerror(errno);
        return WriteOutcome::failed;
      }
    }
    made_.insert(dir.string());
  }
  fs::path tmp;
  if (staging_.empty()) {
    tmp = temporary_beside(path);
  } else {
    std::lock_guard<std::mutex> lock(mutex_);
    tmp = staging_ / (std::to_string(staged_count_++) + ".tmp");
  }
  if (!write_temporary(tmp, path, bytes, false, replaced, error)) return WriteOutcome::failed;
  std::lock_guard<std::mutex> lock(mutex_);
  pending_.push_back({path, tmp});
  return WriteOutcome::written;
}

bool AtomicBatch::commit_tree(Tree& tree, fs::path& failed, std::string& error) {
  if (tree.files.empty()) return true;  // no file: no folder either, as without a tree
  std::error_code ec;
  fs::create_directories(tree.root.parent_path(), ec);
  if (::rename(tree.dir.c_str(), tree.root.c_str()) == 0) {
    tree.renamed = true;
    return true;
  }
  // The folder was made meanwhile (another shard's build, say): file by file.
  for (std::size_t k = 0; k < tree.files.size(); ++k) {
    const Pending& f = tree.files[k];
    fs::create_directories(f.path.parent_path(), ec);
    if (::rename(f.tmp.c_str(), f.path.c_str()) != 0) {
      failed = f.path;
      error = failed.string() + ": " + std::strerror(errno);
      return false;
    }
  }
  return true;
}

bool AtomicBatch::commit(fs::path& failed, std::string& error) {
  std::lock_guard<std::mutex> lock(mutex_);
  committed_ = true;
  const bool any_tree =
      std::any_of(trees_.begin(), trees_.end(), [](const Tree& t) { return !t.files.empty(); });
  if (pending_.empty() && !any_tree) return true;
  // One sync of the file system makes every new file durable, then each tree
  // becomes its folder and each temporary replaces its file by rename, and
  // one more sync makes the renames durable (instead of an fsync per file and
  // per folder).
  const fs::path any_dir = any_tree ? staging_ : pending_.front().path.parent_path();
  auto sync_all = [&] {
    const int fd =
        ::open(any_dir.empty() ? "." : any_dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
      ::syncfs(fd);
      ::close(fd);
    }
  };
  sync_all();
  // Outer folders first, when one is inside another.
  std::vector<Tree*> trees;
  for (auto& t : trees_) trees.push_back(&t);
  std::sort(trees.begin(), trees.end(),
            [](const Tree* a, const Tree* b) { return a->prefix.size() < b->prefix.size(); });
  for (Tree* t : trees)
    if (!commit_tree(*t, failed, error)) return false;  // the destructor removes the rest
  std::size_t k = 0;
  for (; k < pending_.size(); ++k) {
    if (::rename(pending_[k].tmp.c_str(), pending_[k].path.c_str()) != 0) {
      failed = pending_[k].path;
      error = failed.string() + ": " + std::strerror(errno);
      break;
    }
  }
  pending_.erase(pending_.begin(), pending_.begin() + static_cast<std::ptrdiff_t>(k));
  sync_all();
  return pending_.empty();
}

std::vector<WriteOutcome> write_files_atomic(const std::vector<FileToWrite>& files,
                                             std::size_t& failed_index, std::string& error) {
  std::vector<WriteOutcome> outcomes;
  failed_index = files.size();
  AtomicBatch batch;
  std::vector<std::size_t> staged;  // indexes, in staging order
  for (std::size_t i = 0; i < files.size(); ++i) {
    const WriteOutcome o = batch.stage(*files[i].path, *files[i].bytes, error);
    if (o == WriteOutcome::failed) {
      failed_index = i;
      return outcomes;  // nothing was replaced: every earlier file is as it was
    }
    outcomes.push_back(o);
    if (o == WriteOutcome::written) staged.push_back(i);
  }
  fs::path failed;
  if (!batch.commit(failed, error)) {
    for (const std::size_t i : staged)
      if (*files[i].path == failed) {
        failed_index = i;
        outcomes.resize(i);  // the files staged after it keep their old version
        break;
      }
  }
  return outcomes;
}

SiteFileRead read_site_file(const fs::path& root, const std::string& rel, std::size_t max_bytes) {
  SiteFileRead out;
  if (const std::string link = link_on_way(root, rel); !link.empty()) {
    out.error = link + " is a link or a special file; polypress does not read through it";
    return out;
  }
  if (file_kind(root / rel) == FileKind::missing) return out;
  ReadResult r = read_file(root / rel, max_bytes);
  if (r.ok)
    out.bytes = std::move(r.bytes);
  else
    out.error = std::move(r.error);
  return out;
}

}  // namespace pp
