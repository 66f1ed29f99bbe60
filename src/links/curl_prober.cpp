// The link prober over libcurl's multi interface.
#include <curl/curl.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <deque>
#include <mutex>
#include <set>
#include <thread>

#include "links/address_policy.h"
#include "links/idn.h"
#include "links/links.h"

namespace pp {

namespace {

using Clock = std::chrono::steady_clock;

// Every libcurl error code goes through here once (DESIGN habit 3).
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

struct Job {
  std::string url, host;
  std::string fetched;  // url with an ASCII host name (idn.h)
  int attempt = 0;      // retries used
  bool resolve_retried = false;
  bool fresh_connection = false;  // the next attempt must not reuse a connection
  bool use_get = false;
  bool got_body = false;  // aborted on purpose at the first body byte
  bool blocked = false;   // the guard refused a connection
  std::string blocked_address;
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
  explicit CurlProber(const ProbeOptions& options) : options_(options) { global_init(); }

  std::map<std::string, ProbeResult> probe(const std::vector<std::string>& urls) override;

 private:
  struct Guarded {
    Job* job;
    const CurlProber* prober;
  };

  static curl_socket_t guarded_socket(void* user, curlsocktype, curl_sockaddr* address) {
    auto* g = static_cast<Guarded*>(user);
    const sockaddr* sa = &address->addr;
    const bool allowed = g->prober->options_.address_allowed
                             ? g->prober->options_.address_allowed(sa)
                             : (g->prober->options_.allow_private || !is_private_address(sa));
    if (!allowed) {
      g->job->blocked = true;
      g->job->blocked_address = address_text(sa);
      return CURL_SOCKET_BAD;
    }
    return socket(address->family, address->socktype, address->protocol);
  }

  void start(Job& job, CURLM* multi, Guarded& guard);
  /// Settles a finished transfer: a result, or a retry (job goes back to the queue).
  std::optional<ProbeResult> settle(Job& job, CURLcode code);

  ProbeOptions options_;
};

void CurlProber::start(Job& job, CURLM* multi, Guarded& guard) {
  CURL* e = curl_easy_init();
  job.easy = e;
  job.got_body = false;
  job.blocked = false;
  job.error[0] = 0;
  job.fetched = ascii_host_url(job.url);
  curl_easy_setopt(e, CURLOPT_URL, job.fetched.c_str());
  curl_easy_setopt(e, CURLOPT_PRIVATE, &job);
  curl_easy_setopt(e, CURLOPT_ERRORBUFFER, job.error);
  curl_easy_setopt(e, CURLOPT_NOSIGNAL, 1L);
  if (std::getenv("POLYPRESS_CURL_VERBOSE")) curl_easy_setopt(e, CURLOPT_VERBOSE, 1L);
  curl_easy_setopt(e, CURLOPT_USERAGENT, "polypress-linkcheck/0.1");
  curl_easy_setopt(e, CURLOPT_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(e, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(e, CURLOPT_FOLLOWLOCATION, 1L);
  curl_easy_setopt(e, CURLOPT_MAXREDIRS, 10L);  // unlimited by default in 7.88
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

std::optional<ProbeResult> CurlProber::settle(Job& job, CURLcode code) {
  long status = 0;
  curl_easy_getinfo(job.easy, CURLINFO_RESPONSE_CODE, &status);
  curl_off_t retry_after = 0;
  curl_easy_getinfo(job.easy, CURLINFO_RETRY_AFTER, &retry_after);
  const std::string detail = job.error[0] ? job.error : curl_text(code);
  auto retry = [&](double seconds) -> std::optional<ProbeResult> {
    ++job.attempt;
    job.not_before = Clock::now() + std::chrono::milliseconds(static_cast<long>(seconds * 1000));
    return std::nullopt;
  };
  const double backoff = 0.25 * (1 << std::min(job.attempt, 6));
  const bool can_retry = job.attempt < options_.retries;

  if (job.blocked)
    return ProbeResult{LinkStatus::skipped, "private address " + job.blocked_address +
                                                " refused (set links.allow_private to check it)"};
  if (code == CURLE_WRITE_ERROR && job.got_body) code = CURLE_OK;
  if (code == CURLE_OK) {
    // HEAD refused, or answered 404 by a server that mishandles HEAD: ask
    // again with GET (not a retry) before calling a link broken.
    if (!job.use_get &&
        (status == 405 || status == 403 || status == 501 || status == 400 || status == 404)) {
      job.use_get = true;
      job.not_before = Clock::now();
      return std::nullopt;
    }
    if (status >= 200 && status < 400) return ProbeResult{LinkStatus::ok, ""};
    if (status == 404 || status == 410) return ProbeResult{LinkStatus::broken, http_reason(status)};
    if (status == 429) {
      if (retry_after > options_.max_retry_after_s)
        return ProbeResult{LinkStatus::flaky, "429 Too Many Requests; the server asks to wait " +
                                                  std::to_string(retry_after) + " s (more than " +
                                                  std::to_string(options_.max_retry_after_s) +
                                                  " s)"};
      if (can_retry) return retry(std::max<double>(static_cast<double>(retry_after), backoff));
      return ProbeResult{LinkStatus::flaky, "429 Too Many Requests after " +
                                                std::to_string(options_.retries) + " retries"};
    }
    if (status >= 500) {
      if (can_retry) return retry(backoff);
      return ProbeResult{LinkStatus::flaky, http_reason(status) + " after " +
                                                std::to_string(options_.retries) + " retries"};
    }
    return ProbeResult{LinkStatus::flaky, http_reason(status)};
  }
  switch (code) {
    case CURLE_TOO_MANY_REDIRECTS:
      return ProbeResult{LinkStatus::broken, "redirect loop (more than 10 redirects)"};
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
      if (can_retry) return retry(backoff);
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
      if (can_retry) return retry(backoff);
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
  while (!waiting.empty() || in_flight > 0) {
    // Start what the global and per-host limits allow, oldest first.
    const auto now = Clock::now();
    for (auto it = waiting.begin(); it != waiting.end() && in_flight < options_.concurrency;) {
      Job* j = *it;
      if (j->not_before > now || per_host[j->host] >= options_.per_host) {
        ++it;
        continue;
      }
      ++per_host[j->host];
      ++in_flight;
      start(*j, multi, guards[j]);
      it = waiting.erase(it);
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
      if (r) {
        if (r->status == LinkStatus::broken || r->status == LinkStatus::flaky) ++failing;
        results[j->url] = *r;
        if (options_.progress) options_.progress(results.size(), jobs.size(), failing);
      } else {
        waiting.push_back(j);
      }
    }
    if (in_flight > 0) {
      curl_multi_poll(multi, nullptr, 0, 100, nullptr);
    } else if (!waiting.empty()) {
      // Everything left waits for a Retry-After or a backoff.
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  }
  curl_multi_cleanup(multi);
  return results;
}

}  // namespace

std::unique_ptr<UrlProber> make_curl_prober(const ProbeOptions& options) {
  return std::make_unique<CurlProber>(options);
}

}  // namespace pp
