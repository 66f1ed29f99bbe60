// What lists show of a bundle, as a digest: lists, feeds and the sitemap are
// made again when it changes, not when only a body does.
#include "content/byte_codec.h"
#include "content/content.h"
#include "content/front_matter_codec.h"
#include "core/digest.h"

namespace pp {

std::string listing_digest(const Bundle& b) {
  ByteWriter w{std::string(), b.dir};
  w.str(b.source_lang);
  for (const auto& [lang, a] : b.articles) {
    w.str(lang);
    w.str(a.path);
    encode_front_matter(w, a.meta);
  }
  return git_blob_id(w.out);
}

}  // namespace pp
