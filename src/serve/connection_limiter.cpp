#include "serve/connection_limiter.h"

#include <sys/socket.h>

namespace pp {

ConnectionLimiter::~ConnectionLimiter() {
  stop_workers();
}

void ConnectionLimiter::enqueue(std::function<void()> job) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    jobs_.push_back(std::move(job));
    make_room();
  }
  work_.notify_one();
}

void ConnectionLimiter::stop_workers() {
  std::vector<std::thread> workers;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
    workers.swap(workers_);
  }
  work_.notify_all();
  for (auto& w : workers) w.join();
}

void ConnectionLimiter::run_worker() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (true) {
    // idle_ already counts this worker (from make_room or the last job).
    work_.wait(lock, [&] { return stopping_ || !jobs_.empty(); });
    --idle_;
    if (jobs_.empty()) return;
    auto job = std::move(jobs_.front());
    jobs_.pop_front();
    lock.unlock();
    job();
    lock.lock();
    ++idle_;
  }
}

// Each queued job needs a free worker, a new one, or a connection being shut
// down (its worker is about to be free). Between a shut-down connection's
// finished() and its worker taking the next job, one more connection may be
// shut down than needed: only ever one waiting for its request.
void ConnectionLimiter::make_room() {
  while (jobs_.size() > idle_ + shutting_) {
    if (stopping_) return;
    if (workers_.size() < max_workers_) {
      ++idle_;
      workers_.emplace_back([this] { run_worker(); });
      continue;
    }
    Connection* oldest = nullptr;
    int oldest_fd = -1;
    for (auto& [fd, c] : connections_) {
      if (c.waiting && !c.shut_down && (!oldest || c.since < oldest->since)) {
        oldest = &c;
        oldest_fd = fd;
      }
    }
    if (!oldest) return;  // every worker is handling a request: the job waits
    oldest->shut_down = true;
    ++shutting_;
    ::shutdown(oldest_fd, SHUT_RDWR);
  }
}

void ConnectionLimiter::started(int fd) {
  std::lock_guard<std::mutex> lock(mutex_);
  Connection& c = connections_[fd];
  c.since = std::chrono::steady_clock::now();
  if (closing_) ::shutdown(fd, SHUT_RDWR);
  make_room();
}

void ConnectionLimiter::waiting(int fd) {
  std::lock_guard<std::mutex> lock(mutex_);
  Connection& c = connections_[fd];
  c.waiting = true;
  c.since = std::chrono::steady_clock::now();
  make_room();
}

void ConnectionLimiter::handling(int fd) {
  std::lock_guard<std::mutex> lock(mutex_);
  connections_[fd].waiting = false;
}

void ConnectionLimiter::finished(int fd) {
  std::lock_guard<std::mutex> lock(mutex_);
  const auto it = connections_.find(fd);
  if (it == connections_.end()) return;
  if (it->second.shut_down) --shutting_;
  // Removed before the socket is closed: fd is never shut down once reused.
  connections_.erase(it);
}

void ConnectionLimiter::close_all() {
  std::lock_guard<std::mutex> lock(mutex_);
  closing_ = true;
  for (auto& [fd, c] : connections_) ::shutdown(fd, SHUT_RDWR);
}

}  // namespace pp
