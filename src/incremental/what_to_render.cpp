// Which outputs a build renders again, and what it keeps about those it did.
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <optional>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "incremental/incremental.h"

namespace pp {

namespace {

// The values of keys by their stored text, kept by one thread for the
// outputs it decides on: 50,000 outputs read a few thousand keys between
// them, and each is parsed and looked up once.
class ValuesByText {
 public:
  explicit ValuesByText(const DependencyValues& values) : values_(values) {}

  // The value of the key stored as `text`; nullopt for a text that is not
  // one key's own (such a record is out of date).
  const std::optional<std::string>& value(std::string_view text) {
    auto it = known_.find(text);
    if (it == known_.end()) {
      std::optional<std::string> v;
      if (const auto key = DependencyKey::parse(text); key && key->text() == text)
        v = values_.value(*key);
      it = known_.emplace(std::string(text), std::move(v)).first;
    }
    return it->second;
  }

  /// Every value looked up so far, by key text (nullopt: not a key).
  const auto& known() const { return known_; }

 private:
  struct Hash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  const DependencyValues& values_;
  std::unordered_map<std::string, std::optional<std::string>, Hash, std::equal_to<>> known_;
};

// A short mark of a key's value (FNV-1a, 32 bits, in hex): enough to tell
// which key changed; whether any did is the digest's to say.
std::string value_mark(std::string_view value) {
  std::uint32_t h = 2166136261u;
  for (const unsigned char c : value) h = (h ^ c) * 16777619u;
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out(8, '0');
  for (int i = 7; i >= 0; --i, h >>= 4) out[static_cast<std::size_t>(i)] = kHex[h & 15];
  return out;
}

// The mark of a value read from a racy stamp (kRacyValue): not hex, so no
// value's mark equals it.
constexpr std::string_view kRacyMark = "--racy--";

// The digest part of a record's digest (before the value marks).
std::string_view digest_part(const std::string& digest) {
  return std::string_view(digest).substr(0, digest.find(' '));
}

// Whether the output recorded as `r`, whose file is `state` now, would come
// out otherwise if it were rendered again: dependencies_digest() of its
// recorded keys, from their stored lines as they are.
bool out_of_date(const OutputRecord& r, const std::string& state, ValuesByText& values,
                 const std::string& global) {
  if (state != r.state) return true;  // changed or removed since it was written
  std::vector<std::pair<std::string_view, std::string_view>> keys;
  for (std::string_view rest = r.dependencies; !rest.empty();) {
    const std::size_t nl = std::min(rest.find('\n'), rest.size());
    const std::string_view line = rest.substr(0, nl);
    const auto& v = values.value(line);
    if (!v) return true;
    keys.emplace_back(line, *v);
    rest.remove_prefix(std::min(nl + 1, rest.size()));
  }
  return dependencies_digest(global, keys) != digest_part(r.digest);
}

}  // namespace

std::vector<bool> outputs_to_render(const std::vector<std::string>& files,
                                    const std::vector<bool>& mine, const IncrementalState& kept,
                                    const DependencyValues& values, const std::string& global,
                                    std::vector<std::string>& states,
                                    std::vector<const OutputRecord*>* records_out) {
  std::vector<char> wanted(files.size(), 0);  // not vector<bool>: written from many threads
  states.assign(files.size(), "");
  if (records_out) records_out->assign(files.size(), nullptr);
  // The outputs with a record; the others are new, and rendered.
  std::vector<std::size_t> recorded;
  std::vector<const OutputRecord*> records;
  std::vector<const std::string*> paths;
  for (std::size_t k = 0; k < files.size(); ++k) {
    if (!mine[k]) continue;
    const auto it = kept.outputs.find(files[k]);
    if (it == kept.outputs.end()) {
      wanted[k] = 1;
      continue;
    }
    recorded.push_back(k);
    records.push_back(&it->second);
    if (records_out) (*records_out)[k] = &it->second;
    paths.push_back(&files[k]);
  }
  tbb::enumerable_thread_specific<ValuesByText> by_text(std::cref(values));
  // serve's index: only the records of outputs whose keys changed value are
  // compared with the values of now. The others are current: serve takes its
  // output folders as its own while it runs, and looks at no other file
  // there (a file changed by hand is put back by the next `build`, or serve
  // started again, which look at each).
  KeyIndex* index = kept.index.get();
  std::vector<char> compare(recorded.size(), 1);
  if (index && index->complete()) {
    // Each key's value now, on every core (the lists' values are long).
    const auto& keys = index->keys();
    std::vector<std::optional<std::string>> now_values(keys.size());
    tbb::parallel_for(std::size_t{0}, keys.size(),
                      [&](std::size_t i) { now_values[i] = by_text.local().value(keys[i]); });
    const auto suspects = index->outputs_of_changed_keys(std::move(now_values));
    for (std::size_t i = 0; i < recorded.size(); ++i)
      compare[i] = !index->knows(*paths[i]) || suspects.count(*paths[i]);
  }
  std::vector<std::string> looked_at;
  for (std::size_t i = 0; i < recorded.size(); ++i)
    if (compare[i]) looked_at.push_back(*paths[i]);
  std::vector<std::string> now = file_states(looked_at);
  std::vector<std::size_t> at(recorded.size(), 0);
  for (std::size_t i = 0, n = 0; i < recorded.size(); ++i) at[i] = compare[i] ? n++ : 0;
  tbb::parallel_for(std::size_t{0}, recorded.size(), [&](std::size_t i) {
    const std::size_t k = recorded[i];
    if (!compare[i]) {
      states[k] = records[i]->state;
      return;
    }
    states[k] = std::move(now[at[i]]);
    wanted[k] = out_of_date(*records[i], states[k], by_text.local(), global);
  });
  if (index && !index->complete()) {
    // Every output with a record, with the values its decision read.
    for (std::size_t i = 0; i < recorded.size(); ++i)
      index->index(*paths[i], records[i]->dependencies);
    for (const ValuesByText& known : by_text)
      for (const auto& [text, value] : known.known())
        if (value) index->set_value(text, *value);
    index->set_complete();
  }
  return std::vector<bool>(wanted.begin(), wanted.end());
}

OutputRecord output_record(const std::vector<DependencyKey>& keys, const DependencyValues& values,
                           const std::string& global) {
  OutputRecord r;
  r.dependencies = encode_dependencies(keys);
  std::vector<std::string> texts, vals;
  std::vector<std::pair<std::string_view, std::string_view>> pairs;
  texts.reserve(keys.size());
  vals.reserve(keys.size());
  std::string marks;
  for (const auto& k : keys) {
    texts.push_back(k.text());
    vals.push_back(values.value(k));
    marks += vals.back().find(kRacyValue) == std::string::npos ? value_mark(vals.back())
                                                               : std::string(kRacyMark);
  }
  for (std::size_t i = 0; i < keys.size(); ++i) pairs.emplace_back(texts[i], vals[i]);
  r.digest = dependencies_digest(global, pairs) + " " + marks;
  return r;
}

std::string why_rendered(const IncrementalState& kept, const std::string& file,
                         const std::string& state, const DependencyValues& values) {
  const auto it = kept.outputs.find(file);
  if (it == kept.outputs.end())
    return kept.other_identity ? "the binary, site.yaml or the options changed since the last build"
                               : "new: no earlier build wrote it";
  const OutputRecord& r = it->second;
  if (state == "missing") return "its file was removed";
  if (state != r.state) return "its file was changed since polypress wrote it";
  const auto space = r.digest.find(' ');
  const std::string_view marks = space == std::string::npos
                                     ? std::string_view()
                                     : std::string_view(r.digest).substr(space + 1);
  std::size_t i = 0;
  for (std::string_view rest = r.dependencies; !rest.empty(); ++i) {
    const std::size_t nl = std::min(rest.find('\n'), rest.size());
    const std::string line(rest.substr(0, nl));
    rest.remove_prefix(std::min(nl + 1, rest.size()));
    const auto key = DependencyKey::parse(line);
    if (!key || key->text() != line) return line + " is no longer an input polypress knows";
    if (marks.size() < 8 * (i + 1)) return "one of its inputs changed";
    if (marks.substr(8 * i, 8) == kRacyMark)
      return line + " was too new to trust when that build read it (its stamp was racy)";
    if (value_mark(values.value(*key)) != marks.substr(8 * i, 8)) return line + " changed";
  }
  return "one of its inputs changed";
}

void forget_outputs_not_in(const IncrementalState& kept, const std::vector<std::string>& every,
                           const std::vector<std::string>& folders, IncrementalUpdate& update) {
  const std::unordered_set<std::string_view> produced(every.begin(), every.end());
  const auto in_folders = [&](const std::string& path) {
    return std::any_of(folders.begin(), folders.end(), [&](const std::string& f) {
      return path.size() > f.size() && path.starts_with(f) && path[f.size()] == '/';
    });
  };
  for (const auto& [path, record] : kept.outputs)
    if (!produced.count(path) && in_folders(path)) update.removed_outputs.push_back(path);
}

void keep_article_parses(ParseCache& cache, const Corpus& corpus, IncrementalUpdate& update) {
  update.articles = std::move(cache.added);
  std::unordered_set<std::string_view> present;
  for (const auto& b : corpus.bundles)
    for (const auto& [lang, a] : b.articles) present.insert(a.path);
  for (const auto& [path, entry] : cache.entries)
    if (!present.count(path)) update.removed_articles.push_back(path);
}

void keep_bundle_checks(CheckCache& cache, const Corpus& corpus, IncrementalUpdate& update) {
  update.checks = std::move(cache.added);
  for (const auto& [id, checked] : cache.bundles)
    if (!corpus.find(id)) update.removed_checks.push_back(id);
}

}  // namespace pp
