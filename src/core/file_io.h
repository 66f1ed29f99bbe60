#pragma once
// Reading files with a size cap and writing them atomically.

#include <cstddef>
#include <filesystem>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace pp {

/// Result of read_file: `ok` false with `error` (errno text) when it fails.
struct ReadResult {
  bool ok = false;
  bool too_large = false;
  std::string bytes;
  std::string error;
};

/// Reads a whole regular file; refuses (too_large) files over `max_bytes`, and
/// a symbolic link, folder, FIFO, socket or device (`error` says which)
/// without waiting on it.
ReadResult read_file(const std::filesystem::path& path, std::size_t max_bytes);

/// Result of read_site_file: `bytes` when the file is there and read; else
/// `error` says why it cannot be read ("" when there is no such file).
struct SiteFileRead {
  std::optional<std::string> bytes;
  std::string error;
};

/// Reads `root / rel` (at most `max_bytes`) unless a symbolic link or special
/// file is on the way (error "L is a link or a special file; polypress does
/// not read through it").
SiteFileRead read_site_file(const std::filesystem::path& root, const std::string& rel,
                            std::size_t max_bytes);

/// A new hidden temporary name beside `path` (".NAME.tmpDIGITS"), for a
/// file that replaces `path` by rename.
std::filesystem::path temporary_beside(const std::filesystem::path& path);

/// Whether the file name `name` is one temporary_beside() gives: a file
/// another build running at the same time (a shard) is writing.
bool is_temporary_beside(const std::string& name);

/// Outcome of write_file_atomic.
enum class WriteOutcome { written, unchanged, failed };

/// Writes `bytes` to `path` through a temporary file in the same folder, fsync
/// and rename, so readers see the old or the new file, never a partial one.
/// A file whose content is already `bytes` is left untouched (unchanged).
/// Creates missing parent folders. On failure sets `error` to "path: reason".
WriteOutcome write_file_atomic(const std::filesystem::path& path, const std::string& bytes,
                               std::string& error);

/// Files replaced as one batch, staged from any number of threads: stage()
/// writes each changed file to a temporary beside it; commit() makes them
/// durable with one file-system sync (not an fsync per file), renames each
/// over its file, and syncs once more. Until commit() nothing is replaced, and
/// a batch destroyed without it removes its temporaries. A crash leaves every
/// file whole: old or new.
class AtomicBatch {
 public:
  /// Temporaries go beside their files, or into `staging` (an empty folder on
  /// the same file system as every file of the batch), so that a process
  /// killed before commit() leaves nothing partial among the files.
  explicit AtomicBatch(std::filesystem::path staging = {}) : staging_(std::move(staging)) {}
  ~AtomicBatch();
  AtomicBatch(const AtomicBatch&) = delete;
  AtomicBatch& operator=(const AtomicBatch&) = delete;
  /// Stages `bytes` for `path` (thread-safe): unchanged when the file already
  /// holds them, written when staged, failed with `error` ("path: reason").
  WriteOutcome stage(const std::filesystem::path& path, const std::string& bytes,
                     std::string& error);
  /// Files under `root`, a folder that does not exist yet, are then written
  /// once, straight into a tree of that shape in the staging folder, and
  /// commit() renames the whole tree to `root`: a clean build pays one file
  /// creation per output, not a temporary and a rename each. False (and
  /// nothing changes) without a staging folder or when `root` exists.
  bool stage_as_tree(const std::filesystem::path& root);
  /// Replaces the staged files in the order they were staged (each tree of
  /// stage_as_tree() first, by one rename). At a rename that fails, stops:
  /// `failed` is that file, `error` the reason, the files staged after it stay
  /// as they were, and false is returned.
  bool commit(std::filesystem::path& failed, std::string& error);

 private:
  struct Pending {
    std::filesystem::path path, tmp;
  };
  /// A folder to be made whole by commit(): `dir` in the staging folder,
  /// renamed to `root`; `files` are its files (path and place in `dir`).
  struct Tree {
    std::filesystem::path root, dir;
    std::string prefix;  ///< root's path and a '/': what its files start with
    std::vector<Pending> files;
    bool renamed = false;  ///< commit() made it `root`
  };
  Tree* tree_of(const std::filesystem::path& path);
  WriteOutcome stage_in_tree(Tree& tree, const std::filesystem::path& path,
                             const std::string& bytes, std::string& error);
  bool commit_tree(Tree& tree, std::filesystem::path& failed, std::string& error);
  std::mutex mutex_;
  std::vector<Pending> pending_;
  std::set<std::string> made_;                  ///< folders known to exist
  std::vector<std::filesystem::path> created_;  ///< folders this batch made, in order
  bool committed_ = false;
  std::filesystem::path staging_;
  std::size_t staged_count_ = 0;  ///< names of temporaries in staging_
  std::vector<Tree> trees_;
};

/// One file of a batch for write_files_atomic (pointers: nothing is copied).
struct FileToWrite {
  const std::filesystem::path* path;
  const std::string* bytes;
};

/// Writes a batch so that each file is replaced atomically and durably, with one
/// file-system sync for the whole batch instead of one fsync per file: changed
/// files go to temporaries beside them, then syncfs, then renames, then one
/// sync after them. Unchanged files are not touched. Returns one outcome per
/// file; on the first failure no further file is replaced (before the renames,
/// none is), its index goes to `failed_index`, the reason to `error`, and the
/// outcomes stop before it. A crash leaves every file whole, old or new.
std::vector<WriteOutcome> write_files_atomic(const std::vector<FileToWrite>& files,
                                             std::size_t& failed_index, std::string& error);

}  // namespace pp
