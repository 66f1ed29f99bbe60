#include "serve/deadline_stream.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace pp {

namespace {

using getname_fn = int (*)(int, sockaddr*, socklen_t*);

void address_of(int fd, getname_fn getname, std::string& ip, int& port) {
  sockaddr_storage addr{};
  socklen_t len = sizeof(addr);
  ip.clear();
  port = 0;
  if (getname(fd, reinterpret_cast<sockaddr*>(&addr), &len) != 0) return;
  char text[INET6_ADDRSTRLEN] = {};
  if (addr.ss_family == AF_INET) {
    const auto* in = reinterpret_cast<const sockaddr_in*>(&addr);
    ::inet_ntop(AF_INET, &in->sin_addr, text, sizeof(text));
    port = ntohs(in->sin_port);
  } else if (addr.ss_family == AF_INET6) {
    const auto* in6 = reinterpret_cast<const sockaddr_in6*>(&addr);
    ::inet_ntop(AF_INET6, &in6->sin6_addr, text, sizeof(text));
    port = ntohs(in6->sin6_port);
  }
  ip = text;
}

}  // namespace

bool DeadlineStream::wait(short events, Clock::time_point until) const {
  while (true) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(until - Clock::now()).count();
    if (left <= 0) return false;
    pollfd p{fd_, events, 0};
    const int n = ::poll(&p, 1, static_cast<int>(std::min<long long>(left, 60'000)));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return false;
    // POLLHUP/POLLERR also end the wait: the read or write then fails.
    if (n > 0) return true;
  }
}

bool DeadlineStream::wait_for_request() const {
  if (buffer_start_ < buffer_end_) return true;
  if (!wait(POLLIN, read_deadline_)) return false;
  char byte;
  const ssize_t n = ::recv(fd_, &byte, 1, MSG_PEEK);
  return n > 0;
}

bool DeadlineStream::is_readable() const {
  return buffer_start_ < buffer_end_ || wait(POLLIN, read_deadline_);
}

bool DeadlineStream::is_writable() const {
  return wait(POLLOUT, Clock::now() + write_timeout_);
}

ssize_t DeadlineStream::read(char* ptr, size_t size) {
  if (buffer_start_ == buffer_end_) {
    if (!wait(POLLIN, read_deadline_)) return -1;
    ssize_t n;
    do {
      n = ::recv(fd_, buffer_, sizeof(buffer_), 0);
    } while (n < 0 && errno == EINTR);
    if (n <= 0) return n;
    buffer_start_ = 0;
    buffer_end_ = static_cast<size_t>(n);
  }
  const size_t n = std::min(size, buffer_end_ - buffer_start_);
  std::memcpy(ptr, buffer_ + buffer_start_, n);
  buffer_start_ += n;
  return static_cast<ssize_t>(n);
}

ssize_t DeadlineStream::write(const char* ptr, size_t size) {
  if (!is_writable()) return -1;
  ssize_t n;
  do {
    n = ::send(fd_, ptr, size, MSG_NOSIGNAL);
  } while (n < 0 && errno == EINTR);
  return n;
}

void DeadlineStream::get_remote_ip_and_port(std::string& ip, int& port) const {
  address_of(fd_, ::getpeername, ip, port);
}

void DeadlineStream::get_local_ip_and_port(std::string& ip, int& port) const {
  address_of(fd_, ::getsockname, ip, port);
}

}  // namespace pp
