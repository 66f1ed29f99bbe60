#include "core/digest.h"

#include <openssl/evp.h>

#include <cstdio>
#include <functional>
#include <memory>

namespace pp {

std::string git_blob_id(const std::string& bytes) {
  const std::string header = "blob " + std::to_string(bytes.size()) + std::string(1, '\0');
  std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> ctx(EVP_MD_CTX_new(), EVP_MD_CTX_free);
  unsigned char md[EVP_MAX_MD_SIZE];
  unsigned int len = 0;
  EVP_DigestInit_ex(ctx.get(), EVP_sha1(), nullptr);
  EVP_DigestUpdate(ctx.get(), header.data(), header.size());
  EVP_DigestUpdate(ctx.get(), bytes.data(), bytes.size());
  EVP_DigestFinal_ex(ctx.get(), md, &len);
  static const char* hex = "0123456789abcdef";
  std::string out;
  for (unsigned int i = 0; i < len; ++i) {
    out += hex[md[i] >> 4];
    out += hex[md[i] & 15];
  }
  return out;
}

namespace {

constexpr std::size_t kSealSize = 16;

std::string seal_of(std::string_view bytes) {
  char hex[kSealSize + 1];
  std::snprintf(hex, sizeof hex, "%016llx",
                static_cast<unsigned long long>(std::hash<std::string_view>{}(bytes)));
  return std::string(hex, kSealSize);
}

}  // namespace

std::string sealed(std::string bytes) {
  bytes += seal_of(bytes);
  return bytes;
}

std::optional<std::string_view> unsealed(const std::string& bytes) {
  if (bytes.size() < kSealSize) return std::nullopt;
  const std::string_view body = std::string_view(bytes).substr(0, bytes.size() - kSealSize);
  if (std::string_view(bytes).substr(body.size()) != seal_of(body)) return std::nullopt;
  return body;
}

}  // namespace pp
