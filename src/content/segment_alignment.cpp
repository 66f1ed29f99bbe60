// Which block of a Markdown translation translates which block of its source
// (`i18n extract --articles --from-translation`).
#include <algorithm>
#include <map>
#include <set>

#include "content/html_sanitizer.h"
#include "content/segments.h"

namespace pp {

namespace {

// What a translation must keep of its block: its {{…}} tokens and the
// number of links and images.
std::pair<std::multiset<std::string>, std::size_t> fixed_parts(const std::string& text) {
  std::multiset<std::string> tokens;
  for (std::size_t at = 0; (at = text.find("{{", at)) != std::string::npos;) {
    const auto end = text.find("}}", at);
    if (end == std::string::npos) break;
    tokens.insert(text.substr(at, end + 2 - at));
    at = end + 2;
  }
  std::size_t links = 0;
  for (std::size_t at = 0; (at = text.find("](", at)) != std::string::npos; at += 2) ++links;
  return {tokens, links};
}

}  // namespace

std::vector<AlignedSegment> align_translation(const std::vector<Segment>& source,
                                              const std::vector<Segment>& translation) {
  std::vector<AlignedSegment> out(source.size());
  std::map<std::string, const Segment*> fields;
  // A note's paragraphs, by its label: notes are listed in the order they
  // are first called, which a translation may change.
  std::map<std::string, std::vector<const Segment*>> notes;
  std::vector<const Segment*> t;
  for (const auto& s : translation)
    if (s.kind == SegmentKind::field)
      fields[s.id] = &s;
    else if (s.kind == SegmentKind::footnote)
      notes[s.label].push_back(&s);
    else
      t.push_back(&s);
  std::map<std::string, std::size_t> note_paragraphs;  // of each note, passed
  std::vector<std::size_t> s_body;
  for (std::size_t i = 0; i < source.size(); ++i) {
    if (source[i].kind == SegmentKind::field) {
      const auto it = fields.find(source[i].id);
      if (it != fields.end()) out[i] = {it->second, true};
    } else if (source[i].kind == SegmentKind::footnote) {
      const auto& theirs = notes[source[i].label];
      const std::size_t k = note_paragraphs[source[i].label]++;
      if (k < theirs.size())
        out[i] = {theirs[k], fixed_parts(source[i].text) == fixed_parts(theirs[k]->text)};
    } else {
      s_body.push_back(i);
    }
  }
  // The longest common subsequence of the two sequences of kinds.
  const std::size_t n = s_body.size(), m = t.size();
  if (n * m > 4'000'000) return out;  // too long to align: nothing seeded
  std::vector<std::vector<unsigned>> lcs(n + 1, std::vector<unsigned>(m + 1, 0));
  for (std::size_t i = n; i-- > 0;)
    for (std::size_t j = m; j-- > 0;)
      lcs[i][j] = source[s_body[i]].kind == t[j]->kind ? lcs[i + 1][j + 1] + 1
                                                       : std::max(lcs[i + 1][j], lcs[i][j + 1]);
  std::map<SegmentKind, int> s_seen, t_seen;  // blocks of each kind passed
  for (std::size_t i = 0, j = 0; i < n && j < m;) {
    const Segment& s = source[s_body[i]];
    if (s.kind == t[j]->kind) {
      // Sure when it is the k-th block of its kind on both sides and keeps
      // the same tokens and links (a raw HTML block: its tags).
      const bool sure =
          s_seen[s.kind] == t_seen[s.kind] && fixed_parts(s.text) == fixed_parts(t[j]->text) &&
          (s.kind != SegmentKind::html || raw_html_tags(s.text) == raw_html_tags(t[j]->text));
      out[s_body[i]] = {t[j], sure};
      ++s_seen[s.kind];
      ++t_seen[s.kind];
      ++i;
      ++j;
    } else if (lcs[i + 1][j] >= lcs[i][j + 1]) {
      ++s_seen[s.kind];
      ++i;
    } else {
      ++t_seen[t[j]->kind];
      ++j;
    }
  }
  return out;
}

}  // namespace pp
