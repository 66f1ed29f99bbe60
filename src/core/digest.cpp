#include "core/digest.h"

#include <openssl/evp.h>

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

}  // namespace pp
