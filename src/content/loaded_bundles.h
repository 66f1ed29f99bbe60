#pragma once
// serve: the bundles a long-running process has read, kept until a file in
// them changes (docs/serve.md, "What serve keeps in memory").

#include <mutex>
#include <set>
#include <string>
#include <unordered_map>

#include "content/content.h"
#include "core/diagnostic.h"

namespace pp {

/// Bundles as load_corpus() read them, with what reading them reported, by
/// folder (relative to the site root). The process that keeps them is told of
/// every change under content/ (serve's watcher): a bundle with no change in
/// its folder since it was read is taken as it is, without reading the folder
/// or stat-ing its files. Not for a process that is not told of changes.
class LoadedBundles {
 public:
  /// What one bundle folder gave when it was read.
  struct Kept {
    Bundle bundle;
    DiagnosticSink findings;
    bool lent = false;  ///< `bundle` is in a build's corpus until give_back()
  };

  /// A file or folder at `rel` (relative to the site root) changed: every
  /// bundle at, in or around it is read again.
  void changed(const std::string& rel);
  /// Nothing kept is used: everything is read again (the watcher missed
  /// events, site.yaml changed, a folder moved).
  void forget_all();
  /// A load starts: the changes noted so far are those it reads again; those
  /// noted from now on are the next load's.
  void begin_load();
  /// Moves the bundle read from `dir`, when nothing in it changed since, into
  /// `bundle` and copies its findings into `findings` (it is lent to this
  /// load's corpus until give_back()); false when it must be read. Safe on
  /// several threads at once.
  bool lend(const std::string& dir, Bundle& bundle, DiagnosticSink& findings);
  /// A build is done with its corpus: the bundles lent to it come back (the
  /// translations assembled from catalogs into them left out: each load
  /// assembles them again). A bundle lent and not given back is read again.
  void give_back(std::vector<Bundle>& bundles);
  /// Keeps what reading `dir` gave now, in place of what was kept.
  void keep(const std::string& dir, Kept kept);
  /// The load is over: the bundles not in `present` (the folders it found)
  /// are forgotten.
  void end_load(const std::set<std::string>& present);

 private:
  bool is_changed(const std::string& dir) const;

  std::unordered_map<std::string, Kept> kept_;
  std::set<std::string> changed_;  // paths changed since the last begin_load()
  std::set<std::string> loading_;  // the changes the load under way reads again
  mutable std::mutex mutex_;       // changed() may come from another thread
};

}  // namespace pp
