#pragma once
// Internal to render: what one build works out once and every output shares
// (each picture's size, each feed entry's content), safe from every thread.

#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "incremental/incremental.h"
#include "render/images.h"

namespace pp {

/// A build's shared results; BuildPlan owns one, SiteModel::caches points to it.
class BuildCaches {
 public:
  /// The size and format of the pictures beside articles.
  ImageInfoCache images;

  /// The text made by `make` for `key`, made once per build whatever the
  /// number of outputs that ask (a feed entry's content is in the language's
  /// feed and in each of its tags' feeds). What `make` read is recorded for
  /// every output that asks, as if each had made it, and what it found goes
  /// to every asker's `sink` (an output that shows a broken value fails).
  std::string once(const std::string& key, const std::function<std::string(DiagnosticSink&)>& make,
                   DiagnosticSink& sink);

 private:
  struct Made {
    std::string text;
    std::vector<DependencyKey> reads;
    DiagnosticSink found;
  };
  std::mutex mutex_;
  std::map<std::string, Made> made_;
};

}  // namespace pp
