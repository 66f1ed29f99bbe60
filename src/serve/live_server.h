#pragma once
// serve: the HTTP side. Serves the output folder on 127.0.0.1, adds the
// live-reload script to HTML pages, and tells open pages to reload (server-sent
// events) after each build; after a failed build, pages show its diagnostics.
// Threat model (docs/serve.md): only requests addressed to the loopback names
// of the bound port are answered (DNS rebinding), only regular files below the
// output folder are served (no symlinks), and live-reload streams and slow
// connections are bounded.

#include <condition_variable>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace httplib {
struct Request;
struct Response;
}  // namespace httplib

namespace pp {

class GuardedServer;

class LiveServer {
 public:
  /// Serves `out_dir` at `base_path` ("/", or the base URL's path "/blog/"):
  /// "/blog/x/" is out_dir/x/index.html, "/" redirects there, and any other
  /// path is not found.
  LiveServer(std::filesystem::path out_dir, std::string base_path = "/");
  ~LiveServer();
  LiveServer(const LiveServer&) = delete;
  LiveServer& operator=(const LiveServer&) = delete;

  /// Binds 127.0.0.1:`port` (0: any free port); the port, or -1.
  int bind(int port);
  /// Serves until stop(); returns false when listening failed.
  bool run();
  /// Stops run() and every open event stream.
  void stop();
  /// A build finished: `failure` is empty when it succeeded, else its
  /// diagnostics as text. Open pages are told to reload.
  void publish(const std::string& failure);

  /// The path of the event stream pages listen to.
  static constexpr const char* kEventsPath = "/__polypress/events";
  /// Event streams open at once; more are answered 503. One per open page,
  /// and browsers open at most 6 connections per host.
  static constexpr int kMaxStreams = 32;

 private:
  void answer(const httplib::Request& req, httplib::Response& res);
  void open_stream(httplib::Response& res);
  void serve_file(const std::string& path, std::string& body, std::string& type, int& status,
                  std::string& location) const;
  // The site's own 404 page for a missing `segments`: its language's, else
  // the root one (plain text when the build wrote neither).
  void not_found(const std::vector<std::string>& segments, const std::string& path,
                 std::string& body, std::string& type) const;
  enum class Event { stop, reload, keep_alive };
  Event next_event(long& seen);  // waits for a build after `seen`

  std::filesystem::path out_dir_;
  std::string base_path_;
  std::unique_ptr<GuardedServer> server_;
  int port_ = -1;
  mutable std::mutex mutex_;
  std::condition_variable changed_;
  long generation_ = 0;
  std::string failure_;
  bool stopping_ = false;
  int streams_ = 0;
};

/// The script added before </body> of every HTML page served.
std::string live_reload_script();

}  // namespace pp
