#pragma once
// Internal to emit, used by the driver: after a build, the output folders hold
// exactly what a clean build leaves, and nothing polypress did not write is
// ever removed.

#include <filesystem>
#include <string>
#include <vector>

#include "core/diagnostic.h"

namespace pp {

/// An output folder: where it is (absolute) and how the user named it.
struct OutputFolderRef {
  std::filesystem::path dir;
  std::string shown;
};

/// What a build produced, for tidy_output_folders().
struct ProducedFiles {
  std::vector<std::string> all;     ///< every output of the build (all shards), absolute
  std::vector<std::string> mine;    ///< the files this run is responsible for, absolute
  std::vector<std::string> states;  ///< file_state() of each of `mine`
};

/// A file tidy_output_folders() removed: as shown ("<folder as given>/<path>"),
/// and whether an earlier build produced it (else: --clean found it there).
struct RemovedFile {
  std::string shown;
  bool produced = true;
};

/// `path` made absolute (against the working folder) and normal, without a
/// final slash: the form in which written files and folders are recorded.
std::string absolute_path(const std::string& path);

/// Whether a file whose file_state() is `now` is as polypress wrote it
/// (`written`): the same size and modification time. Its inode and change
/// time are left out: a site copied with `cp -a` or restored from a backup
/// keeps its files' contents and times, not their inodes.
bool same_as_written(const std::string& now, const std::string& written);

/// After a successful build, in `folders`:
/// - a file an earlier build wrote that this build no longer produces (its
///   bundle deleted, made a draft, a language removed) is removed, when it is
///   still as polypress left it and no link is on its way, and so are the
///   folders that leaves empty; one changed since is kept and reported;
/// - a file no build produced (placed by hand) is kept, and reported once as
///   an emit/not-produced note.
/// - with no record of what earlier builds wrote (the state missing or
///   damaged), one emit/no-record warning says how many such files are kept.
/// `remove_stale` false (a build of some languages only) removes nothing;
/// `clean` (build --clean) removes every file the build did not produce,
/// never through a link, so the folders hold what a clean build leaves.
/// The files removed go to `removed` (as "<folder as given>/<path>") when
/// given. The files written are recorded in .polypress/build.sqlite; returns why
/// that record could not be written ("" when it was).
std::string tidy_output_folders(const std::filesystem::path& root,
                                const std::vector<OutputFolderRef>& folders,
                                const ProducedFiles& produced, bool remove_stale, bool clean,
                                DiagnosticSink& sink, std::vector<RemovedFile>* removed = nullptr);

}  // namespace pp
