#include "content/bounded_parse.h"

#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm.h>
#include <signal.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <csetjmp>
#include <cstddef>
#include <cstdlib>
#include <mutex>

#include "content/cmark_special_characters.h"
#include "content/markdown.h"

namespace pp {
namespace {

// How it stops: a timer on the thread's processor time sends a signal to the parsing thread at the
// deadline; its handler jumps back out of cmark. Everything cmark allocated
// during the parse goes through the allocator below, which keeps a list of its
// blocks so that the abandoned parse can be freed. A signal that arrives
// while the allocator itself runs is held until the allocator is done.

// Every block starts with this header (keeps malloc's alignment).
struct alignas(std::max_align_t) Block {
  Block* prev;
  Block* next;
  bool tracked;
};

// Each thread parses with its own list and jump; the signal handler runs on
// the thread the deadline was set for, and reads that thread's flags.
thread_local Block tracked_blocks{nullptr, nullptr, false};
thread_local bool tracking = false;
thread_local volatile sig_atomic_t jump_armed = 0, in_allocator = 0, jump_pending = 0;
thread_local sigjmp_buf jump_back;
// Parses run one at a time only where the special characters could not be
// fixed (content/cmark_special_characters.cpp).
std::mutex parse_lock;

void link(Block* b) {
  b->tracked = true;
  b->prev = tracked_blocks.prev;
  b->next = &tracked_blocks;
  tracked_blocks.prev->next = b;
  tracked_blocks.prev = b;
}

void unlink(Block* b) {
  b->prev->next = b->next;
  b->next->prev = b->prev;
}

// Entering and leaving the allocator on the parsing thread: a deadline that
// passed in between jumps out here, where no list is half-changed.
void enter() {
  if (tracking) in_allocator = 1;
}
void leave() {
  if (!tracking) return;
  in_allocator = 0;
  if (jump_pending && jump_armed) siglongjmp(jump_back, 1);
}

Block* checked(void* p) {
  if (!p) std::abort();  // as cmark's own allocator does
  return static_cast<Block*>(p);
}

void* block_calloc(std::size_t n, std::size_t size) {
  enter();
  Block* b = checked(std::calloc(1, sizeof(Block) + n * size));
  if (tracking)
    link(b);
  else
    b->tracked = false;
  leave();
  return b + 1;
}

void* block_realloc(void* p, std::size_t size) {
  if (!p) return block_calloc(1, size);
  enter();
  Block* b = static_cast<Block*>(p) - 1;
  const bool was = b->tracked;
  if (was) unlink(b);
  b = checked(std::realloc(b, sizeof(Block) + size));
  if (was) link(b);
  leave();
  return b + 1;
}

void block_free(void* p) {
  if (!p) return;
  enter();
  Block* b = static_cast<Block*>(p) - 1;
  if (b->tracked) unlink(b);
  std::free(b);
  leave();
}

cmark_mem allocator{block_calloc, block_realloc, block_free};

void on_deadline(int) {
  if (!jump_armed) return;  // a late signal, after its parse
  if (in_allocator) {
    jump_pending = 1;
    return;
  }
  siglongjmp(jump_back, 1);
}

int deadline_signal() {
  static const int signo = [] {
    struct sigaction sa {};
    sa.sa_handler = on_deadline;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGRTMIN + 5, &sa, nullptr);
    return SIGRTMIN + 5;
  }();
  return signo;
}

// Frees (abandoned) or keeps (finished) what the parse allocated.
void end_tracking(bool abandon) {
  for (Block* b = tracked_blocks.next; b != &tracked_blocks;) {
    Block* next = b->next;
    if (abandon)
      std::free(b);
    else
      b->tracked = false;
    b = next;
  }
  tracked_blocks.prev = tracked_blocks.next = &tracked_blocks;
}

}  // namespace

cmark_mem* parse_allocator() {
  return &allocator;
}

cmark_node* parse_within(const std::string& body, int options, std::chrono::milliseconds limit) {
  static std::once_flag once;
  std::call_once(once, [] { cmark_gfm_core_extensions_ensure_registered(); });
  const int signo = deadline_signal();
  std::unique_lock<std::mutex> hold(parse_lock, std::defer_lock);
  if (!special_characters_fixed()) hold.lock();

  sigevent ev{};
  ev.sigev_notify = SIGEV_THREAD_ID;
  ev.sigev_signo = signo;
  const auto thread = static_cast<pid_t>(syscall(SYS_gettid));
  ev._sigev_un._tid = thread;
  timer_t timer;
  // The parsing thread's processor time, not the wall clock: other work on a
  // loaded machine does not advance it, so whether a body is parsed in time
  // depends on the body alone. Without a timer (the system is out of them)
  // the parse is not bounded rather than refused.
  const bool timed = timer_create(CLOCK_THREAD_CPUTIME_ID, &ev, &timer) == 0;
  itimerspec when{};
  const auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(limit).count();
  when.it_value.tv_sec = ns / 1'000'000'000;
  when.it_value.tv_nsec = ns % 1'000'000'000;

  // Set between sigsetjmp and a possible siglongjmp: volatile, so that its
  // value after the jump is the one stored (C11 7.13.2.1).
  cmark_node* volatile root = nullptr;
  tracked_blocks.prev = tracked_blocks.next = &tracked_blocks;
  tracking = true;
  jump_pending = 0;
  in_allocator = 0;
  if (sigsetjmp(jump_back, 1) == 0) {
    jump_armed = 1;
    if (timed) timer_settime(timer, 0, &when, nullptr);
    cmark_parser* parser = cmark_parser_new_with_mem(options, &allocator);
    for (const auto& name : gfm_extension_names())
      if (cmark_syntax_extension* ext = cmark_find_syntax_extension(name.c_str()))
        cmark_parser_attach_syntax_extension(parser, ext);
    cmark_parser_feed(parser, body.data(), body.size());
    root = cmark_parser_finish(parser);
    cmark_parser_free(parser);
  }
  jump_armed = 0;
  if (timed) timer_delete(timer);  // a signal still on its way finds jump_armed == 0
  tracking = false;
  end_tracking(root == nullptr);
  return root;
}

}  // namespace pp
