#pragma once
// serve: changes under the site's source folders, through inotify.

#include <chrono>
#include <filesystem>
#include <map>
#include <set>
#include <vector>

namespace pp {

/// Watches folders and everything under them (folders created later too).
class Watcher {
 public:
  /// Watches each existing folder of `roots` recursively.
  explicit Watcher(const std::vector<std::filesystem::path>& roots);
  ~Watcher();
  Watcher(const Watcher&) = delete;
  Watcher& operator=(const Watcher&) = delete;

  /// Waits up to `timeout` for a change; true when something changed. Events
  /// that follow within `settle` are taken as the same change (an editor's
  /// save is several of them).
  bool wait(std::chrono::milliseconds timeout, std::chrono::milliseconds settle);

  /// Whether inotify could be used (false: wait() always times out).
  bool ok() const { return fd_ >= 0; }

  /// Every path named by an event since the last take (editors' swap files
  /// too: they change what a build reports), as the roots were given.
  struct Changes {
    std::set<std::filesystem::path> paths;
    bool all = false;  ///< events were lost (the kernel's queue overflowed)
  };
  /// The changes seen since the last call, and forgets them.
  Changes take_changes();

 private:
  void add_tree(const std::filesystem::path& dir);
  bool drain();  // reads pending events; true when any matters

  int fd_ = -1;
  std::vector<std::filesystem::path> roots_;
  std::map<int, std::filesystem::path> dirs_;  // watch descriptor → folder
  Changes changes_;
};

}  // namespace pp
