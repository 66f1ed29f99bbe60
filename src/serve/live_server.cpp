#include "serve/live_server.h"

#include <chrono>

#include "core/text.h"
#include "serve/confined_file.h"
#include "serve/guarded_server.h"
#include "serve/request_check.h"

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

LiveServer::LiveServer(fs::path out_dir, std::string base_path)
    // cpp-httplib hands over request paths percent-decoded: compared so.
    : out_dir_(std::move(out_dir)), base_path_(percent_decode(base_path)) {
  server_ = std::make_unique<GuardedServer>();
  // Every request is answered here, before cpp-httplib's routing (whose
  // std::regex would run on the request path).
  server_->set_pre_routing_handler([this](const httplib::Request& req, httplib::Response& res) {
    res.set_header("Cache-Control", "no-store");
    res.set_header("X-Content-Type-Options", "nosniff");
    answer(req, res);
    return httplib::Server::HandlerResponse::Handled;
  });
}

void LiveServer::answer(const httplib::Request& req, httplib::Response& res) {
  // DNS rebinding: a page of evil.example whose name now points at 127.0.0.1
  // sends Host: evil.example; only the loopback names are answered. A
  // request without exactly one Host (HTTP/1.0 included) is refused too.
  if (req.get_header_value_count("Host") != 1 ||
      !host_allowed(req.get_header_value("Host"), port_)) {
    const std::string port = std::to_string(port_);
    res.status = 421;
    res.set_content("misdirected request: polypress serve answers only to Host 127.0.0.1:" + port +
                        ", localhost:" + port + " or [::1]:" + port + "\n",
                    "text/plain; charset=utf-8");
    return;
  }
  if (req.method != "GET" && req.method != "HEAD") {
    res.status = 405;
    res.set_header("Allow", "GET, HEAD");
    res.set_content("method not allowed\n", "text/plain; charset=utf-8");
    return;
  }
  if (req.path == kEventsPath) {
    open_stream(res);
    return;
  }
  std::string body, type, location;
  int status = 200;
  const bool under_base = req.path.rfind(base_path_, 0) == 0;
  if (base_path_ == "/" || !req.path.starts_with("/")) {
    serve_file(req.path, body, type, status, location);  // what is no path is refused there
  } else if (under_base) {
    serve_file(req.path.substr(base_path_.size() - 1), body, type, status, location);
    if (!location.empty())
      location = percent_encode_path(base_path_.substr(0, base_path_.size() - 1)) + location;
  } else if (req.path == "/" || req.path + "/" == base_path_) {
    status = 302;  // the site lives under its base path
    location = percent_encode_path(base_path_);
  } else {
    status = 404;
    type = "text/plain; charset=utf-8";
    body = "not found: the site is served under " + base_path_ + "\n";
  }
  if (!location.empty()) res.set_header("Location", location);
  res.status = status;
  res.set_content(body, type);
}

void LiveServer::open_stream(httplib::Response& res) {
  long seen;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (streams_ >= kMaxStreams) {
      res.status = 503;
      res.set_content("too many live-reload streams open (" + std::to_string(kMaxStreams) +
                          "); close some preview tabs\n",
                      "text/plain; charset=utf-8");
      return;
    }
    ++streams_;
    seen = generation_;
  }
  // Held by the content provider: the stream's place is given back when
  // cpp-httplib drops the provider (the page went away, or serve stops).
  auto place = std::shared_ptr<void>(nullptr, [this](void*) {
    std::lock_guard<std::mutex> lock(mutex_);
    --streams_;
  });
  res.set_chunked_content_provider(
      "text/event-stream", [this, seen, place](std::size_t, httplib::DataSink& sink) mutable {
        const Event e = next_event(seen);
        if (e == Event::stop) return false;
        // A comment now and then, so a closed page is noticed.
        const std::string text = e == Event::reload
                                     ? "event: reload\ndata: " + std::to_string(seen) + "\n\n"
                                     : std::string(": keep-alive\n\n");
        return sink.write(text.data(), text.size());
      });
}

LiveServer::~LiveServer() {
  stop();
}

int LiveServer::bind(int port) {
  if (port == 0)
    port_ = server_->bind_to_any_port("127.0.0.1");
  else
    port_ = server_->bind_to_port("127.0.0.1", port) ? port : -1;
  return port_;
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
  server_->close_connections();
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
  // cpp-httplib has percent-decoded the path: "/%2Fetc" is "//etc" here.
  const auto segments = path_segments(path);
  if (!segments) {
    status = 400;
    body = "bad path\n";
    return;
  }
  std::string failure;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    failure = failure_;
  }
  const bool index = segments->back().empty();
  const std::string name = index ? "index.html" : segments->back();
  const bool page = fs::path(name).extension() == ".html";
  if (page && !failure.empty()) {
    status = 500;
    type = "text/html; charset=utf-8";
    body = failure_page(failure);
    return;
  }
  // Files are replaced by rename: a read gets the old or the new one, whole.
  ConfinedFile f = read_confined(out_dir_, *segments, 256u << 20);
  if (f.kind == ConfinedFile::Kind::folder) {
    status = 301;
    location = percent_encode_path(path) + "/";
    return;
  }
  if (f.kind != ConfinedFile::Kind::file) {
    status = 404;
    not_found(*segments, path, body, type);
    return;
  }
  type = content_type(name);
  body = page ? with_script(std::move(f.bytes)) : std::move(f.bytes);
}

void LiveServer::not_found(const std::vector<std::string>& segments, const std::string& path,
                           std::string& body, std::string& type) const {
  std::vector<std::vector<std::string>> pages;
  if (segments.size() > 1) pages.push_back({segments.front(), "404.html"});
  pages.push_back({"404.html"});
  for (const auto& page : pages) {
    ConfinedFile f = read_confined(out_dir_, page, 1u << 20);
    if (f.kind != ConfinedFile::Kind::file) continue;
    type = "text/html; charset=utf-8";
    body = with_script(std::move(f.bytes));
    return;
  }
  type = "text/plain; charset=utf-8";
  body = "not found: " + path + "\n";
}

}  // namespace pp
