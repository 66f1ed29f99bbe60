#pragma once
// Internal to render: what one build works out once and every output shares
// (each picture's size, each feed entry's content), safe from every thread.

#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <vector>

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
  /// every output that asks, as if each had made it.
  std::string once(const std::string& key, const std::function<std::string()>& make);

 private:
  struct Made {
    std::string text;
    std::vector<DependencyKey> reads;
  };
  std::mutex mutex_;
  std::map<std::string, Made> made_;
};

}  // namespace pp
