#include "serve/live_server.h"

#include <httplib.h>

#include <chrono>

#include "core/file_io.h"
#include "core/text.h"

namespace pp {

namespace fs = std::filesystem;

namespace {

std::string content_type(const fs::path& p) {
  static const std::map<std::string, std::string> types = {
      {".html", "text/html; charset=utf-8"},
      {".css", "text/css; charset=utf-8"},
      {".js", "text/javascript; charset=utf-8"},
      {".xml", "application/xml; charset=utf-8"},
      {".json", "application/json"},
      {".txt", "text/plain; charset=utf-8"},
      {".svg", "image/svg+xml"},
      {".png", "image/png"},
      {".jpg", "image/jpeg"},
      {".jpeg", "image/jpeg"},
      {".gif", "image/gif"},
      {".webp", "image/webp"},
      {".avif", "image/avif"},
      {".ico", "image/x-icon"},
      {".woff2", "font/woff2"},
      {".eml", "message/rfc822"}};
  const auto it = types.find(p.extension().string());
  return it == types.end() ? "application/octet-stream" : it->second;
}

// A request path is served only when every segment is a plain name.
bool safe_path(const std::string& path) {
  if (path.empty() || path[0] != '/' || path.find('\0') != std::string::npos ||
      path.find('\\') != std::string::npos)
    return false;
  std::size_t start = 1;
  while (start <= path.size()) {
    auto end = path.find('/', start);
    if (end == std::string::npos) end = path.size();
    const std::string seg = path.substr(start, end - start);
    if (seg == ".." || seg == ".") return false;
    start = end + 1;
  }
  return true;
}

std::string with_script(std::string html) {
  const auto at = html.rfind("</body>");
  html.insert(at == std::string::npos ? html.size() : at, live_reload_script());
  return html;
}

std::string failure_page(const std::string& diagnostics) {
  return "<!doctype html>\n<html lang=\"en\" dir=\"ltr\">\n<head><meta charset=\"utf-8\">"
         "<title>Build failed</title>\n<style>body{font:16px/1.5 system-ui,sans-serif;margin:2rem;"
         "color:#1a1a1a}pre{white-space:pre-wrap;background:#fff4f4;border-left:4px solid "
         "#b00020;padding:1rem;font:14px/1.5 ui-monospace,monospace}</style></head>\n<body>\n"
         "<main id=\"main\"><h1>Build failed</h1>\n<p>polypress serve shows the last good pages "
         "again once these are fixed; this page reloads by itself.</p>\n<pre>" +
         html_escape(diagnostics) + "</pre></main>\n" + live_reload_script() + "</body>\n</html>\n";
}

}  // namespace

std::string live_reload_script() {
  return std::string("<script>(()=>{const s=new EventSource(\"") + LiveServer::kEventsPath +
         "\");s.addEventListener(\"reload\",()=>location.reload());})();</script>\n";
}

LiveServer::LiveServer(fs::path out_dir) : out_dir_(std::move(out_dir)) {
  server_ = std::make_unique<httplib::Server>();
  // Each open page holds one event stream: more threads than the default 8.
  server_->new_task_queue = [] { return new httplib::ThreadPool(64); };
  server_->Get(kEventsPath, [this](const httplib::Request&, httplib::Response& res) {
    long seen;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      seen = generation_;
    }
    res.set_header("Cache-Control", "no-store");
    res.set_chunked_content_provider(
        "text/event-stream", [this, seen](std::size_t, httplib::DataSink& sink) mutable {
          const Event e = next_event(seen);
          if (e == Event::stop) return false;
          // A comment now and then, so a closed page is noticed.
          const std::string text = e == Event::reload
                                       ? "event: reload\ndata: " + std::to_string(seen) + "\n\n"
                                       : std::string(": keep-alive\n\n");
          return sink.write(text.data(), text.size());
        });
  });
  server_->Get(R"(/.*)", [this](const httplib::Request& req, httplib::Response& res) {
    std::string body, type, location;
    int status = 200;
    serve_file(req.path, body, type, status, location);
    if (!location.empty()) res.set_header("Location", location);
    res.set_header("Cache-Control", "no-store");
    res.status = status;
    res.set_content(body, type);
  });
}

LiveServer::~LiveServer() {
  stop();
}

int LiveServer::bind(int port) {
  if (port == 0) return server_->bind_to_any_port("127.0.0.1");
  return server_->bind_to_port("127.0.0.1", port) ? port : -1;
}

bool LiveServer::run() {
  return server_->listen_after_bind();
}

void LiveServer::stop() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  changed_.notify_all();
  server_->stop();
}

void LiveServer::publish(const std::string& failure) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    failure_ = failure;
    ++generation_;
  }
  changed_.notify_all();
}

// Waits for a build newer than `seen` (then seen = that build) or 15 s.
LiveServer::Event LiveServer::next_event(long& seen) {
  std::unique_lock<std::mutex> lock(mutex_);
  const bool woke = changed_.wait_for(lock, std::chrono::seconds(15),
                                      [&] { return stopping_ || generation_ != seen; });
  if (stopping_) return Event::stop;
  if (!woke) return Event::keep_alive;
  seen = generation_;
  return Event::reload;
}

void LiveServer::serve_file(const std::string& path, std::string& body, std::string& type,
                            int& status, std::string& location) const {
  type = "text/plain; charset=utf-8";
  if (!safe_path(path)) {
    status = 400;
    body = "bad path\n";
    return;
  }
  fs::path file = out_dir_ / path.substr(1);
  std::error_code ec;
  if (fs::is_directory(file, ec)) {
    if (path.back() != '/') {
      status = 301;
      location = path + "/";
      return;
    }
    file /= "index.html";
  }
  std::string failure;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    failure = failure_;
  }
  const bool page = file.extension() == ".html";
  if (page && !failure.empty()) {
    status = 500;
    type = "text/html; charset=utf-8";
    body = failure_page(failure);
    return;
  }
  // Files are replaced by rename: a read gets the old or the new one, whole.
  const ReadResult r = read_file(file, 256u << 20);
  if (!r.ok) {
    status = 404;
    body = "not found: " + path + "\n";
    return;
  }
  type = content_type(file);
  body = page ? with_script(r.bytes) : r.bytes;
}

}  // namespace pp
