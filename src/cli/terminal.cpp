#include "cli/terminal.h"

#include <cstdlib>
#include <iostream>
#include <sstream>

#include "cli/cli_common.h"

namespace pp {

bool use_color() {
  const char* no_color = std::getenv("NO_COLOR");
  return stderr_is_terminal() && (!no_color || !*no_color);
}

std::string colored(const std::string& text, const char* sgr) {
  return use_color() ? "\033[" + std::string(sgr) + "m" + text + "\033[0m" : text;
}

std::string color_findings(const std::string& text) {
  if (!use_color()) return text;
  std::istringstream in(text);
  std::string out;
  for (std::string line; std::getline(in, line);) {
    for (const auto& [word, sgr] :
         {std::pair{": error: ", "1;31"}, std::pair{": warning: ", "1;33"},
          std::pair{": note: ", "1;36"}}) {
      const auto at = line.find(word);
      if (at == std::string::npos) continue;
      line = line.substr(0, at + 2) +
             colored(std::string(word).substr(2, std::string(word).size() - 4), sgr) +
             line.substr(at + std::string(word).size() - 2);
      break;
    }
    out += line + "\n";
  }
  return out;
}

Progress::Progress(std::string what, bool enabled) : what_(std::move(what)), enabled_(enabled) {}

Progress::~Progress() {
  finish();
}

void Progress::update(std::size_t done, std::size_t total) {
  if (!enabled_) return;
  std::lock_guard<std::mutex> lock(mutex_);
  const auto now = std::chrono::steady_clock::now();
  if (shown_ && done < total && now - last_ < std::chrono::milliseconds(100)) return;
  last_ = now;
  shown_ = true;
  std::cerr << "\r\033[K" << what_ << " " << done << "/" << total << std::flush;
}

void Progress::finish() {
  if (!enabled_) return;
  std::lock_guard<std::mutex> lock(mutex_);
  if (shown_) std::cerr << "\r\033[K" << std::flush;
  shown_ = false;
}

}  // namespace pp
