#include "links/ca_bundle.h"

#include <curl/curl.h>

#include <cstdlib>
#include <filesystem>

namespace pp {

std::string ca_bundle_from_environment() {
  for (const char* name : {"SSL_CERT_FILE", "CURL_CA_BUNDLE"})
    if (const char* v = std::getenv(name); v && *v) return v;
  return "";
}

std::optional<UrlProber::HttpsProblem> ca_bundle_problem() {
  std::string file = ca_bundle_from_environment();
  if (file.empty()) {
    CURL* e = curl_easy_init();
    char* built_in = nullptr;
    if (e && curl_easy_getinfo(e, CURLINFO_CAINFO, &built_in) == CURLE_OK && built_in)
      file = built_in;
    if (e) curl_easy_cleanup(e);
    if (file.empty()) return std::nullopt;
  }
  std::error_code ec;
  const auto status = std::filesystem::status(file, ec);
  if (status.type() == std::filesystem::file_type::not_found)
    return UrlProber::HttpsProblem{file, "no CA certificates: the file does not exist"};
  if (ec || status.type() != std::filesystem::file_type::regular ||
      std::filesystem::file_size(file, ec) == 0 || ec)
    return UrlProber::HttpsProblem{file, "no CA certificates: not a file of certificates"};
  return std::nullopt;
}

}  // namespace pp
