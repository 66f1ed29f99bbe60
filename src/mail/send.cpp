// `polypress send`: one produced email to one address through an SMTP server,
// with libcurl, so an editor can see it in their own mail client.
#include <curl/curl.h>

#include <cstring>
#include <regex>

#include "mail/mail.h"

namespace pp {

namespace {

struct Upload {
  const std::string* bytes;
  std::size_t at = 0;
};

std::size_t read_chunk(char* buffer, std::size_t size, std::size_t count, void* user) {
  auto* up = static_cast<Upload*>(user);
  const std::size_t n = std::min(size * count, up->bytes->size() - up->at);
  std::memcpy(buffer, up->bytes->data() + up->at, n);
  up->at += n;
  return n;
}

}  // namespace

std::string envelope_sender(const std::string& message) {
  // The address of the From header, unfolded: "Name <a@b>" or "a@b".
  const auto end = message.find("\r\n\r\n");
  const std::string headers = "\r\n" + message.substr(0, end == std::string::npos ? 0 : end);
  const auto at = headers.find("\r\nFrom:");
  if (at == std::string::npos) return "";
  std::string value;
  for (std::size_t i = at + 7; i < headers.size(); ++i) {
    if (headers.compare(i, 2, "\r\n") == 0 &&
        (i + 2 >= headers.size() || (headers[i + 2] != ' ' && headers[i + 2] != '\t')))
      break;
    value += headers[i];
  }
  static const std::regex angle(R"(<([^<>\s]+@[^<>\s]+)>)"), bare(R"(([^<>\s,]+@[^<>\s,]+))");
  std::smatch m;
  if (std::regex_search(value, m, angle) || std::regex_search(value, m, bare)) return m[1];
  return "";
}

bool plausible_address(const std::string& a) {
  static const std::regex re(R"(^[^\s<>@",;:\\]+@[A-Za-z0-9.-]+$)");
  return std::regex_match(a, re);
}

bool send_email(const std::string& message, const SendOptions& options, std::string& error) {
  if (options.smtp_url.rfind("smtp://", 0) != 0 && options.smtp_url.rfind("smtps://", 0) != 0) {
    error = "--smtp must be an smtp:// or smtps:// URL, not '" + options.smtp_url + "'";
    return false;
  }
  if (!plausible_address(options.to)) {
    error = "--to is not an email address: '" + options.to + "'";
    return false;
  }
  const std::string from = options.from.empty() ? envelope_sender(message) : options.from;
  if (!plausible_address(from)) {
    error = "no sender address: the message has no From address; give --from";
    return false;
  }
  CURL* curl = curl_easy_init();
  if (!curl) {
    error = "cannot start libcurl";
    return false;
  }
  char curl_error[CURL_ERROR_SIZE] = {0};
  curl_slist* rcpt = curl_slist_append(nullptr, ("<" + options.to + ">").c_str());
  Upload up{&message};
  curl_easy_setopt(curl, CURLOPT_URL, options.smtp_url.c_str());
  curl_easy_setopt(curl, CURLOPT_MAIL_FROM, ("<" + from + ">").c_str());
  curl_easy_setopt(curl, CURLOPT_MAIL_RCPT, rcpt);
  curl_easy_setopt(curl, CURLOPT_READFUNCTION, read_chunk);
  curl_easy_setopt(curl, CURLOPT_READDATA, &up);
  curl_easy_setopt(curl, CURLOPT_UPLOAD, 1L);
  curl_easy_setopt(curl, CURLOPT_INFILESIZE_LARGE, static_cast<curl_off_t>(message.size()));
  curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, curl_error);
  curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT, 10L);
  curl_easy_setopt(curl, CURLOPT_TIMEOUT, 60L);
  curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
  // STARTTLS when the server offers it; smtps:// is TLS from the start.
  curl_easy_setopt(curl, CURLOPT_USE_SSL, static_cast<long>(CURLUSESSL_TRY));
  const CURLcode rc = curl_easy_perform(curl);
  long code = 0;
  curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &code);
  curl_slist_free_all(rcpt);
  curl_easy_cleanup(curl);
  if (rc != CURLE_OK) {
    error = std::string(curl_error[0] ? curl_error : curl_easy_strerror(rc)) +
            (code ? " (SMTP " + std::to_string(code) + ")" : "");
    return false;
  }
  return true;
}

}  // namespace pp
