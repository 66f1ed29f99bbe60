#pragma once
// serve: how many connections are handled at once, and what makes room when
// all workers are busy. A connection holds its worker from accept to close
// (cpp-httplib's model), so slow clients could otherwise take every worker:
// when a connection is waiting and no worker is free, the connection that has
// waited longest for its request (idle keep-alive, or a request arriving a
// byte at a time) is shut down. Connections handling a request (pages, event
// streams) are never shut down to make room.

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

namespace pp {

class ConnectionLimiter {
 public:
  /// At most `max_workers` threads, started as they are needed.
  explicit ConnectionLimiter(std::size_t max_workers) : max_workers_(max_workers) {}
  ~ConnectionLimiter();
  ConnectionLimiter(const ConnectionLimiter&) = delete;
  ConnectionLimiter& operator=(const ConnectionLimiter&) = delete;

  /// Runs `job` (one connection, from accept to close) on a worker; makes
  /// room when none is free.
  void enqueue(std::function<void()> job);
  /// Lets the workers finish the queued jobs and joins them.
  void stop_workers();

  /// A connection's life, told by its worker: started (it now waits for its
  /// first request), waiting (for the next one), handling (its request head
  /// has arrived), finished (before its socket is closed).
  void started(int fd);
  void waiting(int fd);
  void handling(int fd);
  void finished(int fd);

  /// Shuts down every connection, now and any started later (server stop).
  void close_all();

 private:
  struct Connection {
    bool waiting = true;
    std::chrono::steady_clock::time_point since;
    bool shut_down = false;
  };
  void run_worker();
  void make_room();  // with mutex_ held

  const std::size_t max_workers_;
  std::mutex mutex_;
  std::condition_variable work_;
  std::deque<std::function<void()>> jobs_;
  std::vector<std::thread> workers_;
  std::size_t idle_ = 0;      // workers free to take a job
  std::size_t shutting_ = 0;  // connections shut down to make room, not yet finished
  bool stopping_ = false;
  bool closing_ = false;
  std::map<int, Connection> connections_;
};

}  // namespace pp
