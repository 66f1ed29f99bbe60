#pragma once
// Internal to emit, used by the driver: the build manifest in .polypress/build.sqlite.

#include <filesystem>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "content/article_cache.h"
#include "core/diagnostic.h"

namespace pp {

/// Where the manifest is, relative to the site root (for messages).
inline constexpr const char* kBuildStatePath = ".polypress/build.sqlite";

/// What the last successful build saw and wrote.
struct BuildRecord {
  std::string inputs;                ///< fingerprint of every input file (path, size, mtime)
  std::string options;               ///< fingerprint of the options and the polypress binary
  std::vector<std::string> outputs;  ///< absolute paths of every file it produced
  std::string outputs_state;         ///< fingerprint of those files (size, mtime)
  std::vector<Diagnostic> findings;  ///< its warnings, shown again when it is reused
};

/// What the last build that wrote it recorded about one output file.
struct OutputRecord {
  std::string dependencies;          ///< keys of core/dependency_log.h, one a line
  std::string digest;                ///< of those dependencies' values then
  std::string state;                 ///< the file as written: file_state()
  std::vector<Diagnostic> findings;  ///< found rendering it, shown again when reused
};

/// What incremental builds keep: a record per output file (by absolute path)
/// and the parse of every article. All of it belongs to one `identity` (this
/// binary and the site's configuration); under another, none of it is used.
struct IncrementalState {
  std::unordered_map<std::string, OutputRecord> outputs;
  ParseCache articles;
};

/// The state kept under `identity`, or an empty one.
IncrementalState read_incremental_state(const std::filesystem::path& root,
                                        const std::string& identity);

/// Changes to the kept state, written in one transaction.
struct IncrementalUpdate {
  std::vector<std::pair<std::string, OutputRecord>> outputs;        ///< rendered now
  std::vector<std::string> removed_outputs;                         ///< no longer produced
  std::vector<std::pair<std::string, ParseCache::Entry>> articles;  ///< parsed now
  std::vector<std::string> removed_articles;                        ///< files no longer in the site
};

/// Applies `update` (all of the kept state is replaced when `identity` is not
/// the one kept); "" or why .polypress/build.sqlite cannot be written (a
/// damaged one is then removed, so that the next build makes it anew).
std::string write_incremental_state(const std::filesystem::path& root, const std::string& identity,
                                    const IncrementalUpdate& update);

/// file_stamp() of a file as it is now ("missing" when absent).
std::string file_state(const std::string& path);

/// A fingerprint of the site's inputs: every regular file under content/,
/// pipeline/ and locales/ with its size and modification time (nanoseconds).
/// `newest_ns`, when given, receives the newest modification time seen.
std::string fingerprint_inputs(const std::filesystem::path& root, long long* newest_ns = nullptr);

/// A fingerprint of files as they are now (a missing file counts too), or
/// as `states` (their file_state(), one per path) say they are.
std::string fingerprint_files(const std::vector<std::string>& paths,
                              const std::vector<std::string>* states = nullptr);

/// The identity of the running polypress (its executable's size and time), so
/// a new version never reuses an old build.
std::string binary_identity();

/// The record of the last successful build, or nullopt (none, unreadable);
/// its `outputs` are left empty (read_build_outputs()).
std::optional<BuildRecord> read_build_record(const std::filesystem::path& root);

/// The files the last successful build produced.
std::vector<std::string> read_build_outputs(const std::filesystem::path& root);

/// Stores `record` (one transaction); "" or why .polypress/build.sqlite cannot
/// be written, which only costs the next build its shortcut.
std::string write_build_record(const std::filesystem::path& root, const BuildRecord& record);

/// Checks that .polypress/build.sqlite (when there is one) can be read: a
/// damaged one is removed, so that this build makes it anew, and "was damaged
/// (SQLite's words …)" is returned; "" otherwise.
std::string repair_build_state(const std::filesystem::path& root);

/// A file polypress wrote into an output folder, as it left it.
struct WrittenFile {
  std::string state;    ///< file_state() right after it was written
  std::string made_by;  ///< "build" or "edition"; "foreign" for a file reported as not ours
};

/// Every file recorded by record_written_files(), by absolute path.
std::unordered_map<std::string, WrittenFile> read_written_files(const std::filesystem::path& root);

/// Records `files` and forgets `forgotten` (absolute paths); "" or why not.
std::string record_written_files(const std::filesystem::path& root,
                                 const std::vector<std::pair<std::string, WrittenFile>>& files,
                                 const std::vector<std::string>& forgotten);

/// Forgets the last build (before writing outputs, so a failed or interrupted
/// build is never taken for a complete one).
void clear_build_record(const std::filesystem::path& root);

}  // namespace pp
