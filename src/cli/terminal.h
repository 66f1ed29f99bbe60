#pragma once
// What the command line shows on a terminal: colour, progress, summaries.
// Nothing of it when stderr is not a terminal or with --quiet; no colour when
// NO_COLOR is set (https://no-color.org).

#include <chrono>
#include <cstddef>
#include <mutex>
#include <string>

namespace pp {

/// Whether stderr is a terminal and NO_COLOR is unset or empty.
bool use_color();

/// `text` in the ANSI colour `sgr` (e.g. "1;31") when use_color().
std::string colored(const std::string& text, const char* sgr);

/// Findings as text with their severity coloured (unchanged without colour).
std::string color_findings(const std::string& text);

/// A one-line progress counter on stderr, redrawn at most every 100 ms;
/// `update` may be called from any thread.
class Progress {
 public:
  /// Shows nothing unless `enabled`.
  Progress(std::string what, bool enabled);
  ~Progress();
  void update(std::size_t done, std::size_t total);
  /// Clears the line (before the summary is printed).
  void finish();

 private:
  std::string what_;
  bool enabled_, shown_ = false;
  std::mutex mutex_;
  std::chrono::steady_clock::time_point last_{};
};

}  // namespace pp
