#include "links/idn.h"

#include <curl/curl.h>
#include <unicode/bytestream.h>
#include <unicode/idna.h>

#include <algorithm>
#include <memory>

namespace pp {

namespace {

// Non-transitional processing with the Bidi and ContextJ checks: what
// browsers do (WHATWG URL, "domain to ASCII").
const icu::IDNA* uts46() {
  static const std::unique_ptr<icu::IDNA> idna = [] {
    UErrorCode status = U_ZERO_ERROR;
    std::unique_ptr<icu::IDNA> p(icu::IDNA::createUTS46Instance(
        UIDNA_NONTRANSITIONAL_TO_ASCII | UIDNA_CHECK_BIDI | UIDNA_CHECK_CONTEXTJ, status));
    return U_SUCCESS(status) ? std::move(p) : nullptr;
  }();
  return idna.get();
}

}  // namespace

std::string ascii_host_url(const std::string& url) {
  if (std::all_of(url.begin(), url.end(), [](unsigned char c) { return c < 0x80; })) return url;
  std::string out = url;
  CURLU* u = curl_url();
  char* host = nullptr;
  if (curl_url_set(u, CURLUPART_URL, url.c_str(), 0) == CURLUE_OK &&
      curl_url_get(u, CURLUPART_HOST, &host, 0) == CURLUE_OK && host && uts46()) {
    std::string ascii;
    icu::StringByteSink<std::string> sink(&ascii);
    icu::IDNAInfo info;
    UErrorCode status = U_ZERO_ERROR;
    uts46()->nameToASCII_UTF8(host, sink, info, status);
    char* rebuilt = nullptr;
    if (U_SUCCESS(status) && !info.hasErrors() &&
        curl_url_set(u, CURLUPART_HOST, ascii.c_str(), 0) == CURLUE_OK &&
        curl_url_get(u, CURLUPART_URL, &rebuilt, 0) == CURLUE_OK && rebuilt)
      out = rebuilt;
    curl_free(rebuilt);
  }
  curl_free(host);
  curl_url_cleanup(u);
  return out;
}

}  // namespace pp
