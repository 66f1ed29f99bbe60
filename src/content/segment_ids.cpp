// Body segment ids kept across edits by what the blocks say (`i18n extract
// --articles`, docs/translators.md, "What happens to each kind of edit").
#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>
#include <tuple>

#include "content/segments.h"

namespace pp {

namespace {

// The number at the end of a body segment's id ("paragraph-12" → 12), or 0.
int id_number(const std::string& id) {
  const auto dash = id.rfind('-');
  if (dash == std::string::npos) return 0;
  return std::atoi(id.c_str() + dash + 1);
}

// How many cells of the similarity tables one extraction may fill: beyond it
// (thousands of blocks all rewritten) the rest are new blocks, whatever the
// machine's speed.
constexpr std::size_t kComparisonBudget = 200'000'000;

struct Pairing {
  double similarity;
  std::size_t now, before;
};

// The changed blocks paired with vanished ones of their kind at least
// kSimilarBlock alike, the most similar first (then in document order).
std::vector<Pairing> similar_pairs(const std::vector<Segment*>& now,
                                   const std::vector<const Segment*>& before,
                                   const std::vector<bool>& now_done,
                                   const std::vector<bool>& before_done) {
  std::vector<std::vector<std::string>> now_tokens(now.size()), before_tokens(before.size());
  for (std::size_t i = 0; i < now.size(); ++i)
    if (!now_done[i]) now_tokens[i] = comparable_words(readable_text(now[i]->kind, now[i]->text));
  for (std::size_t j = 0; j < before.size(); ++j)
    if (!before_done[j])
      before_tokens[j] = comparable_words(readable_text(before[j]->kind, before[j]->text));
  std::vector<Pairing> found;
  std::size_t budget = kComparisonBudget;
  for (std::size_t i = 0; i < now.size(); ++i) {
    if (now_done[i]) continue;
    const std::size_t a = now_tokens[i].size();
    for (std::size_t j = 0; j < before.size(); ++j) {
      if (before_done[j] || before[j]->kind != now[i]->kind) continue;
      const std::size_t b = before_tokens[j].size();
      // Twice the shorter over both bounds the similarity.
      if (a + b == 0 || 2.0 * std::min(a, b) < kSimilarBlock * static_cast<double>(a + b)) continue;
      if (a * b > budget) continue;
      budget -= a * b;
      const double similarity = token_similarity(now_tokens[i], before_tokens[j]);
      if (similarity >= kSimilarBlock) found.push_back({similarity, i, j});
    }
  }
  std::sort(found.begin(), found.end(), [](const Pairing& x, const Pairing& y) {
    return std::tie(y.similarity, x.now, x.before) < std::tie(x.similarity, y.now, y.before);
  });
  return found;
}

}  // namespace

int assign_segment_ids(std::vector<Segment>& segments, const std::vector<Segment>& previous,
                       int first_free) {
  std::vector<Segment*> now;
  std::vector<const Segment*> before;
  for (auto& s : segments)
    if (s.kind != SegmentKind::field) now.push_back(&s);
  int next = std::max(first_free, 1);
  std::set<std::string> seen;  // a template edited by hand may repeat an id
  for (const auto& s : previous)
    if (s.kind != SegmentKind::field && !s.id.empty() && seen.insert(s.id).second) {
      before.push_back(&s);
      next = std::max(next, id_number(s.id) + 1);
    }
  std::vector<bool> now_done(now.size(), false), before_done(before.size(), false);
  // Unchanged blocks keep their ids wherever they are; the same text twice
  // pairs in order.
  std::map<std::pair<SegmentKind, std::string_view>, std::vector<std::size_t>> by_text;
  for (std::size_t j = before.size(); j-- > 0;)
    by_text[{before[j]->kind, before[j]->text}].push_back(j);
  for (std::size_t i = 0; i < now.size(); ++i) {
    const auto it = by_text.find({now[i]->kind, now[i]->text});
    if (it == by_text.end() || it->second.empty()) continue;
    const std::size_t j = it->second.back();
    it->second.pop_back();
    now[i]->id = before[j]->id;
    now_done[i] = before_done[j] = true;
  }
  // Changed blocks: the most similar pairs first, each block once.
  for (const auto& p : similar_pairs(now, before, now_done, before_done)) {
    if (now_done[p.now] || before_done[p.before]) continue;
    now[p.now]->id = before[p.before]->id;
    now_done[p.now] = before_done[p.before] = true;
  }
  for (std::size_t i = 0; i < now.size(); ++i)
    if (!now_done[i])
      now[i]->id = std::string(segment_kind_name(now[i]->kind)) + "-" + std::to_string(next++);
  return next;
}

}  // namespace pp
