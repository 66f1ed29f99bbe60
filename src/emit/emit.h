#pragma once
// Stage: writing rendered files into an output folder, atomically and only when
// changed. The only code that writes output files: `build` stages each output
// here as soon as it is rendered and replaces them all in one batch.

#include <filesystem>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "core/file_io.h"
#include "render/render.h"

namespace pp {

struct EmitStats {
  int written = 0;
  int unchanged = 0;
  int failed = 0;
};

/// The emit/output-link message: a folder on the way to an output is a link.
inline constexpr const char* kOutputLinkMessage =
    "a symbolic link (or special file) inside the output folder; polypress never writes or "
    "deletes through one: remove it and build again";

/// Whether `path` (relative, '/'-separated) stays inside its output folder:
/// not empty, not absolute, no "..".
bool stays_inside(const std::string& path);

/// Files of pipeline/static/ as outputs under assets/ (copied as they are),
/// and the built-in theme's static files the site does not replace (with
/// their bytes, `copy_from` empty).
/// Symbolic links, special files and editors' leftovers are skipped with a
/// warning; unsafe names and folders nested too deep are errors.
std::vector<OutputFile> collect_static(const std::filesystem::path& root, bool refuse_svg,
                                       DiagnosticSink& sink);

/// Writes each file under `out_dir` (temporary file + rename; unchanged files are
/// not rewritten). A path that is absolute or climbs out with "..", or whose way
/// passes through a link inside `out_dir`, is refused.
/// The first failure is reported as an emit/... error naming the file as
/// `shown_dir`/path, with the reason, and stops the writing: every file is then
/// either its old or its new version.
EmitStats write_outputs(const std::filesystem::path& out_dir, const std::string& shown_dir,
                        const std::vector<OutputFile>& files, DiagnosticSink& sink);

/// The output folders of a build and this run's share of its files.
struct OutputFolders {
  std::filesystem::path out_dir, mail_dir;  ///< absolute
  std::string out_shown, mail_shown;        ///< as the user gave them, for messages
  int shard_index = 1, shard_count = 1;
};

/// One output of a build, placed in its folder.
struct PlacedOutput {
  std::size_t unit = 0, index = 0;  ///< its unit in BuildPlan::units(), its place in the unit
  std::string file;                 ///< absolute (text: 50,000 paths are not split into parts)
  std::string shown;                ///< "<folder as given>/<path>", for messages
  bool mine = false;                ///< this shard's (every output without shards)
};

/// Every output of `units` placed in its folder, in order; nullopt after an
/// error: a path outside its folder (emit/path), two outputs on one file
/// (emit/path), an output folder that is not a folder (emit/write).
/// `write_failed` is set for the last two.
std::optional<std::vector<PlacedOutput>> place_outputs(const std::vector<RenderUnit>& units,
                                                       const OutputFolders& folders,
                                                       DiagnosticSink& sink, bool& write_failed);

/// For `build --clean`: whether each output folder that holds anything
/// holds one of the `placed` outputs already, so that it is one polypress
/// built. A folder given by mistake (the site's .git, a home folder) holds
/// none: an emit/clean-refused error names it, and nothing is removed.
bool clean_is_safe(const std::vector<PlacedOutput>& placed, const OutputFolders& folders,
                   DiagnosticSink& sink);

/// Whether no symbolic link (or special file) is on the way to any output
/// whose `wanted` flag is set; else an emit/output-link error names it.
bool output_ways_are_clear(const std::vector<RenderUnit>& units,
                           const std::vector<PlacedOutput>& placed, const std::vector<bool>& wanted,
                           const OutputFolders& folders, DiagnosticSink& sink);

/// A fresh `.polypress/staging/<pid>/` under `root` when it is on the same file
/// system as every folder of `outputs` (else empty: temporaries then go beside
/// their files). Staging folders left by builds that no longer run (killed)
/// are removed first.
std::filesystem::path prepare_staging(const std::filesystem::path& root,
                                      const std::vector<std::filesystem::path>& outputs);

/// The files of a build's outputs, staged from any thread as each is rendered
/// and replaced all at once (AtomicBatch): until commit() no file changes.
class OutputBatch {
 public:
  /// `placed` (place_outputs()) must outlive the batch; temporaries go into
  /// `staging` (prepare_staging(); empty: beside their files). Each of the
  /// output `folders` that does not exist yet is written as a whole tree in
  /// `staging` and renamed into place by commit() (a clean build writes each
  /// file once).
  OutputBatch(const std::vector<PlacedOutput>& placed, std::filesystem::path staging,
              const std::vector<std::filesystem::path>& folders);
  /// Stages `bytes` as the file of output `k` (thread-safe); false when that
  /// failed, reported by staged_all().
  bool stage(std::size_t k, const std::string& bytes);
  /// True when every stage() went through; else the first output (in order)
  /// that could not be staged is reported (emit/write).
  bool staged_all(DiagnosticSink& sink) const;
  /// Replaces every staged file; false, with an emit/write error naming the
  /// file, when a replacement fails.
  bool commit(DiagnosticSink& sink);
  /// What stage() did with output `k` (unchanged for an output not staged).
  WriteOutcome outcome(std::size_t k) const { return outcomes_[k]; }

 private:
  const std::vector<PlacedOutput>& placed_;
  AtomicBatch batch_;
  std::vector<WriteOutcome> outcomes_;
  std::vector<std::string> errors_;
};

}  // namespace pp
