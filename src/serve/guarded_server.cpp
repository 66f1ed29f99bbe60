#include "serve/guarded_server.h"

#include <sys/socket.h>
#include <unistd.h>

#include "serve/deadline_stream.h"

namespace pp {

namespace {

// cpp-httplib's task queue, handed to the limiter.
class LimiterQueue : public httplib::TaskQueue {
 public:
  explicit LimiterQueue(ConnectionLimiter& limiter) : limiter_(limiter) {}
  void enqueue(std::function<void()> fn) override { limiter_.enqueue(std::move(fn)); }
  void shutdown() override { limiter_.stop_workers(); }

 private:
  ConnectionLimiter& limiter_;
};

}  // namespace

GuardedServer::GuardedServer() {
  new_task_queue = [this] { return new LimiterQueue(limiter_); };
}

bool GuardedServer::process_and_close_socket(socket_t sock) {
  limiter_.started(sock);
  DeadlineStream stream(sock, kWriteTimeout);
  bool ok = false;
  for (std::size_t left = kRequestsPerConnection; left > 0 && svr_sock_ != INVALID_SOCKET; --left) {
    if (left != kRequestsPerConnection) limiter_.waiting(sock);
    stream.set_read_deadline(DeadlineStream::Clock::now() + kRequestTimeout);
    if (!stream.wait_for_request()) break;
    bool closed = false;
    ok = process_request(stream, left == 1, closed,
                         [&](httplib::Request&) { limiter_.handling(sock); });
    if (!ok || closed) break;
  }
  limiter_.finished(sock);
  ::shutdown(sock, SHUT_RDWR);
  ::close(sock);
  return ok;
}

}  // namespace pp
