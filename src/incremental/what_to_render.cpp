// Which outputs a build renders again, and what it keeps about those it did.
#include <algorithm>
#include <set>

#include <tbb/parallel_for.h>

#include "incremental/incremental.h"

namespace pp {

namespace {

// Whether the output recorded as `r`, whose file is `state` now, would come
// out otherwise if it were rendered again.
bool out_of_date(const OutputRecord& r, const std::string& state, const DependencyValues& values,
                 const std::string& global) {
  if (state != r.state) return true;  // changed or removed since it was written
  const auto keys = decode_dependencies(r.dependencies);
  return !keys || dependencies_digest(values, global, *keys) != r.digest;
}

}  // namespace

std::vector<bool> outputs_to_render(const std::vector<std::string>& files,
                                    const std::vector<bool>& mine, const IncrementalState& kept,
                                    const DependencyValues& values, const std::string& global,
                                    std::vector<std::string>& states) {
  std::vector<char> wanted(files.size(), 0);  // not vector<bool>: written from many threads
  states.assign(files.size(), "");
  tbb::parallel_for(std::size_t{0}, files.size(), [&](std::size_t k) {
    if (!mine[k]) return;
    auto it = kept.outputs.find(files[k]);
    if (it == kept.outputs.end()) {
      wanted[k] = 1;
      return;
    }
    states[k] = file_state(files[k]);
    wanted[k] = out_of_date(it->second, states[k], values, global);
  });
  return std::vector<bool>(wanted.begin(), wanted.end());
}

OutputRecord output_record(const std::vector<DependencyKey>& keys, const DependencyValues& values,
                           const std::string& global) {
  OutputRecord r;
  r.dependencies = encode_dependencies(keys);
  r.digest = dependencies_digest(values, global, keys);
  return r;
}

void forget_outputs_not_in(const IncrementalState& kept, const std::vector<std::string>& every,
                           IncrementalUpdate& update) {
  for (const auto& [path, record] : kept.outputs)
    if (!std::binary_search(every.begin(), every.end(), path))
      update.removed_outputs.push_back(path);
}

void keep_article_parses(ParseCache& cache, const Corpus& corpus, IncrementalUpdate& update) {
  update.articles = std::move(cache.added);
  std::set<std::string> present;
  for (const auto& b : corpus.bundles)
    for (const auto& [lang, a] : b.articles) present.insert(a.path);
  for (const auto& [path, entry] : cache.entries)
    if (!present.count(path)) update.removed_articles.push_back(path);
}

}  // namespace pp
