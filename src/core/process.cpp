#include "core/process.h"

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <mutex>
#include <string_view>

extern char** environ;

namespace pp {

ProcessResult run_process(const std::vector<std::string>& argv) {
  return run_process_with_input(argv, nullptr);
}

namespace {

// The environment of every child: ours without the locale variables, and
// LC_ALL=C.UTF-8 (untranslated, and UTF-8 catalogs read as such). The tools' output is read
// (msgfmt's findings and statistics), so it must be their untranslated wording whatever the user's
// language.
char** child_environment() {
  static std::vector<std::string> strings = [] {
    std::vector<std::string> out;
    for (char** e = environ; e && *e; ++e) {
      const std::string_view v(*e);
      if (v.starts_with("LC_") || v.starts_with("LANG=") || v.starts_with("LANGUAGE=")) continue;
      out.emplace_back(v);
    }
    out.emplace_back("LC_ALL=C.UTF-8");
    return out;
  }();
  static std::vector<char*> pointers = [] {
    std::vector<char*> out;
    for (auto& s : strings) out.push_back(s.data());
    out.push_back(nullptr);
    return out;
  }();
  return pointers.data();
}

// Starts argv[0] (searched in PATH) with `in_fd` (or /dev/null when -1) as its
// stdin and `out_fd`, `err_fd` as its stdout and stderr. 0 and the child's id
// in `pid`, or the errno of the failure.
int spawn(const std::vector<std::string>& argv, int in_fd, int out_fd, int err_fd, pid_t& pid) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (in_fd >= 0)
    posix_spawn_file_actions_adddup2(&actions, in_fd, 0);
  else
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, out_fd, 1);
  posix_spawn_file_actions_adddup2(&actions, err_fd, 2);
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  const int rc = ::posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), child_environment());
  posix_spawn_file_actions_destroy(&actions);
  return rc;
}

// Writes `input` to `in_fd` (closed when all is written or the child stopped
// reading; -1: nothing to write) while reading `out_fd` into r.out and
// `err_fd` into r.err until both end, so a child blocked on one pipe cannot
// block us. Closes every descriptor it is given.
void exchange(int in_fd, int out_fd, int err_fd, const std::string* input, ProcessResult& r) {
  pollfd fds[3] = {{out_fd, POLLIN, 0}, {err_fd, POLLIN, 0}, {-1, POLLOUT, 0}};
  std::size_t written = 0;
  if (in_fd >= 0) {
    ::fcntl(in_fd, F_SETFL, O_NONBLOCK);
    fds[2].fd = in_fd;
    if (input->empty()) {
      ::close(in_fd);
      fds[2].fd = -1;
    }
  }
  std::string* sinks[2] = {&r.out, &r.err};
  int open_count = 2;
  char buf[65536];
  while (open_count > 0 || fds[2].fd >= 0) {
    if (::poll(fds, 3, -1) < 0) {
      if (errno == EINTR) continue;
      break;
    }
    if (fds[2].fd >= 0 && (fds[2].revents & (POLLOUT | POLLERR | POLLHUP))) {
      const ssize_t n = ::write(fds[2].fd, input->data() + written, input->size() - written);
      if (n > 0) written += static_cast<std::size_t>(n);
      if ((n < 0 && errno != EAGAIN && errno != EINTR) || written == input->size()) {
        ::close(fds[2].fd);
        fds[2].fd = -1;
      }
    }
    for (int i = 0; i < 2; ++i) {
      if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      const ssize_t n = ::read(fds[i].fd, buf, sizeof buf);
      if (n > 0) {
        sinks[i]->append(buf, static_cast<std::size_t>(n));
      } else if (n == 0 || errno != EINTR) {
        ::close(fds[i].fd);
        fds[i].fd = -1;
        --open_count;
      }
    }
  }
  for (const pollfd& p : fds)  // left open only when poll failed
    if (p.fd >= 0) ::close(p.fd);
}

}  // namespace

ProcessResult run_process_with_input(const std::vector<std::string>& argv,
                                     const std::string* input) {
  ProcessResult r;
  int out_pipe[2], err_pipe[2], in_pipe[2] = {-1, -1};
  if (input) {
    // A child that exits without reading must give EPIPE, not kill us.
    static std::once_flag once;
    std::call_once(once, [] { ::signal(SIGPIPE, SIG_IGN); });
    if (::pipe2(in_pipe, O_CLOEXEC) != 0) return r;
  }
  if (::pipe2(out_pipe, O_CLOEXEC) != 0 || ::pipe2(err_pipe, O_CLOEXEC) != 0) {
    for (int fd : {in_pipe[0], in_pipe[1], out_pipe[0], out_pipe[1]})
      if (fd >= 0) ::close(fd);
    return r;
  }
  pid_t pid = 0;
  const int rc = spawn(argv, in_pipe[0], out_pipe[1], err_pipe[1], pid);
  ::close(out_pipe[1]);
  ::close(err_pipe[1]);
  if (input) ::close(in_pipe[0]);
  if (rc != 0) {
    if (input) ::close(in_pipe[1]);
    r.err = argv[0] + ": " + std::strerror(rc);
    ::close(out_pipe[0]);
    ::close(err_pipe[0]);
    return r;
  }
  exchange(in_pipe[1], out_pipe[0], err_pipe[0], input, r);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

}  // namespace pp
