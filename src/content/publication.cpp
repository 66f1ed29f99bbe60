// Whether a build publishes an article: drafts, future dates and expiry
// (docs/spec.md §3).
#include "content/content.h"

#include "core/date.h"

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

std::optional<double> next_publication_change(const Corpus& corpus, const std::string& time_zone,
                                              double now_ms) {
  std::optional<double> next;
  const auto consider = [&](const std::optional<Located<Date>>& at) {
    if (!at) return;
    const double ms = date_epoch_ms(at->value, time_zone);
    if (ms > now_ms && (!next || ms < *next)) next = ms;
  };
  for (const auto& b : corpus.bundles)
    for (const auto& [lang, a] : b.articles) {
      consider(a.meta.date);
      consider(a.meta.expires);
    }
  return next;
}

std::string to_string(const Publication& p) {
  if (p.draft) return "draft";
  if (p.expired) return "expired";
  if (p.future) return "future";
  return "published";
}

std::string Publishing::text() const {
  std::string s = drafts ? "drafts" : "";
  if (future) s += s.empty() ? "future" : " future";
  if (expired) s += s.empty() ? "expired" : " expired";
  return s;
}

bool published_in(const Publication& p, const Publishing& with) {
  return (!p.draft || with.drafts) && (!p.future || with.future) && (!p.expired || with.expired);
}

std::string unpublished_because(const Article& a, const std::string& time_zone,
                                const Publishing& with) {
  const Publication p = publication_of(a, time_zone, with.now_ms);
  if (p.draft && !with.drafts)
    return a.own.translation_of && !a.own.source_digest
               ? "is a translation in progress, published once `polypress translations stamp` "
                 "records it (build --drafts publishes it now)"
               : "is a draft (build --drafts publishes it)";
  if (p.expired && !with.expired)
    return "expired on " + a.meta.expires->value.text + " (build --expired keeps it)";
  if (p.future && !with.future)
    return "is dated " + a.meta.date->value.text +
           ", after this build, and is published from that day on (build --future publishes it "
           "now)";
  return "";
}

}  // namespace pp
