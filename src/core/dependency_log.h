#pragma once
// What one output read while it was rendered, so the next build can tell
// whether it would come out the same without rendering it.

#include <string>
#include <string_view>
#include <vector>

namespace pp {

/// The inputs an output was made from, as keys: "b:<bundle id>" (every file
/// of a bundle, or its absence), "c:<lang>" (a catalog), "t:<template>",
/// "l:<lang>:<n>" (the first n entries of a language's list, "*" for all),
/// "s" (every bundle), "f:<path>" (a file copied as it is).
class DependencyLog {
 public:
  /// Notes the key `kind` + `name` ("b:" + "news/x").
  void note(std::string_view kind, std::string_view name);
  /// The keys noted, sorted, each once.
  std::vector<std::string> keys() const;

 private:
  std::vector<std::string> keys_;
};

/// Notes the key `kind` + `name` in the log of the output being rendered on
/// this thread, if any (and costs nothing otherwise).
void note_dependency(std::string_view kind, std::string_view name = {});

/// Makes `log` the log of this thread while it lives.
class DependencyScope {
 public:
  explicit DependencyScope(DependencyLog& log);
  ~DependencyScope();
  DependencyScope(const DependencyScope&) = delete;
  DependencyScope& operator=(const DependencyScope&) = delete;

 private:
  DependencyLog* previous_;
};

}  // namespace pp
