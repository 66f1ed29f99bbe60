#pragma once
// Stage: incremental builds. What a build keeps for the next one in
// .polypress/build.sqlite (the build record, a record per output, the parse of
// every article, the files written), what each output read while it was
// rendered (typed dependency keys), and the decision of which outputs must be
// rendered again. docs/architecture.md ("Incremental builds") and
// docs/incremental.md describe it; this is the stage's one public header.

#include <cstdint>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "content/article_cache.h"
#include "content/content.h"
#include "core/diagnostic.h"
#include "core/site_layout.h"

namespace pp {

// ---------------------------------------------------------------------------
// Dependency keys

/// One input an output read while it was rendered. Built by the factories
/// below; text() is its one encoding for storage, parse() its inverse.
struct DependencyKey {
  enum class Kind {
    bundle,         ///< a bundle: its article files' stamps and its other files' names
    catalog,        ///< a language's compiled catalog
    template_file,  ///< a template with its partials
    list,           ///< the first `first` entries of a language's list (all when unset)
    section_list,   ///< a language's entries in one section
    every_bundle,   ///< every bundle (the sitemap)
    copied_file,    ///< a file copied as it is
    week_list,      ///< a language's entries published in one ISO week (a brief's)
    weeks,          ///< the ISO weeks a language's entries are published in
  };
  Kind kind = Kind::every_bundle;
  std::string name;                  ///< bundle id, language, template name or absolute path
  std::string section;               ///< section_list: the section; week_list: the week
  std::optional<std::size_t> first;  ///< list: how many entries; nullopt: all

  static DependencyKey bundle(std::string id);
  static DependencyKey catalog(std::string lang);
  static DependencyKey template_file(std::string name);
  /// The first `n` entries of `lang`'s list.
  static DependencyKey list_head(std::string lang, std::size_t n);
  /// The whole list of `lang`.
  static DependencyKey whole_list(std::string lang);
  static DependencyKey section_list(std::string lang, std::string section);
  static DependencyKey every_bundle();
  static DependencyKey copied_file(std::string path);
  /// The entries of `lang`'s list published in `week` ("2026-W48").
  static DependencyKey week_list(std::string lang, std::string week);
  /// The weeks `lang`'s list has entries in.
  static DependencyKey weeks(std::string lang);

  /// The stored form: "b:<id>", "c:<lang>", "t:<name>", "l:<lang>:<n>",
  /// "l:<lang>:*", "l:<lang>:*:<section>", "s", "f:<path>", "w:<lang>:<week>",
  /// "w:<lang>".
  std::string text() const;
  /// The key text() wrote, or nullopt for text it cannot have written.
  static std::optional<DependencyKey> parse(std::string_view text);

  bool operator==(const DependencyKey&) const = default;
};

/// The keys an output read, in the order they were first recorded.
class DependencyLog {
 public:
  /// Adds `key` (a repeat of the last key is dropped at once: pages ask for
  /// the same catalog or template again and again).
  void record(DependencyKey key);
  /// The keys recorded, each once, sorted by text().
  std::vector<DependencyKey> keys() const;
  /// The keys as recorded (a key may repeat), cheaper than keys().
  const std::vector<DependencyKey>& recorded() const { return keys_; }

 private:
  std::vector<DependencyKey> keys_;
};

/// Makes `log` the log of the output being rendered on this thread while it
/// lives (restoring the previous one after).
class DependencyScope {
 public:
  explicit DependencyScope(DependencyLog& log);
  ~DependencyScope();
  DependencyScope(const DependencyScope&) = delete;
  DependencyScope& operator=(const DependencyScope&) = delete;

 private:
  DependencyLog* previous_;
};

/// Records `key` in the log of the output being rendered on this thread.
/// Only the site's view calls it (render's SiteModel: its accessors return a
/// value and record its key at once; docs/incremental.md, "Reads"). Outside
/// an output's scope nothing is recorded; while a RecordingPhase lives that
/// is a read no record holds, which aborts a build made with
/// POLYPRESS_STRICT_READS (tests, debug) and is dropped otherwise.
void record_dependency(DependencyKey key);

/// record_dependency() of each of `keys`: what a value made once and shared
/// (BuildCaches::once) read, recorded again for each output that uses it.
void record_dependencies(const std::vector<DependencyKey>& keys);

/// While it lives, outputs are being rendered: every read must be made within
/// an output's DependencyScope (see record_dependency()).
class RecordingPhase {
 public:
  RecordingPhase();
  ~RecordingPhase();
  RecordingPhase(const RecordingPhase&) = delete;
  RecordingPhase& operator=(const RecordingPhase&) = delete;
};

/// Whether this program was built to fail on a read outside a query
/// (POLYPRESS_STRICT_READS).
bool strict_reads();

/// Fails loudly (strict builds) when `log` holds a read: `what` made a value
/// kept or shared on the promise that it reads nothing a record must hold.
void expect_no_reads(const DependencyLog& log, const char* what);

/// The current value of every dependency, as a digest that is the same as
/// when an output was rendered exactly when what it read then is unchanged.
class DependencyValues {
 public:
  virtual ~DependencyValues() = default;
  /// The value of `key` now. Thread-safe.
  virtual std::string value(const DependencyKey& key) const = 0;
};

/// The digest of the values `keys` have now under `global` (what every output
/// depends on: the binary, site.yaml, the options that change output).
std::string dependencies_digest(const DependencyValues& values, const std::string& global,
                                const std::vector<DependencyKey>& keys);

/// dependencies_digest() of keys given as their text() with their values.
std::string dependencies_digest(
    const std::string& global,
    const std::vector<std::pair<std::string_view, std::string_view>>& keys_and_values);

/// `keys` one a line (their text()), as an output record stores them.
std::string encode_dependencies(const std::vector<DependencyKey>& keys);

/// The keys of encode_dependencies(), or nullopt when a line is not a key.
std::optional<std::vector<DependencyKey>> decode_dependencies(std::string_view text);

// ---------------------------------------------------------------------------
// The state kept between builds (.polypress/build.sqlite)

/// What the last successful build saw and wrote.
struct BuildRecord {
  std::string inputs;                ///< fingerprint of every input file (path, size, mtime)
  std::string options;               ///< fingerprint of the options and the polypress binary
  std::vector<std::string> outputs;  ///< absolute paths of every file it produced
  std::string outputs_state;         ///< fingerprint of those files (size, mtime)
  std::vector<Diagnostic> findings;  ///< its warnings, shown again when it is reused
  /// When an article's date comes or its `expires` passes, after that build
  /// (ms since the epoch): from then on it is not reused. nullopt: never.
  std::optional<double> next_change_ms;
  /// The clock of that build (ms since the epoch): a build at an earlier
  /// time does not reuse it.
  std::optional<double> built_ms;
};

/// What the last build that wrote it recorded about one output file.
struct OutputRecord {
  std::string dependencies;          ///< encode_dependencies() of what it read
  std::string digest;                ///< dependencies_digest() of those then
  std::string state;                 ///< the file as written: file_state()
  std::vector<Diagnostic> findings;  ///< found rendering it, shown again when reused
};

/// One bundle's checks as a build left them (docs/incremental.md, "Checks").
struct CheckedBundle {
  std::string key;                   ///< digest of what its checks read of itself and the site
  std::string face;                  ///< digest of what other bundles' checks read of it
  std::vector<std::string> names;    ///< ids its links and `related` may name (a superset)
  std::vector<Diagnostic> findings;  ///< as reported, before site.yaml's rule levels
};

/// Checks kept between builds, by bundle id: a bundle whose key is the same
/// and none of whose names changed its face is not checked again.
struct CheckCache {
  std::unordered_map<std::string, CheckedBundle> bundles;    ///< as the last build left them
  std::vector<std::pair<std::string, CheckedBundle>> added;  ///< checked now, to store
  long long newer_than_ns = 0;  ///< a bundle with a file changed after this is not stored
};

/// Pieces of feeds and of the sitemap kept between builds (docs/incremental.md,
/// "Feeds and the sitemap"): each piece's XML by key ("feed <lang> <bundle>"),
/// with the digest of what it was made from. Read from the state on first
/// use; safe on several threads at once.
class KeptEntries {
 public:
  /// Nothing kept (every find() misses) and nothing to keep (add() ignores
  /// all): a build without an earlier one's state.
  KeptEntries() = default;
  /// Those kept under `root`'s state (read when first looked up).
  explicit KeptEntries(std::filesystem::path root) : root_(std::move(root)) {}
  /// The kept XML of `key` when it was made from `digest`, or nullptr.
  const std::string* find(const std::string& key, const std::string& digest);
  /// Keeps the XML made now for `key` of the bundle `bundle` from `digest`.
  void add(const std::string& key, const std::string& bundle, const std::string& digest,
           const std::string& xml);
  /// One piece made now: key, bundle, digest, XML.
  struct Made {
    std::string key, bundle, digest, xml;
  };
  /// What add() was given, each key once, sorted by key.
  std::vector<Made> take_made();

 private:
  std::filesystem::path root_;
  std::once_flag read_;
  std::unordered_map<std::string, std::pair<std::string, std::string>> kept_;  // digest, XML
  std::mutex mutex_;
  std::vector<Made> made_;
  std::unordered_set<std::string> made_keys_;
};

/// serve's index of what its outputs read (docs/incremental.md, "Deciding
/// from memory"): each output's keys, the outputs of each key, and each key's
/// value at the last build. After a build that succeeded, every output is
/// current with those values, so the next build compares with its record only
/// the outputs of keys whose value changed. Kept in memory only, with the
/// state it indexes.
class KeyIndex {
 public:
  /// Whether every output with a record is indexed (a decision over all of
  /// them filled it).
  bool complete() const { return complete_; }
  void set_complete() { complete_ = true; }
  /// `output` now reads the keys of `dependencies` (a record's, one a line).
  void index(const std::string& output, std::string_view dependencies);
  /// `output` is no longer produced.
  void forget(const std::string& output);
  /// Whether `output` is indexed.
  bool knows(const std::string& output) const { return output_ids_.count(output) > 0; }
  /// The value `text` had when the index learned it (by set_value()).
  void set_value(const std::string& text, std::string value);
  /// Each key with no value yet (read only by outputs rendered in the build
  /// just done) gets its value from `values`, that build's: the next build
  /// compares only the outputs of the keys that change, the first after
  /// serve starts included. Copied files' keys are left without one (their
  /// value is read from the file system, maybe after the file was replaced).
  void fill_values(const DependencyValues& values);
  /// The text of every key indexed, by number.
  const std::vector<std::string>& keys() const { return key_texts_; }
  /// The indexed outputs that read a key whose value is not the one kept
  /// (`now` holds each key's value now, in keys()' order, nullopt for a text
  /// that is no key), or a value read from a racy stamp; the values of now
  /// are kept.
  std::unordered_set<std::string> outputs_of_changed_keys(
      std::vector<std::optional<std::string>> now);

 private:
  std::uint32_t key_id(std::string_view text);

  bool complete_ = false;
  std::unordered_map<std::string, std::uint32_t> key_ids_, output_ids_;
  std::vector<std::string> key_texts_, output_paths_;
  std::vector<std::optional<std::string>> values_;  // by key id
  std::vector<std::vector<std::uint32_t>>
      outputs_of_;  // by key id (may hold outputs no longer reading it)
  std::vector<std::vector<std::uint32_t>> keys_of_;  // by output id
};

/// What incremental builds keep: a record per output file (by absolute path),
/// the parse of every article (filled here, read by load_corpus()) and the
/// checks of every bundle (read and filled by the driver's checks). All
/// of it belongs to one `identity` (this binary and the site's
/// configuration); under another, none of it is used.
struct IncrementalState {
  /// A state kept under another identity (binary, site.yaml, options) was
  /// left unused: every output is rendered again (build --explain says why).
  bool other_identity = false;
  std::unordered_map<std::string, OutputRecord> outputs;
  ParseCache articles;
  CheckCache checks;
  std::unique_ptr<KeptEntries> entries = std::make_unique<KeptEntries>();
  /// serve's index of the outputs' keys (nullptr: each build decides from the
  /// records alone).
  std::unique_ptr<KeyIndex> index;
};

/// The state kept under `identity`, or an empty one. With `folders`
/// (absolute output folders), only the records of outputs in them are read:
/// those of builds into other folders (serve's, another --out) are theirs.
IncrementalState read_incremental_state(const std::filesystem::path& root,
                                        const std::string& identity,
                                        const std::vector<std::string>& folders = {});

/// Changes to the kept state, written in one transaction.
struct IncrementalUpdate {
  std::vector<std::pair<std::string, OutputRecord>> outputs;        ///< rendered now
  std::vector<std::string> removed_outputs;                         ///< no longer produced
  std::vector<std::pair<std::string, ParseCache::Entry>> articles;  ///< parsed now
  std::vector<std::string> removed_articles;                        ///< files no longer in the site
  std::vector<std::pair<std::string, CheckedBundle>> checks;        ///< bundles checked now
  std::vector<std::string> removed_checks;  ///< bundles no longer in the site (their entries too)
  std::vector<KeptEntries::Made> entries;   ///< feed and sitemap pieces made now
};

/// Applies `update` (all of the kept state is replaced when `identity` is not
/// the one kept); "" or why .polypress/build.sqlite cannot be written (a
/// damaged one is then removed, so that the next build makes it anew).
std::string write_incremental_state(const std::filesystem::path& root, const std::string& identity,
                                    const IncrementalUpdate& update);

/// `state` as read_incremental_state() would read it once write_incremental_state()
/// has applied `update` under the same identity (serve keeps it in memory
/// instead of reading it again): its kept feed and sitemap pieces are read
/// from `root`'s state when next looked up.
void apply_update(IncrementalState& state, const IncrementalUpdate& update,
                  const std::filesystem::path& root);

/// Moves the parses made by this build into `update`, and forgets those of
/// files no longer in `corpus`.
void keep_article_parses(ParseCache& cache, const Corpus& corpus, IncrementalUpdate& update);

/// Moves the checks made by this build into `update`, and forgets those of
/// bundles no longer in `corpus`.
void keep_bundle_checks(CheckCache& cache, const Corpus& corpus, IncrementalUpdate& update);

/// file_stamp() of a file as it is now ("missing" when absent).
std::string file_state(const std::string& path);

/// How long before the file system's clock a change may still be racy: a
/// file changed then may change again, within the clock's own granularity
/// and the time its stamp takes, without its stamp changing.
inline constexpr long long kRacyMarginNs = 200'000'000LL;

/// What a key's value holds when it was read from a racy stamp (followed by
/// a token no later build repeats): such a value never matches again, and
/// `build --explain` says why.
inline constexpr std::string_view kRacyValue = " racy ";

/// The file system's time now (ns since the epoch), as it stamps a file
/// written now (in its own granularity: a whole second on some): the mtime of
/// kClockPath, written for it and removed at once. The system clock when it
/// cannot be written.
long long file_system_clock_ns(const std::filesystem::path& root);

/// Whether a file last changed at `changed_ns` (its mtime) could change again
/// without its stamp changing, by the file system's clock `clock_ns` at the
/// build's start (git's racy rule: a stamp as new as the clock, or within
/// kRacyMarginNs of it, is not trusted). Such files are read again next time.
bool racy_stamp(long long changed_ns, long long clock_ns);

/// A fingerprint of the site's inputs: every regular file under content/,
/// pipeline/ and locales/ with its size, modification time, inode and change
/// time (nanoseconds).
/// `newest_ns`, when given, receives the newest modification time seen, and
/// `listings` the entries of each bundle folder (for load_corpus()).
std::string fingerprint_inputs(const std::filesystem::path& root, long long* newest_ns = nullptr,
                               BundleListings* listings = nullptr);

/// file_state() of each of `paths`, on every core, each path looked at from
/// the deepest folder it shares with the next one (a short path walk).
std::vector<std::string> file_states(const std::vector<std::string>& paths);

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
  std::string made_by;  ///< "build" or "edition"; "foreign" for a file reported as not ours;
                        ///< "unknown" for one found without a record of earlier builds
};

/// Every file recorded by record_written_files(), by absolute path.
std::unordered_map<std::string, WrittenFile> read_written_files(const std::filesystem::path& root);

/// Folders of the output folders as a build last listed them, by absolute
/// path: their stamp (modification time and inode) when listed. A folder
/// whose stamp is the same holds the same names, so it need not be listed
/// again to find files placed by hand.
std::unordered_map<std::string, std::string> read_listed_folders(const std::filesystem::path& root);

/// Changes to the record of listed folders: stamps to record, folders to forget.
struct ListedFolderChanges {
  std::vector<std::pair<std::string, std::string>> listed;
  std::vector<std::string> forgotten;
};

/// Records `files` and forgets `forgotten` (absolute paths), with the listed
/// folders' changes, in one transaction; "" or why not.
std::string record_written_files(const std::filesystem::path& root,
                                 const std::vector<std::pair<std::string, WrittenFile>>& files,
                                 const std::vector<std::string>& forgotten,
                                 const ListedFolderChanges& folders = {});

/// Forgets the last build (before writing outputs, so a failed or interrupted
/// build is never taken for a complete one).
void clear_build_record(const std::filesystem::path& root);

// ---------------------------------------------------------------------------
// What to render

/// Whether each of `files` (absolute; only those `mine` flags) must be
/// rendered: it has no record in `kept`, its file changed or went since it
/// was written, or one of the inputs it read has another value now. The
/// file_state() of each file with a record goes to `states`, and its record
/// to `records` (nullptr without one). In parallel (on the calling task
/// arena). With a complete kept.index (serve's), only the outputs whose keys
/// changed value are looked at, their files and records; the others keep the
/// state recorded when serve wrote them (the index is filled first when it
/// is not complete, and keeps the values of now).
std::vector<bool> outputs_to_render(const std::vector<std::string>& files,
                                    const std::vector<bool>& mine, const IncrementalState& kept,
                                    const DependencyValues& values, const std::string& global,
                                    std::vector<std::string>& states,
                                    std::vector<const OutputRecord*>* records = nullptr);

/// Why `file`, whose file_state() is `state` now, is rendered again, for
/// build --explain: new, changed since it was written, or the first key of
/// its record whose value changed ("b:news/x changed"), as `ninja -d explain`.
std::string why_rendered(const IncrementalState& kept, const std::string& file,
                         const std::string& state, const DependencyValues& values);

/// The record of an output rendered now from `keys` (its state and findings
/// are filled once it is written). Its digest is followed by a short mark of
/// each key's value, which only why_rendered() reads.
OutputRecord output_record(const std::vector<DependencyKey>& keys, const DependencyValues& values,
                           const std::string& global);

/// Adds to `update` the records of `kept` in `folders` (this build's output
/// folders, absolute) whose file is not among `every` (every output of this
/// build): those outputs are no longer produced. Records of other folders
/// (serve's, another --out) stay for the builds into them.
void forget_outputs_not_in(const IncrementalState& kept, const std::vector<std::string>& every,
                           const std::vector<std::string>& folders, IncrementalUpdate& update);

}  // namespace pp
