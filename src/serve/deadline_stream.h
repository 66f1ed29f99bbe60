#pragma once
// serve: one connection's socket as cpp-httplib reads and writes it, with a
// deadline for the whole request instead of a timeout per read: a client
// sending its request a byte at a time (slowloris) still runs out of time.

#include <httplib.h>

#include <chrono>

namespace pp {

class DeadlineStream : public httplib::Stream {
 public:
  using Clock = std::chrono::steady_clock;

  /// `fd` stays owned by the caller. A write fails when the socket takes
  /// nothing for `write_timeout`.
  DeadlineStream(int fd, std::chrono::milliseconds write_timeout)
      : fd_(fd), write_timeout_(write_timeout) {}

  /// Reads fail once `deadline` has passed (set before each request).
  void set_read_deadline(Clock::time_point deadline) { read_deadline_ = deadline; }

  /// Waits (until the deadline) for the next request's first byte; false
  /// when none comes, the peer closed, or the socket was shut down.
  bool wait_for_request() const;

  bool is_readable() const override;
  bool is_writable() const override;
  ssize_t read(char* ptr, size_t size) override;
  ssize_t write(const char* ptr, size_t size) override;
  void get_remote_ip_and_port(std::string& ip, int& port) const override;
  void get_local_ip_and_port(std::string& ip, int& port) const override;
  socket_t socket() const override { return fd_; }

 private:
  bool wait(short events, Clock::time_point until) const;

  int fd_;
  Clock::time_point read_deadline_;
  std::chrono::milliseconds write_timeout_;
  // Bytes received but not yet read: the HTTP parser reads a byte at a time.
  char buffer_[4096];
  size_t buffer_start_ = 0, buffer_end_ = 0;
};

}  // namespace pp
