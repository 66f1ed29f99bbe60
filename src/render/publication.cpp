// Whether an article is published in a build: drafts, future dates and
// expiry (docs/spec.md §3).
#include "render/render.h"

namespace pp {

Publication publication_of(const Article& a, const std::string& time_zone,
                           std::optional<double> now_ms) {
  Publication p;
  const FrontMatter& m = a.meta;
  p.draft = m.draft;
  if (!now_ms) return p;
  p.future = m.date && date_epoch_ms(m.date->value, time_zone) > *now_ms;
  p.expired = m.expires && date_epoch_ms(m.expires->value, time_zone) <= *now_ms;
  return p;
}

bool published_in(const Publication& p, const RenderOptions& o) {
  return (!p.draft || o.drafts) && (!p.future || o.future) && (!p.expired || o.expired);
}

std::string to_string(const Publication& p) {
  if (p.draft) return "draft";
  if (p.expired) return "expired";
  if (p.future) return "future";
  return "published";
}

}  // namespace pp
