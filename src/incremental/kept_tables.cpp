// The per-bundle tables of .polypress/build.sqlite: each bundle's kept checks
// (docs/incremental.md, "Checks") and the pieces of feeds and of the sitemap
// made from it ("Feeds and the sitemap").
#include <algorithm>
#include <map>

#include "core/digest.h"
#include "core/json_text.h"
#include "incremental/state_db.h"

namespace pp {

// Names one per line, findings as JSON (empty when none).
void read_checked_bundles(sqlite3* db, CheckCache& cache) {
  sqlite3_stmt* st = nullptr;
  if (sqlite3_prepare_v2(db, "SELECT bundle, key, face, names, findings FROM checked", -1, &st,
                         nullptr) == SQLITE_OK) {
    while (sqlite3_step(st) == SQLITE_ROW) {
      CheckedBundle c{column_text(st, 1), column_text(st, 2), {}, {}};
      const std::string bundle = column_text(st, 0), names = column_text(st, 3);
      // Checks damaged anywhere are no checks: the bundle is checked again.
      const auto findings = row_unsealed({bundle, c.key, c.face, names}, column_text(st, 4));
      if (!findings) continue;
      for (std::size_t at = 0; at < names.size();) {
        const std::size_t end = std::min(names.find('\n', at), names.size());
        c.names.push_back(names.substr(at, end - at));
        at = end + 1;
      }
      if (!findings->empty())
        c.findings = findings_from_json(nlohmann::json::parse(*findings, nullptr, false));
      cache.bundles.emplace(bundle, std::move(c));
    }
  }
  sqlite3_finalize(st);
}

bool write_checked_bundles(sqlite3* db, const IncrementalUpdate& u) {
  std::size_t i = 0;
  std::string names, findings;
  return run_each(db,
                  "INSERT OR REPLACE INTO checked (bundle, key, face, names, findings) VALUES "
                  "(?, ?, ?, ?, ?)",
                  [&](sqlite3_stmt* s) {
                    if (i == u.checks.size()) return false;
                    const auto& [id, c] = u.checks[i++];
                    names.clear();
                    for (const auto& n : c.names) names += (names.empty() ? "" : "\n") + n;
                    findings =
                        row_sealed({id, c.key, c.face, names},
                                   c.findings.empty() ? "" : json_text(findings_json(c.findings)));
                    bind_text(s, 1, id);
                    bind_text(s, 2, c.key);
                    bind_text(s, 3, c.face);
                    bind_text(s, 4, names);
                    bind_text(s, 5, findings);
                    return true;
                  }) &&
         run_for_each(db, "DELETE FROM checked WHERE bundle = ?", u.removed_checks);
}

const std::string* KeptEntries::find(const std::string& key, const std::string& digest) {
  std::call_once(read_, [this] {
    Db d;
    sqlite3_stmt* st = nullptr;
    if (root_.empty() || !open_db(root_, d, false) ||
        sqlite3_prepare_v2(d.db, "SELECT key, digest, xml FROM entries", -1, &st, nullptr) !=
            SQLITE_OK)
      return;
    // A piece whose seal does not match (a damaged state file) is made anew.
    while (sqlite3_step(st) == SQLITE_ROW)
      if (const std::string xml = column_text(st, 2); const auto piece = unsealed(xml))
        kept_.emplace(column_text(st, 0), std::make_pair(column_text(st, 1), std::string(*piece)));
    sqlite3_finalize(st);
  });
  const auto it = kept_.find(key);
  return it != kept_.end() && it->second.first == digest ? &it->second.second : nullptr;
}

void KeptEntries::add(const std::string& key, const std::string& bundle, const std::string& digest,
                      const std::string& xml) {
  // A build without an earlier one's state (the first, or one under a new
  // configuration) keeps nothing: a clean build does not pay for pieces only
  // later builds use; the next build that renders a feed keeps them.
  if (root_.empty()) return;
  std::lock_guard<std::mutex> lock(mutex_);
  // A piece shown by several feeds (a language's and its tags') is kept once.
  if (made_keys_.insert(key).second) made_.push_back({key, bundle, digest, sealed(xml)});
}

std::vector<KeptEntries::Made> KeptEntries::take_made() {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<Made> out = std::move(made_);
  made_.clear();
  made_keys_.clear();
  std::sort(out.begin(), out.end(), [](const Made& a, const Made& b) { return a.key < b.key; });
  return out;
}

bool write_kept_entries(sqlite3* db, const IncrementalUpdate& u) {
  std::size_t i = 0;
  return run_each(db,
                  "INSERT OR REPLACE INTO entries (key, bundle, digest, xml) VALUES (?, ?, ?, ?)",
                  [&](sqlite3_stmt* s) {
                    if (i == u.entries.size()) return false;
                    const auto& e = u.entries[i++];
                    bind_text(s, 1, e.key);
                    bind_text(s, 2, e.bundle);
                    bind_text(s, 3, e.digest);
                    bind_text(s, 4, e.xml);
                    return true;
                  }) &&
         run_for_each(db, "DELETE FROM entries WHERE bundle = ?", u.removed_checks);
}

}  // namespace pp
