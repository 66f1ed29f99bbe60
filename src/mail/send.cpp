// `polypress send`: one produced email to one address through an SMTP server,
// with libcurl, so an editor can see it in their own mail client.
#include <curl/curl.h>

#include <cstring>

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

// \s of ECMAScript on bytes.
bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

// Whether `c` is one of the characters of `set` (never NUL).
bool is_one_of(char c, const char* set) {
  return c != '\0' && std::strchr(set, c) != nullptr;
}

// The first maximal run of characters other than white space and `stops`,
// right after `open` and right before `close` (either 0: no such condition),
// that holds an '@' neither first nor last. This is what the patterns
// <([^<>\s]+@[^<>\s]+)> and ([^<>\s,]+@[^<>\s,]+) searched for, found in one
// pass: runs never overlap, and each is looked at once.
std::string first_address_run(const std::string& s, const char* stops, char open, char close) {
  std::size_t i = 0;
  while (i < s.size()) {
    const bool opened = open == 0 || s[i] == open;
    const std::size_t start = open == 0 ? i : i + 1;
    std::size_t end = start;
    while (end < s.size() && !is_space(s[end]) && !is_one_of(s[end], stops)) ++end;
    const bool inner_at =
        end >= start + 3 &&
        std::string_view(s).substr(start + 1, end - start - 2).find('@') != std::string_view::npos;
    const bool closed = close == 0 || (end < s.size() && s[end] == close);
    if (opened && inner_at && closed) return s.substr(start, end - start);
    i = end > i ? end : i + 1;
  }
  return "";
}

// ASCII lower case of one byte.
char ascii_lower(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

// Whether the header line `line` (not a continuation) is a To field: its name,
// before the colon and any white space of the obsolete syntax, is "To" in any case.
bool is_to_field(std::string_view line) {
  const auto colon = line.find(':');
  if (colon == std::string_view::npos) return false;
  std::string_view name = line.substr(0, colon);
  while (!name.empty() && (name.back() == ' ' || name.back() == '\t')) name.remove_suffix(1);
  return name.size() == 2 && ascii_lower(name[0]) == 't' && ascii_lower(name[1]) == 'o';
}

}  // namespace

std::string with_to_header(const std::string& message, const std::string& to) {
  const auto end = message.find("\r\n\r\n");
  if (end == std::string::npos) return message;
  const std::string_view headers = std::string_view(message).substr(0, end);
  for (std::size_t start = 0; start <= headers.size();) {
    auto stop = headers.find("\r\n", start);
    if (stop == std::string_view::npos) stop = headers.size();
    const std::string_view line = headers.substr(start, stop - start);
    if (!line.empty() && line[0] != ' ' && line[0] != '\t' && is_to_field(line)) return message;
    start = stop + 2;
  }
  // `to` passed plausible_address: no white space, control character, angle
  // bracket, comma or quote, so it is one addr-spec and cannot end the line.
  return message.substr(0, end) + "\r\nTo: <" + to + ">" + message.substr(end);
}

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
  if (std::string a = first_address_run(value, "<>", '<', '>'); !a.empty()) return a;
  return first_address_run(value, "<>,", 0, 0);
}

bool plausible_address(const std::string& a) {
  // ^[^\s<>@",;:\\]+@[A-Za-z0-9.-]+$, scanned by hand.
  const auto at = a.find('@');
  if (at == 0 || at == std::string::npos || at + 1 == a.size()) return false;
  // Control characters (C0 and DEL) too: the address is also written into a To header.
  for (std::size_t i = 0; i < at; ++i)
    if (is_space(a[i]) || is_one_of(a[i], "<>\",;:\\") || static_cast<unsigned char>(a[i]) < 0x20 ||
        a[i] == 0x7f)
      return false;
  for (std::size_t i = at + 1; i < a.size(); ++i) {
    const char c = a[i];
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
          c == '-'))
      return false;
  }
  return true;
}

namespace {

// The user information of a URL ("user:pass" of smtp://user:pass@host), or "".
std::string user_info(const std::string& url) {
  const auto scheme = url.find("://");
  if (scheme == std::string::npos) return "";
  const auto start = scheme + 3;
  const auto end = url.find_first_of("/?#", start);
  const std::string authority = url.substr(start, end == std::string::npos ? end : end - start);
  const auto at = authority.rfind('@');
  return at == std::string::npos ? "" : authority.substr(0, at);
}

}  // namespace

std::string redacted_url(const std::string& url) {
  const std::string info = user_info(url);
  const auto colon = info.find(':');
  if (colon == std::string::npos) return url;
  const auto start = url.find("://") + 3;
  return url.substr(0, start) + info.substr(0, colon) + ":***" + url.substr(start + info.size());
}

bool send_email(const std::string& message, const SendOptions& options, RunError& error) {
  if (options.smtp_url.rfind("smtp://", 0) != 0 && options.smtp_url.rfind("smtps://", 0) != 0) {
    // Not echoed: a mistyped URL ("smtp:/user:password@host") may hold a
    // password redacted_url() cannot find.
    error = {ErrorKind::usage, "--smtp must be an smtp:// or smtps:// URL (smtp://host:port)"};
    return false;
  }
  const bool credentials = !user_info(options.smtp_url).empty();
  if (!plausible_address(options.to)) {
    error = {ErrorKind::usage, "--to is not an email address: '" + options.to + "'"};
    return false;
  }
  // A --from given is the editor's to fix; a message without a usable From
  // address needs one.
  if (!options.from.empty() && !plausible_address(options.from)) {
    error = {ErrorKind::usage, "--from is not an email address: '" + options.from + "'"};
    return false;
  }
  const std::string from = options.from.empty() ? envelope_sender(message) : options.from;
  if (!plausible_address(from)) {
    error = {ErrorKind::input, "no sender address: the message has no From address; give --from"};
    return false;
  }
  CURL* curl = curl_easy_init();
  if (!curl) {
    error = {ErrorKind::network, "cannot start libcurl"};
    return false;
  }
  char curl_error[CURL_ERROR_SIZE] = {0};
  curl_slist* rcpt = curl_slist_append(nullptr, ("<" + options.to + ">").c_str());
  // A message without a To header gets one naming --to (SpamAssassin's
  // MISSING_HEADERS); the stored file is not changed (docs/spec.md §6).
  const std::string sent = with_to_header(message, options.to);
  Upload up{&sent};
  curl_easy_setopt(curl, CURLOPT_URL, options.smtp_url.c_str());
  curl_easy_setopt(curl, CURLOPT_MAIL_FROM, ("<" + from + ">").c_str());
  curl_easy_setopt(curl, CURLOPT_MAIL_RCPT, rcpt);
  curl_easy_setopt(curl, CURLOPT_READFUNCTION, read_chunk);
  curl_easy_setopt(curl, CURLOPT_READDATA, &up);
  curl_easy_setopt(curl, CURLOPT_UPLOAD, 1L);
  curl_easy_setopt(curl, CURLOPT_INFILESIZE_LARGE, static_cast<curl_off_t>(sent.size()));
  curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, curl_error);
  curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT, 10L);
  curl_easy_setopt(curl, CURLOPT_TIMEOUT, 60L);
  curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
  // STARTTLS when the server offers it; smtps:// is TLS from the start. With
  // credentials, a server that offers no STARTTLS is refused before AUTH:
  // a password never goes in clear unless asked to (--insecure-auth).
  const bool require_tls = credentials && !options.insecure_auth;
  curl_easy_setopt(curl, CURLOPT_USE_SSL,
                   static_cast<long>(require_tls ? CURLUSESSL_ALL : CURLUSESSL_TRY));
  const CURLcode rc = curl_easy_perform(curl);
  long code = 0;
  curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &code);
  curl_slist_free_all(rcpt);
  curl_easy_cleanup(curl);
  if (rc == CURLE_USE_SSL_FAILED && require_tls) {
    error = {ErrorKind::network,
             "the server offers no STARTTLS, and the URL has credentials: they are only sent "
             "over TLS (use smtps://, or --insecure-auth to send them in clear); nothing was sent"};
    return false;
  }
  if (rc != CURLE_OK) {
    error = {ErrorKind::network, std::string(curl_error[0] ? curl_error : curl_easy_strerror(rc)) +
                                     (code ? " (SMTP " + std::to_string(code) + ")" : "")};
    return false;
  }
  return true;
}

}  // namespace pp
