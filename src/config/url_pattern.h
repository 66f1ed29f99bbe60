#pragma once
// links.exclude: regular expressions over absolute URLs, in RE2 syntax. RE2
// runs in time linear in the URL and never recurses, whatever the pattern.

#include <memory>
#include <string>
#include <string_view>

namespace re2 {
class RE2;
}

namespace pp {

/// A compiled links.exclude pattern.
class UrlPattern {
 public:
  /// Compiles `pattern`; when RE2 rejects it, valid() is false and error()
  /// holds RE2's message ("missing ): (").
  explicit UrlPattern(const std::string& pattern);
  ~UrlPattern();
  UrlPattern(UrlPattern&&) noexcept;
  UrlPattern& operator=(UrlPattern&&) noexcept;

  bool valid() const;
  const std::string& error() const { return error_; }
  /// Whether the pattern matches anywhere in `url` (a search, not a full
  /// match: '^' and '$' anchor it).
  bool found_in(std::string_view url) const;

 private:
  std::unique_ptr<re2::RE2> re_;
  std::string error_;
};

}  // namespace pp
