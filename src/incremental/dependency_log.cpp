// What one output read while it was rendered, so the next build can tell
// whether it would come out the same without rendering it.
#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>

#include "core/digest.h"
#include "incremental/incremental.h"

namespace pp {

namespace {

thread_local DependencyLog* current = nullptr;
// How many RecordingPhases live (a process renders one build at a time, but
// a test may nest them).
std::atomic<int> phases{0};

// A read no record holds: in a strict build, the bug it is, said and stopped.
[[noreturn]] void unrecorded(const std::string& what) {
  std::fprintf(stderr, "polypress: internal error: %s\n", what.c_str());
  std::abort();
}

// One key's line in the text a dependencies digest is taken of.
void append_key_line(std::string& s, std::string_view text, std::string_view value) {
  s.append(text).append("=").append(value) += '\n';
}

}  // namespace

void DependencyLog::record(DependencyKey key) {
  if (!keys_.empty() && keys_.back() == key) return;
  keys_.push_back(std::move(key));
}

std::vector<DependencyKey> DependencyLog::keys() const {
  // Sorted by the stored form, so that a record's text (and its digest) does
  // not depend on the order things were read in.
  std::vector<std::pair<std::string, const DependencyKey*>> by_text;
  by_text.reserve(keys_.size());
  for (const auto& k : keys_) by_text.emplace_back(k.text(), &k);
  std::sort(by_text.begin(), by_text.end());
  std::vector<DependencyKey> out;
  for (std::size_t i = 0; i < by_text.size(); ++i)
    if (i == 0 || by_text[i].first != by_text[i - 1].first) out.push_back(*by_text[i].second);
  return out;
}

DependencyScope::DependencyScope(DependencyLog& log) : previous_(current) {
  current = &log;
}

DependencyScope::~DependencyScope() {
  current = previous_;
}

bool strict_reads() {
#ifdef POLYPRESS_STRICT_READS
  return true;
#else
  return false;
#endif
}

void record_dependency(DependencyKey key) {
  if (current)
    current->record(std::move(key));
  else if (strict_reads() && phases.load() > 0)
    unrecorded("'" + key.text() + "' read outside an output's record while outputs render");
}

void record_dependencies(const std::vector<DependencyKey>& keys) {
  for (const auto& k : keys) record_dependency(k);
}

RecordingPhase::RecordingPhase() {
  ++phases;
}

RecordingPhase::~RecordingPhase() {
  --phases;
}

void expect_no_reads(const DependencyLog& log, const char* what) {
  if (strict_reads() && !log.recorded().empty())
    unrecorded(std::string(what) + " read '" + log.recorded().front().text() +
               "', which no record would hold when it is reused");
}

std::string dependencies_digest(const DependencyValues& values, const std::string& global,
                                const std::vector<DependencyKey>& keys) {
  std::string s = global + "\n";
  for (const auto& k : keys) append_key_line(s, k.text(), values.value(k));
  return git_blob_id(s);
}

std::string dependencies_digest(
    const std::string& global,
    const std::vector<std::pair<std::string_view, std::string_view>>& keys_and_values) {
  std::string s = global + "\n";
  for (const auto& [text, value] : keys_and_values) append_key_line(s, text, value);
  return git_blob_id(s);
}

}  // namespace pp
