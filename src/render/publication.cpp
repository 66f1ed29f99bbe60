// Whether an article is published in a build with given render options.
#include "render/render.h"

namespace pp {

Publishing publishing_of(const RenderOptions& o) {
  return {o.drafts, o.future, o.expired, o.now_ms};
}

bool published_in(const Publication& p, const RenderOptions& o) {
  return published_in(p, publishing_of(o));
}

}  // namespace pp
