// The link prober over libcurl's multi interface.
#include <arpa/inet.h>
#include <curl/curl.h>
#include <netinet/in.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <deque>
#include <mutex>
#include <optional>
#include <set>
#include <thread>

#include "core/version.h"
#include "links/address_policy.h"
#include "links/ca_bundle.h"
#include "links/idn.h"
#include "links/links.h"

namespace pp {

namespace {

using Clock = std::chrono::steady_clock;

// Every libcurl error code goes through here once (docs/architecture.md, "Habits" 3).
const char* curl_text(CURLcode c) {
  return curl_easy_strerror(c);
}

void global_init() {
  static std::once_flag once;
  std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

// The key of the per-host limit: host and port, as libcurl counts connections.
std::string host_of(const std::string& url) {
  CURLU* u = curl_url();
  std::string host;
  if (curl_url_set(u, CURLUPART_URL, url.c_str(), 0) == CURLUE_OK) {
    char* h = nullptr;
    char* port = nullptr;
    if (curl_url_get(u, CURLUPART_HOST, &h, 0) == CURLUE_OK && h) host = h;
    if (curl_url_get(u, CURLUPART_PORT, &port, CURLU_DEFAULT_PORT) == CURLUE_OK && port)
      host += ":" + std::string(port);
    curl_free(h);
    curl_free(port);
  }
  curl_url_cleanup(u);
  std::transform(host.begin(), host.end(), host.begin(),
                 [](unsigned char c) { return std::tolower(c); });
  return host;
}

std::string http_reason(long code) {
  switch (code) {
    case 400:
      return "400 Bad Request";
    case 401:
      return "401 Unauthorized";
    case 403:
      return "403 Forbidden";
    case 404:
      return "404 Not Found";
    case 410:
      return "410 Gone";
    case 429:
      return "429 Too Many Requests";
    case 500:
      return "500 Internal Server Error";
    case 502:
      return "502 Bad Gateway";
    case 503:
      return "503 Service Unavailable";
    case 504:
      return "504 Gateway Timeout";
    default:
      return "HTTP " + std::to_string(code);
  }
}

// The parts of a URL the proxy screen needs: host (IPv6 without brackets) and port.
struct HostPort {
  std::string host;
  int port = 0;
};

std::optional<HostPort> host_port(const std::string& url) {
  CURLU* u = curl_url();
  std::optional<HostPort> out;
  char* h = nullptr;
  char* port = nullptr;
  if (curl_url_set(u, CURLUPART_URL, url.c_str(), 0) == CURLUE_OK &&
      curl_url_get(u, CURLUPART_HOST, &h, 0) == CURLUE_OK && h &&
      curl_url_get(u, CURLUPART_PORT, &port, CURLU_DEFAULT_PORT) == CURLUE_OK && port) {
    std::string host = h;
    if (host.size() >= 2 && host.front() == '[' && host.back() == ']')
      host = host.substr(1, host.size() - 2);
    out = HostPort{host, std::atoi(port)};
  }
  curl_free(h);
  curl_free(port);
  curl_url_cleanup(u);
  return out;
}

bool is_http_url(const std::string& url) {
  CURLU* u = curl_url();
  bool ok = false;
  char* scheme = nullptr;
  if (curl_url_set(u, CURLUPART_URL, url.c_str(), 0) == CURLUE_OK &&
      curl_url_get(u, CURLUPART_SCHEME, &scheme, 0) == CURLUE_OK && scheme)
    ok = std::string(scheme) == "http" || std::string(scheme) == "https";
  curl_free(scheme);
  curl_url_cleanup(u);
  return ok;
}

constexpr int kMaxRedirects = 10;

struct Job {
  std::string url, host;
  std::string current;  // the URL of this hop: url, or where its redirects led
  std::string fetched;  // current with an ASCII host name (idn.h)
  int redirects = 0;    // hops followed
  int attempt = 0;      // retries used
  bool resolve_retried = false;
  bool fresh_connection = false;  // the next attempt must not reuse a connection
  bool use_get = false;
  bool got_body = false;  // aborted on purpose at the first body byte
  bool blocked = false;   // the guard refused a connection
  std::string blocked_reason;
  curl_slist* pinned = nullptr;  // CURLOPT_RESOLVE: the addresses the proxy screen checked
  Clock::time_point not_before{};
  CURL* easy = nullptr;
  char error[CURL_ERROR_SIZE] = {};
};

size_t discard_body(char*, size_t size, size_t n, void* user) {
  // Only the status matters: stop at the first body byte, so an endless or huge
  // body is never downloaded (libcurl 7.88 cannot cap a body of unknown size).
  auto* job = static_cast<Job*>(user);
  if (size * n == 0) return 0;
  job->got_body = true;
  return 0;
}

class CurlProber : public UrlProber {
 public:
  explicit CurlProber(const ProbeOptions& options)
      : options_(options), own_(interface_addresses()) {
    global_init();
  }

  std::map<std::string, ProbeResult> probe(const std::vector<std::string>& urls) override;
  std::optional<HttpsProblem> https_problem() const override { return ca_bundle_problem(); }

 private:
  struct Guarded {
    Job* job;
    const CurlProber* prober;
  };

  static curl_socket_t guarded_socket(void* user, curlsocktype, curl_sockaddr* address) {
    auto* g = static_cast<Guarded*>(user);
    // Through links.proxy every connection goes to the proxy, which the site
    // named; the targets were screened before (screen()).
    if (g->prober->options_.proxy.empty()) {
      const std::string refusal = g->prober->refusal(&address->addr);
      if (!refusal.empty()) {
        g->job->blocked = true;
        g->job->blocked_reason = refusal;
        return CURL_SOCKET_BAD;
      }
    }
    return socket(address->family, address->socktype, address->protocol);
  }

  /// Why `address` may not be connected to ("private address 10.0.0.1"), or "".
  std::string refusal(const sockaddr* address) const;
  /// Through links.proxy: resolves the host of the job's current URL and
  /// refuses it when any of its addresses is refused; nullopt when it may go to
  /// the proxy (then job.pinned holds the addresses checked).
  std::optional<ProbeResult> screen(Job& job) const;
  void start(Job& job, CURLM* multi, Guarded& guard);
  /// Settles a finished transfer: a result, or a retry (job goes back to the queue).
  std::optional<ProbeResult> settle(Job& job, CURLcode code);
  /// settle() for a transfer that got an HTTP status other than a redirect.
  std::optional<ProbeResult> settle_status(Job& job, long status);
  /// settle() for a transfer that failed before a status (curl's `code`).
  std::optional<ProbeResult> settle_error(Job& job, CURLcode code);

  ProbeOptions options_;
  std::vector<sockaddr_storage> own_;  // this machine's addresses, refused like private ones
};

ProbeResult refused(const std::string& reason) {
  return ProbeResult{LinkStatus::skipped,
                     reason + " refused (set links.allow_private to check it)"};
}

std::string CurlProber::refusal(const sockaddr* address) const {
  if (options_.address_allowed)
    return options_.address_allowed(address) ? "" : "private address " + address_text(address);
  if (options_.allow_private) return "";
  return address_refusal(address, own_);
}

std::optional<ProbeResult> CurlProber::screen(Job& job) const {
  const auto target = host_port(job.fetched);
  if (!target) return ProbeResult{LinkStatus::broken, "malformed URL"};
  const ResolvedHost resolved = resolve_host(target->host);
  if (resolved.addresses.empty()) {
    // Not cached, as without a proxy: the name may resolve tomorrow.
    if (resolved.not_found)
      return ProbeResult{LinkStatus::broken, "host name does not resolve", false};
    return ProbeResult{LinkStatus::flaky, "cannot resolve the host name: " + resolved.error, false};
  }
  std::string addresses;  // "a,b,[c]", as CURLOPT_RESOLVE wants them
  for (auto a : resolved.addresses) {
    const auto port = htons(static_cast<std::uint16_t>(target->port));
    if (a.ss_family == AF_INET) reinterpret_cast<sockaddr_in*>(&a)->sin_port = port;
    if (a.ss_family == AF_INET6) reinterpret_cast<sockaddr_in6*>(&a)->sin6_port = port;
    const sockaddr* sa = reinterpret_cast<const sockaddr*>(&a);
    // One refused address refuses the host: the proxy may pick any of them.
    const std::string why = refusal(sa);
    if (!why.empty()) return refused(why);
    const std::string text = address_text(sa);
    addresses +=
        (addresses.empty() ? "" : ",") + (a.ss_family == AF_INET6 ? "[" + text + "]" : text);
  }
  // A SOCKS proxy without "h" has libcurl resolve the target: it then uses the
  // addresses checked here, not a second answer from a rebinding DNS server.
  curl_slist_free_all(job.pinned);
  job.pinned = nullptr;
  if (target->host.find(':') == std::string::npos)  // a name or IPv4, not an IPv6 literal
    job.pinned = curl_slist_append(
        nullptr, (target->host + ":" + std::to_string(target->port) + ":" + addresses).c_str());
  return std::nullopt;
}

void CurlProber::start(Job& job, CURLM* multi, Guarded& guard) {
  CURL* e = curl_easy_init();
  job.easy = e;
  job.got_body = false;
  job.blocked = false;
  job.error[0] = 0;
  curl_easy_setopt(e, CURLOPT_URL, job.fetched.c_str());
  curl_easy_setopt(e, CURLOPT_PRIVATE, &job);
  curl_easy_setopt(e, CURLOPT_ERRORBUFFER, job.error);
  curl_easy_setopt(e, CURLOPT_NOSIGNAL, 1L);
  if (std::getenv("POLYPRESS_CURL_VERBOSE")) curl_easy_setopt(e, CURLOPT_VERBOSE, 1L);
  static const std::string ca_bundle = ca_bundle_from_environment();
  if (!ca_bundle.empty()) curl_easy_setopt(e, CURLOPT_CAINFO, ca_bundle.c_str());
  static const std::string user_agent = std::string("polypress-linkcheck/") + kVersion;
  curl_easy_setopt(e, CURLOPT_USERAGENT, user_agent.c_str());
  curl_easy_setopt(e, CURLOPT_PROTOCOLS_STR, "http,https");
  // Redirects are followed by settle(), one hop at a time, so every hop is
  // screened like a URL of its own (the proxy screen needs that).
  curl_easy_setopt(e, CURLOPT_FOLLOWLOCATION, 0L);
  // The proxy is links.proxy or none: "" turns off libcurl's reading of
  // http_proxy, https_proxy and ALL_PROXY, and NO_PROXY is not read either.
  curl_easy_setopt(e, CURLOPT_PROXY, options_.proxy.c_str());
  curl_easy_setopt(e, CURLOPT_NOPROXY, "");
  if (job.pinned) curl_easy_setopt(e, CURLOPT_RESOLVE, job.pinned);
  curl_easy_setopt(e, CURLOPT_CONNECTTIMEOUT, static_cast<long>(std::min(options_.timeout_s, 10)));
  curl_easy_setopt(e, CURLOPT_TIMEOUT, static_cast<long>(options_.timeout_s));
  curl_easy_setopt(e, CURLOPT_LOW_SPEED_LIMIT, 1L);
  curl_easy_setopt(e, CURLOPT_LOW_SPEED_TIME, static_cast<long>(options_.timeout_s));
  curl_easy_setopt(e, CURLOPT_WRITEFUNCTION, discard_body);
  curl_easy_setopt(e, CURLOPT_WRITEDATA, &job);
  // Every connection, including those of redirects, passes the address guard
  // with the address actually resolved (DNS rebinding included).
  guard = {&job, this};
  curl_easy_setopt(e, CURLOPT_OPENSOCKETFUNCTION, &CurlProber::guarded_socket);
  curl_easy_setopt(e, CURLOPT_OPENSOCKETDATA, &guard);
  // No Accept-Encoding: a compressed body is never asked for (no gzip bombs).
  if (job.fresh_connection) curl_easy_setopt(e, CURLOPT_FRESH_CONNECT, 1L);
  if (job.use_get)
    curl_easy_setopt(e, CURLOPT_HTTPGET, 1L);
  else
    curl_easy_setopt(e, CURLOPT_NOBODY, 1L);
  curl_multi_add_handle(multi, e);
}

// Puts the job back in the queue for another attempt in `seconds`.
std::optional<ProbeResult> retry_in(Job& job, double seconds) {
  ++job.attempt;
  job.not_before = Clock::now() + std::chrono::milliseconds(static_cast<long>(seconds * 1000));
  return std::nullopt;
}

// The wait before the next retry: 0.25 s, doubled with each retry used.
double backoff(const Job& job) {
  return 0.25 * (1 << std::min(job.attempt, 6));
}

// A redirect to `location`: the next hop, or why it is not followed.
std::optional<ProbeResult> follow_redirect(Job& job, const char* location) {
  if (job.redirects >= kMaxRedirects)
    return ProbeResult{LinkStatus::broken,
                       "redirect loop (more than " + std::to_string(kMaxRedirects) + " redirects)"};
  if (!is_http_url(location))
    return ProbeResult{LinkStatus::broken, "refused scheme (only http and https are followed)"};
  ++job.redirects;
  job.current = location;
  job.not_before = Clock::now();
  return std::nullopt;
}

std::optional<ProbeResult> CurlProber::settle(Job& job, CURLcode code) {
  long status = 0;
  curl_easy_getinfo(job.easy, CURLINFO_RESPONSE_CODE, &status);
  if (job.blocked) return refused(job.blocked_reason);
  if (code == CURLE_WRITE_ERROR && job.got_body) code = CURLE_OK;
  char* location = nullptr;
  curl_easy_getinfo(job.easy, CURLINFO_REDIRECT_URL, &location);
  if (code == CURLE_OK && status >= 300 && status < 400 && location)
    return follow_redirect(job, location);
  if (code == CURLE_OK) return settle_status(job, status);
  return settle_error(job, code);
}

std::optional<ProbeResult> CurlProber::settle_status(Job& job, long status) {
  // HEAD refused, or answered 404 by a server that mishandles HEAD: ask
  // again with GET (not a retry) before calling a link broken.
  if (!job.use_get &&
      (status == 405 || status == 403 || status == 501 || status == 400 || status == 404)) {
    job.use_get = true;
    job.not_before = Clock::now();
    return std::nullopt;
  }
  const bool can_retry = job.attempt < options_.retries;
  if (status >= 200 && status < 400) return ProbeResult{LinkStatus::ok, ""};
  if (status == 404 || status == 410) return ProbeResult{LinkStatus::broken, http_reason(status)};
  if (status == 429) {
    curl_off_t retry_after = 0;
    curl_easy_getinfo(job.easy, CURLINFO_RETRY_AFTER, &retry_after);
    if (retry_after > options_.max_retry_after_s)
      return ProbeResult{LinkStatus::flaky, "429 Too Many Requests; the server asks to wait " +
                                                std::to_string(retry_after) + " s (more than " +
                                                std::to_string(options_.max_retry_after_s) + " s)"};
    if (can_retry)
      return retry_in(job, std::max<double>(static_cast<double>(retry_after), backoff(job)));
    return ProbeResult{LinkStatus::flaky, "429 Too Many Requests after " +
                                              std::to_string(options_.retries) + " retries"};
  }
  if (status >= 500) {
    if (can_retry) return retry_in(job, backoff(job));
    return ProbeResult{LinkStatus::flaky, http_reason(status) + " after " +
                                              std::to_string(options_.retries) + " retries"};
  }
  return ProbeResult{LinkStatus::flaky, http_reason(status)};
}

std::optional<ProbeResult> CurlProber::settle_error(Job& job, CURLcode code) {
  const std::string detail = job.error[0] ? job.error : curl_text(code);
  const bool can_retry = job.attempt < options_.retries;
  switch (code) {
    case CURLE_UNSUPPORTED_PROTOCOL:
      // libcurl also says this when a reused connection carries leftover bytes
      // from a misbehaving server ("Received HTTP/0.9"): ask again on a new one.
      if (detail.find("HTTP/0.9") != std::string::npos && !job.fresh_connection) {
        job.fresh_connection = true;
        job.not_before = Clock::now();
        return std::nullopt;
      }
      return ProbeResult{LinkStatus::broken, "refused scheme (only http and https are followed)"};
    case CURLE_URL_MALFORMAT:
      return ProbeResult{LinkStatus::broken, "malformed URL"};
    case CURLE_COULDNT_RESOLVE_HOST:
      // libcurl cannot tell NXDOMAIN from a failing resolver: one more try.
      if (!job.resolve_retried) {
        job.resolve_retried = true;
        job.not_before = Clock::now() + std::chrono::milliseconds(500);
        return std::nullopt;
      }
      // Not cached: a resolver outage must not mark a link dead for a day.
      return ProbeResult{LinkStatus::broken, "host name does not resolve", false};
    case CURLE_OPERATION_TIMEDOUT:
      if (can_retry) return retry_in(job, backoff(job));
      return ProbeResult{LinkStatus::flaky,
                         "timed out after " + std::to_string(options_.timeout_s) + " s"};
    case CURLE_SSL_CONNECT_ERROR:
    case CURLE_PEER_FAILED_VERIFICATION:
    case CURLE_SSL_CERTPROBLEM:
    case CURLE_SSL_CIPHER:
    case CURLE_SSL_CACERT_BADFILE:
    case CURLE_SSL_ISSUER_ERROR:
      return ProbeResult{LinkStatus::flaky, "TLS: " + detail};
    default:
      if (can_retry) return retry_in(job, backoff(job));
      return ProbeResult{LinkStatus::flaky, detail};
  }
}

std::map<std::string, ProbeResult> CurlProber::probe(const std::vector<std::string>& urls) {
  std::map<std::string, ProbeResult> results;
  std::deque<Job> jobs;  // a deque: jobs never move while libcurl points at them
  std::set<std::string> seen;
  for (const auto& u : urls) {
    if (!seen.insert(u).second) continue;
    jobs.emplace_back();
    jobs.back().url = u;
    jobs.back().current = u;
    jobs.back().host = host_of(u);
  }
  std::vector<Job*> waiting;
  for (auto& j : jobs) waiting.push_back(&j);
  std::map<std::string, int> per_host;
  std::map<Job*, Guarded> guards;
  CURLM* multi = curl_multi_init();
  curl_multi_setopt(multi, CURLMOPT_MAX_TOTAL_CONNECTIONS, static_cast<long>(options_.concurrency));
  curl_multi_setopt(multi, CURLMOPT_MAX_HOST_CONNECTIONS, static_cast<long>(options_.per_host));
  int in_flight = 0;
  std::size_t failing = 0;
  auto finish = [&](Job* j, const ProbeResult& r) {
    if (r.status == LinkStatus::broken || r.status == LinkStatus::flaky) ++failing;
    results[j->url] = r;
    if (options_.progress) options_.progress(results.size(), jobs.size(), failing);
  };
  while (!waiting.empty() || in_flight > 0) {
    // Start what the global and per-host limits allow, oldest first.
    const auto now = Clock::now();
    for (auto it = waiting.begin(); it != waiting.end() && in_flight < options_.concurrency;) {
      Job* j = *it;
      if (j->not_before > now || per_host[j->host] >= options_.per_host) {
        ++it;
        continue;
      }
      it = waiting.erase(it);
      j->fetched = ascii_host_url(j->current);
      // Through a proxy the guard below sees only the proxy: screen the target
      // first (nothing to screen when links.allow_private allows everything).
      if (!options_.proxy.empty() && (options_.address_allowed || !options_.allow_private)) {
        if (auto r = screen(*j)) {
          finish(j, *r);
          continue;
        }
      }
      ++per_host[j->host];
      ++in_flight;
      start(*j, multi, guards[j]);
    }
    int running = 0;
    curl_multi_perform(multi, &running);
    int left = 0;
    while (CURLMsg* msg = curl_multi_info_read(multi, &left)) {
      if (msg->msg != CURLMSG_DONE) continue;
      Job* j = nullptr;
      curl_easy_getinfo(msg->easy_handle, CURLINFO_PRIVATE, &j);
      const CURLcode code = msg->data.result;
      auto r = settle(*j, code);
      curl_multi_remove_handle(multi, j->easy);
      curl_easy_cleanup(j->easy);
      j->easy = nullptr;
      --per_host[j->host];
      --in_flight;
      if (r)
        finish(j, *r);
      else
        waiting.push_back(j);
    }
    if (in_flight > 0) {
      curl_multi_poll(multi, nullptr, 0, 100, nullptr);
    } else if (!waiting.empty()) {
      // Everything left waits for a Retry-After or a backoff.
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  }
  curl_multi_cleanup(multi);
  for (auto& j : jobs) curl_slist_free_all(j.pinned);
  return results;
}

}  // namespace

std::unique_ptr<UrlProber> make_curl_prober(const ProbeOptions& options) {
  return std::make_unique<CurlProber>(options);
}

}  // namespace pp
