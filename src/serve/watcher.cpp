#include "serve/watcher.h"

#include <poll.h>
#include <sys/inotify.h>
#include <unistd.h>

namespace pp {

namespace fs = std::filesystem;

namespace {

// IN_MODIFY too: a file written by a program that keeps it open changes
// what a build reads before it is closed.
constexpr uint32_t kEvents = IN_CLOSE_WRITE | IN_MODIFY | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE |
                             IN_DELETE | IN_DELETE_SELF | IN_MOVE_SELF | IN_ATTRIB;

// Editors' swap and backup files are not changes of the site.
bool ignored(const std::string& name) {
  return name.empty() || name[0] == '.' || name.back() == '~' || name.ends_with(".swp") ||
         name.ends_with(".swx") || name.starts_with("#");
}

}  // namespace

Watcher::Watcher(const std::vector<fs::path>& roots) : roots_(roots) {
  fd_ = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
  if (fd_ < 0) return;
  for (const auto& r : roots_) add_tree(r);
}

Watcher::~Watcher() {
  if (fd_ >= 0) close(fd_);
}

void Watcher::add_tree(const fs::path& dir) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec) || fs::is_symlink(dir, ec)) return;
  const int wd = inotify_add_watch(fd_, dir.c_str(), kEvents | IN_ONLYDIR);
  if (wd >= 0) dirs_[wd] = dir;
  for (const auto& e : fs::directory_iterator(dir, ec))
    if (e.is_directory(ec) && !e.is_symlink(ec)) add_tree(e.path());
}

bool Watcher::drain() {
  bool changed = false;
  alignas(inotify_event) char buf[16384];
  for (;;) {
    const ssize_t n = read(fd_, buf, sizeof buf);
    if (n <= 0) break;
    for (char* p = buf; p < buf + n;) {
      const auto* ev = reinterpret_cast<const inotify_event*>(p);
      p += sizeof(inotify_event) + ev->len;
      if (ev->mask & IN_Q_OVERFLOW) {
        // Events were lost, those of folders made meanwhile too: every
        // folder is watched again (a watched one keeps its watch).
        changes_.all = changed = true;
        for (const auto& r : roots_) add_tree(r);
        continue;
      }
      const auto it = dirs_.find(ev->wd);
      if (ev->mask & IN_IGNORED) {
        if (it != dirs_.end()) dirs_.erase(it);
        continue;
      }
      if (it == dirs_.end()) continue;
      const std::string name = ev->len ? std::string(ev->name) : "";
      changes_.paths.insert(name.empty() ? it->second : it->second / name);
      // A folder made or moved in is watched (again: a moved folder keeps its
      // watch, now under its new name).
      if ((ev->mask & IN_ISDIR) && (ev->mask & (IN_CREATE | IN_MOVED_TO))) {
        add_tree(it->second / name);
        changed = true;
        continue;
      }
      if (!ignored(name) || (ev->mask & (IN_DELETE_SELF | IN_MOVE_SELF))) changed = true;
    }
  }
  return changed;
}

Watcher::Changes Watcher::take_changes() {
  Changes out = std::move(changes_);
  changes_ = Changes{};
  return out;
}

bool Watcher::wait(std::chrono::milliseconds timeout, std::chrono::milliseconds settle) {
  if (fd_ < 0) {
    usleep(static_cast<useconds_t>(timeout.count()) * 1000);
    return false;
  }
  pollfd p{fd_, POLLIN, 0};
  if (poll(&p, 1, static_cast<int>(timeout.count())) <= 0) return false;
  bool changed = drain();
  // Let the burst of one save finish.
  while (poll(&p, 1, static_cast<int>(settle.count())) > 0) changed |= drain();
  return changed;
}

}  // namespace pp
