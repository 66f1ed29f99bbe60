// The checks of a site bundle by bundle, on every core, and those a build
// can take from the last one: a bundle's findings read only the bundle, the
// configuration (the kept state's identity), the site's static files and what
// the bundles it names show of themselves (docs/incremental.md, "Checks").
#include "driver/bundle_checks.h"

#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <set>
#include <string>
#include <vector>

#include "content/article_cache.h"
#include "core/digest.h"
#include "driver/check_site.h"
#include "incremental/incremental.h"
#include "l10n/l10n.h"
#include "links/links.h"
#include "validate/validate.h"

namespace pp {

void check_bundle(const SiteConfig& config, const Corpus& corpus, const Bundle& b,
                  const std::optional<double>& sources_at, const Publishing& publishing,
                  DiagnosticSink& sink) {
  validate_bundle(config, b, sink);
  check_bundle_links(config, corpus, b, sink, publishing);
  check_bundle_source_urls(b, sink);
  check_bundle_figure_formats(b, sink);
  if (sources_at) check_bundle_sources(b, *sources_at, sink);
}

namespace {

// `s` with its length first: no text can pass for two.
void append_field(std::string& out, const std::string& s) {
  out += std::to_string(s.size()) + ":" + s + "\n";
}

// What the checks of `b` read of itself and of the site: its files as they
// are (paths and stamps), its other files' names and `site` (the static
// files). "" when it is not kept: an article assembled from a catalog is
// made anew by every build, and a file changed too recently to trust its
// stamp (racy, as the parse cache judges it). `states` is each article's
// publication state, which changes with the clock.
std::string check_key(const Bundle& b, const std::string& site, const std::string& states,
                      long long newer_than_ns) {
  std::string s = site;
  append_field(s, b.dir);
  for (const auto& [lang, a] : b.articles) {
    if (a.assembled) return "";
    const auto mtime_ns = stamp_mtime_ns(a.stamp);
    if (!mtime_ns || *mtime_ns > newer_than_ns) return "";
    append_field(s, lang);
    append_field(s, a.path);
    append_field(s, a.stamp);
  }
  for (const auto& asset : b.assets) append_field(s, asset);
  append_field(s, "unpublished");  // a link to one is said to be so
  for (const auto& file : b.unpublished) append_field(s, file);
  append_field(s, states);
  return git_blob_id(s);
}

// Each article's publication state at the build's time, by language.
std::string publication_states(const Bundle& b, const std::string& time_zone,
                               const Publishing& publishing) {
  std::string s;
  for (const auto& [lang, a] : b.articles)
    s += lang + " " + to_string(publication_of(a, time_zone, publishing.now_ms)) + "\n";
  return s;
}

// What the checks of other bundles read of `b`: its languages, its source,
// each one's publication state and each language's heading ids (its
// existence is its having a record).
std::string check_face(const Bundle& b, const std::string& states) {
  std::string s;
  append_field(s, states);
  append_field(s, b.source_lang);
  for (const auto& [lang, a] : b.articles) {
    append_field(s, lang);
    for (const auto& id : a.heading_ids) append_field(s, id);
    s += "\n";
  }
  return git_blob_id(s);
}

// Every bundle id the links and `related` of `b` may name: a superset
// (bundle_ids_in() of each link).
std::vector<std::string> named_bundles(const Bundle& b) {
  std::set<std::string> ids;
  for (const auto& [lang, a] : b.articles) {
    for (const auto& r : a.own.related) ids.insert(r.value);
    for (const auto& r : a.meta.related) ids.insert(r.value);
    for (const auto& l : a.links) ids.merge(bundle_ids_in(l.url));
  }
  // A bundle id is two slugs: a name with a line break names none (and the
  // names are kept one per line).
  std::vector<std::string> out;
  for (const auto& id : ids)
    if (id.find('\n') == std::string::npos) out.push_back(id);
  return out;
}

// Which bundles must be checked: those not kept as they are, and those naming
// a bundle that is gone, new, or shows others something else now.
std::vector<char> bundles_to_check(const Corpus& corpus, const CheckCache& kept,
                                   const std::vector<std::string>& keys,
                                   const std::vector<std::string>& states,
                                   std::vector<std::string>& faces) {
  const std::size_t n = corpus.bundles.size();
  std::vector<char> check(n, 0);
  std::set<std::string> moved;
  for (const auto& [id, c] : kept.bundles)
    if (!corpus.find(id)) moved.insert(id);
  for (std::size_t i = 0; i < n; ++i) {
    const Bundle& b = corpus.bundles[i];
    const auto it = kept.bundles.find(b.id());
    if (it != kept.bundles.end() && !keys[i].empty() && it->second.key == keys[i]) continue;
    check[i] = 1;
    faces[i] = check_face(b, states[i]);
    if (it == kept.bundles.end() || it->second.face != faces[i]) moved.insert(b.id());
  }
  if (moved.empty()) return check;
  for (std::size_t i = 0; i < n; ++i) {
    if (check[i]) continue;
    for (const auto& name : kept.bundles.at(corpus.bundles[i].id()).names)
      if (moved.count(name)) {
        check[i] = 1;
        break;
      }
  }
  return check;
}

}  // namespace

void check_bundles(const SiteConfig& config, const Corpus& corpus, CheckCache* kept, int jobs,
                   const std::optional<double>& sources_at, const Publishing& publishing,
                   DiagnosticSink& sink) {
  const std::size_t n = corpus.bundles.size();
  if (sources_at) kept = nullptr;  // `check` keeps nothing
  tbb::task_arena arena(jobs > 0 ? jobs : tbb::task_arena::automatic);
  std::vector<std::string> keys(n), faces(n), states(n);
  std::vector<char> check(n, 1);
  if (kept) {
    std::string site;
    for (const auto& f : corpus.static_files) append_field(site, f);
    arena.execute([&] {
      tbb::parallel_for(std::size_t{0}, n, [&](std::size_t i) {
        states[i] = publication_states(corpus.bundles[i], config.time_zone, publishing);
        keys[i] = check_key(corpus.bundles[i], site, states[i], kept->newer_than_ns);
      });
    });
    check = bundles_to_check(corpus, *kept, keys, states, faces);
  }
  std::vector<DiagnosticSink> found(n);
  arena.execute([&] {
    tbb::parallel_for(std::size_t{0}, n, [&](std::size_t i) {
      if (check[i])
        check_bundle(config, corpus, corpus.bundles[i], sources_at, publishing, found[i]);
    });
  });
  for (std::size_t i = 0; i < n; ++i) {
    const Bundle& b = corpus.bundles[i];
    if (!check[i]) {
      for (const auto& d : kept->bundles.at(b.id()).findings)
        sink.report(d.where, d.severity, d.rule, d.message);
      continue;
    }
    sink.merge(found[i]);
    // Kept even without a key (checked again next time): its face is known.
    if (kept)
      kept->added.push_back({b.id(),
                             {keys[i], faces[i].empty() ? check_face(b, states[i]) : faces[i],
                              named_bundles(b), found[i].items()}});
  }
}

}  // namespace pp
