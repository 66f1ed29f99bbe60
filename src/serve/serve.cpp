#include "serve/serve.h"

#include <pthread.h>
#include <signal.h>

#include <atomic>
#include <chrono>
#include <ostream>
#include <thread>

#include "core/site_layout.h"
#include "core/visible_text.h"
#include "driver/driver.h"
#include "serve/live_server.h"
#include "serve/watcher.h"

namespace pp {

namespace fs = std::filesystem;

namespace {

using Clock = std::chrono::steady_clock;

// One build; the text of its errors, or "" when it succeeded.
std::string build_once(const ServeOptions& options, BuildMemory& memory, std::ostream& log) {
  BuildOptions b;
  b.memory = &memory;
  b.root = options.root;
  b.publishing = options.publishing;
  b.overrides = options.overrides;
  // A preview never touches public/ or mail/: what it shows (drafts, another
  // environment's URLs) must not be deployed by the next upload.
  b.out_dir = kServeOutFolder;
  b.mail_dir = kServeMailFolder;
  const auto started = Clock::now();
  const BuildResult r = run_build(b);
  const auto ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - started).count();
  const std::string text = format_diagnostics(r.diagnostics.sorted(), OutputFormat::text);
  if (exit_status(r) != kExitOk) {
    log << text << "polypress serve: build failed in " << ms << " ms; pages show the errors\n"
        << std::flush;
    return text.empty() ? "the build failed\n" : text;
  }
  if (!options.quiet)
    log << "polypress serve: built in " << ms << " ms (" << r.rendered << " rendered, "
        << r.stats.written << " written)\n"
        << std::flush;
  return "";
}

}  // namespace

int run_serve(const ServeOptions& options, std::ostream& log) {
  std::error_code ec;
  if (!fs::exists(options.root / kSiteConfigPath, ec)) {
    log << "polypress serve: no pipeline/site.yaml under " << visible_text(options.root.string())
        << "\n";
    return kExitUsage;
  }
  // Ctrl-C and SIGTERM are taken by one thread (sigwait); every thread made
  // from here on inherits the blocked mask.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);

  // Pages link each other under the base URL's path: served there.
  DiagnosticSink ignored;  // the first build reports them
  const auto config = load_site_config(options.root, ignored, options.overrides);
  LiveServer server(options.root / kServeOutFolder, config ? config->base_path : "/");
  const int port = server.bind(options.port);
  if (port < 0) {
    log << "polypress serve: cannot listen on 127.0.0.1:" << options.port
        << " (in use? try --port)\n";
    return kExitUsage;
  }
  // Watched before the first build: a file saved while it runs is built
  // again after it (its folder read anew), not missed until saved again.
  Watcher watcher({options.root / kContentFolder, options.root / kLocalesFolder,
                   options.root / kPipelineFolder});
  if (!watcher.ok()) log << "polypress serve: inotify unavailable; changes are not watched\n";
  BuildMemory memory;
  server.publish(build_once(options, memory, log));
  log << "polypress serve: http://127.0.0.1:" << port
      << visible_text(config ? config->base_path : std::string("/")) << " (Ctrl-C to stop)\n"
      << std::flush;

  std::atomic<bool> stopping{false};
  std::thread http([&] { server.run(); });
  std::thread signals([&] {
    int sig = 0;
    sigwait(&stop_signals, &sig);
    stopping = true;
  });

  while (!stopping) {
    const bool rebuild =
        watcher.wait(std::chrono::milliseconds(200), std::chrono::milliseconds(50));
    // Every change is noted, even one that does not call for a build (an
    // editor's swap file): the next build reads its bundle again.
    Watcher::Changes changes = watcher.take_changes();
    if (changes.all) memory.changed_all();
    for (const auto& p : changes.paths)
      memory.changed(p.lexically_relative(options.root).generic_string());
    if (rebuild) server.publish(build_once(options, memory, log));
  }
  server.stop();
  http.join();
  signals.join();
  if (!options.quiet) log << "polypress serve: stopped\n";
  return kExitOk;
}

}  // namespace pp
