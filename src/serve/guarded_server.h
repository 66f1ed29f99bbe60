#pragma once
// serve: cpp-httplib's server with the connection handling replaced, so that
// slow or idle clients cannot hold the preview: each request must arrive
// whole within a deadline, sends that make no progress end the connection,
// and workers are bounded (ConnectionLimiter makes room when all are busy).

#include <httplib.h>

#include <chrono>
#include <cstddef>

#include "serve/connection_limiter.h"

namespace pp {

class GuardedServer : public httplib::Server {
 public:
  /// Threads handling connections at once.
  static constexpr std::size_t kWorkers = 64;
  /// From the end of one response (or the connection) to the whole next
  /// request head: longer, and the connection is closed.
  static constexpr std::chrono::seconds kRequestTimeout{10};
  /// A send that the client takes nothing of for this long ends the connection.
  static constexpr std::chrono::seconds kWriteTimeout{10};
  /// Requests on one keep-alive connection.
  static constexpr std::size_t kRequestsPerConnection = 100;

  GuardedServer();

  /// Shuts down every open connection (after stop(), so that it returns at once).
  void close_connections() { limiter_.close_all(); }

 private:
  // cpp-httplib calls this on a worker for each accepted socket.
  bool process_and_close_socket(socket_t sock) override;

  ConnectionLimiter limiter_{kWorkers};
};

}  // namespace pp
