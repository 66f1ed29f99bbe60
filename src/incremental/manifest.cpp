// The state incremental builds keep in .polypress/build.sqlite: the record of
// the last successful build (when nothing changed since, `build` renders and
// writes nothing), a record per output, the parse of every article, and the
// files written into the output folders.
#include "core/json_text.h"
#include "core/site_layout.h"
#include "incremental/incremental.h"
#include "incremental/state_db.h"

#include <sqlite3.h>
#include <sys/stat.h>
#include <tbb/parallel_for.h>
#include <unistd.h>

#include <algorithm>
#include <functional>
#include <nlohmann/json.hpp>
#include <thread>

#include "core/digest.h"
#include "core/safe_fs.h"
#include "core/state_folder.h"

namespace pp {

namespace fs = std::filesystem;

namespace {

// The site's folder, absolute and normal, with a final slash.
std::string site_prefix(const fs::path& root) {
  std::error_code ec;
  std::string s = fs::absolute(root, ec).lexically_normal().string();
  if (s.empty() || s.back() != '/') s += '/';
  return s;
}

// A path in the site's folder is stored relative to it, so that the record
// still holds after the folder is moved, renamed or reached by another path
// (an output folder outside the site stays absolute).
std::string stored_path(const std::string& prefix, const std::string& path) {
  if (path.size() > prefix.size() && path.compare(0, prefix.size(), prefix) == 0)
    return path.substr(prefix.size());
  return path;
}

// The absolute path of a stored one.
std::string resolved_path(const std::string& prefix, std::string stored) {
  return stored.starts_with('/') ? stored : prefix + stored;
}

}  // namespace

IncrementalState read_incremental_state(const fs::path& root, const std::string& identity,
                                        const std::vector<std::string>& folders) {
  IncrementalState state;
  Db d;
  if (!open_db(root, d, false)) return state;
  const std::string kept = kept_identity(d.db);
  if (kept != identity) {
    state.other_identity = !kept.empty();
    return state;
  }
  // The parse cache is read on a second connection meanwhile. Both tables are
  // caches checked entry by entry (stamps, digests), so the two reads need not
  // be one snapshot.
  std::thread articles([&] {
    Db a;
    sqlite3_stmt* s = nullptr;
    if (!open_db(root, a, false) ||
        sqlite3_prepare_v2(a.db, "SELECT path, stamp, data FROM articles", -1, &s, nullptr) !=
            SQLITE_OK)
      return;
    state.articles.entries.reserve(row_count(a.db, "articles"));
    while (sqlite3_step(s) == SQLITE_ROW) {
      const auto* blob = static_cast<const char*>(sqlite3_column_blob(s, 2));
      std::string data(blob ? blob : "", static_cast<std::size_t>(sqlite3_column_bytes(s, 2)));
      state.articles.entries.emplace(column_text(s, 0),
                                     ParseCache::Entry{column_text(s, 1), std::move(data)});
    }
    sqlite3_finalize(s);
  });
  const std::string prefix = site_prefix(root);
  // Each folder's records are the paths from "<folder>/" up to "<folder>0"
  // ('0' follows '/'), as stored: relative to the site inside it.
  std::string sql = "SELECT path, dependencies, digest, state, findings FROM outputs";
  std::vector<std::string> bounds;
  for (const auto& f : folders) {
    const std::string from = stored_path(prefix, f + "/");
    bounds.push_back(from);
    bounds.push_back(from.substr(0, from.size() - 1) + "0");
    // "+path": the table is read in its order, without a lookup through the
    // path's index for each of 50,000 rows.
    sql += (bounds.size() == 2 ? " WHERE " : " OR ") + std::string("(+path >= ? AND +path < ?)");
  }
  sqlite3_stmt* st = nullptr;
  state.outputs.reserve(row_count(d.db, "outputs"));
  if (sqlite3_prepare_v2(d.db, sql.c_str(), -1, &st, nullptr) == SQLITE_OK) {
    for (std::size_t i = 0; i < bounds.size(); ++i)
      sqlite3_bind_text(st, static_cast<int>(i + 1), bounds[i].c_str(), -1, SQLITE_STATIC);
    while (sqlite3_step(st) == SQLITE_ROW) {
      OutputRecord r;
      const std::string path = column_text(st, 0);
      r.dependencies = column_text(st, 1);
      r.digest = column_text(st, 2);
      r.state = column_text(st, 3);
      // A record damaged anywhere is no record: its output is made again.
      const auto findings =
          row_unsealed({path, r.dependencies, r.digest, r.state}, column_text(st, 4));
      if (!findings) continue;
      if (!findings->empty())
        r.findings = findings_from_json(nlohmann::json::parse(*findings, nullptr, false));
      state.outputs.emplace(resolved_path(prefix, path), std::move(r));
    }
  }
  sqlite3_finalize(st);
  read_checked_bundles(d.db, state.checks);
  state.entries = std::make_unique<KeptEntries>(root);
  articles.join();
  return state;
}

std::string write_incremental_state(const fs::path& root, const std::string& identity,
                                    const IncrementalUpdate& u) {
  Db d;
  if (std::string error = begin_write(root, d); !error.empty()) return error;
  const std::string kept = kept_identity(d.db);
  bool ok = true;
  if (kept != identity)
    ok = sqlite3_exec(d.db,
                      "DELETE FROM outputs; DELETE FROM articles; DELETE FROM checked; "
                      "DELETE FROM entries;",
                      nullptr, nullptr, nullptr) == SQLITE_OK &&
         run_each(d.db, "INSERT OR REPLACE INTO build (key, value) VALUES ('identity', ?)",
                  [&, done = false](sqlite3_stmt* s) mutable {
                    if (done) return false;
                    bind_text(s, 1, identity);
                    return done = true;
                  });
  std::size_t i = 0;
  std::string findings, path;  // bound as SQLITE_STATIC: live until the row is written
  const std::string prefix = site_prefix(root);
  ok = ok && run_each(d.db,
                      "INSERT OR REPLACE INTO outputs (path, dependencies, digest, state, "
                      "findings) VALUES (?, ?, ?, ?, ?)",
                      [&](sqlite3_stmt* s) {
                        if (i == u.outputs.size()) return false;
                        const auto& [file, r] = u.outputs[i++];
                        path = stored_path(prefix, file);
                        findings = row_sealed(
                            {path, r.dependencies, r.digest, r.state},
                            r.findings.empty() ? "" : json_text(findings_json(r.findings)));
                        bind_text(s, 1, path);
                        bind_text(s, 2, r.dependencies);
                        bind_text(s, 3, r.digest);
                        bind_text(s, 4, r.state);
                        bind_text(s, 5, findings);
                        return true;
                      });
  std::vector<std::string> removed;
  for (const auto& p : u.removed_outputs) removed.push_back(stored_path(prefix, p));
  ok = ok && run_for_each(d.db, "DELETE FROM outputs WHERE path = ?", removed);
  i = 0;
  ok = ok && run_each(d.db, "INSERT OR REPLACE INTO articles (path, stamp, data) VALUES (?, ?, ?)",
                      [&](sqlite3_stmt* s) {
                        if (i == u.articles.size()) return false;
                        const auto& [path, e] = u.articles[i++];
                        bind_text(s, 1, path);
                        bind_text(s, 2, e.stamp);
                        sqlite3_bind_blob(s, 3, e.data.data(), static_cast<int>(e.data.size()),
                                          SQLITE_STATIC);
                        return true;
                      });
  ok = ok && run_for_each(d.db, "DELETE FROM articles WHERE path = ?", u.removed_articles);
  ok = ok && write_checked_bundles(d.db, u) && write_kept_entries(d.db, u);
  return end_write(root, d, ok);
}

void apply_update(IncrementalState& state, const IncrementalUpdate& u, const fs::path& root) {
  state.other_identity = false;
  for (const auto& [file, record] : u.outputs) state.outputs.insert_or_assign(file, record);
  for (const auto& file : u.removed_outputs) state.outputs.erase(file);
  for (const auto& [path, entry] : u.articles) state.articles.entries.insert_or_assign(path, entry);
  for (const auto& path : u.removed_articles) state.articles.entries.erase(path);
  state.articles.added.clear();
  for (const auto& [id, checked] : u.checks) state.checks.bundles.insert_or_assign(id, checked);
  for (const auto& id : u.removed_checks) state.checks.bundles.erase(id);
  state.checks.added.clear();
  state.entries = std::make_unique<KeptEntries>(root);
  if (state.index) {
    for (const auto& [file, record] : u.outputs) state.index->index(file, record.dependencies);
    for (const auto& file : u.removed_outputs) state.index->forget(file);
  }
}

std::optional<BuildRecord> read_build_record(const fs::path& root) {
  Db d;
  if (!open_db(root, d, false)) return std::nullopt;
  sqlite3_stmt* st = nullptr;
  if (sqlite3_prepare_v2(d.db, "SELECT value FROM build WHERE key = 'record'", -1, &st, nullptr) !=
      SQLITE_OK)
    return std::nullopt;
  std::optional<BuildRecord> out;
  if (sqlite3_step(st) == SQLITE_ROW) {
    // A record damaged anywhere is no record (the build is a real one).
    const std::string stored = column_text(st, 0);
    const auto text = unsealed(stored);
    const auto j = nlohmann::json::parse(text ? *text : "", nullptr, false);
    if (j.is_object()) {
      BuildRecord r;
      r.inputs = j.value("inputs", "");
      r.options = j.value("options", "");
      r.outputs_state = j.value("outputs_state", "");
      r.findings = findings_from_json(j.value("findings", nlohmann::json::array()));
      if (const auto next = j.find("next_change"); next != j.end() && next->is_number())
        r.next_change_ms = next->get<double>();
      if (const auto at = j.find("built"); at != j.end() && at->is_number())
        r.built_ms = at->get<double>();
      out = std::move(r);
    }
  }
  sqlite3_finalize(st);
  return out;
}

std::string write_build_record(const fs::path& root, const BuildRecord& r) {
  Db d;
  if (std::string error = begin_write(root, d); !error.empty()) return error;
  const nlohmann::json findings = findings_json(r.findings);
  nlohmann::json record{{"inputs", r.inputs},
                        {"options", r.options},
                        {"outputs_state", r.outputs_state},
                        {"findings", findings}};
  if (r.next_change_ms) record["next_change"] = *r.next_change_ms;
  if (r.built_ms) record["built"] = *r.built_ms;
  const std::string value = sealed(json_text(record));
  // The list of outputs apart: it is read only when everything else matches.
  std::string outputs;
  for (const auto& p : r.outputs) outputs += p + "\n";
  const std::string keys[] = {"record", "record-outputs"};
  const std::string* values[] = {&value, &outputs};
  int row = 0;
  const bool ok = run_each(d.db, "INSERT OR REPLACE INTO build (key, value) VALUES (?, ?)",
                           [&](sqlite3_stmt* s) {
                             if (row == 2) return false;
                             bind_text(s, 1, keys[row]);
                             bind_text(s, 2, *values[row]);
                             ++row;
                             return true;
                           });
  return end_write(root, d, ok);
}

std::vector<std::string> read_build_outputs(const fs::path& root) {
  std::vector<std::string> out;
  Db d;
  if (!open_db(root, d, false)) return out;
  sqlite3_stmt* st = nullptr;
  if (sqlite3_prepare_v2(d.db, "SELECT value FROM build WHERE key = 'record-outputs'", -1, &st,
                         nullptr) == SQLITE_OK &&
      sqlite3_step(st) == SQLITE_ROW) {
    const std::string all = column_text(st, 0);
    for (std::size_t at = 0; at < all.size();) {
      const auto nl = std::min(all.find('\n', at), all.size());
      out.push_back(all.substr(at, nl - at));
      at = nl + 1;
    }
  }
  sqlite3_finalize(st);
  return out;
}

void clear_build_record(const fs::path& root) {
  Db d;
  if (!open_db(root, d, false)) return;
  sqlite3_exec(d.db, "DELETE FROM build WHERE key IN ('record', 'record-outputs')", nullptr,
               nullptr, nullptr);
}

std::string repair_build_state(const fs::path& root) {
  Db d;
  if (file_kind(db_path(root)) != FileKind::regular) return "";
  sqlite3_stmt* st = nullptr;
  // Opening reads the header and the schema; one look into the tables reads
  // their first pages.
  const bool ok =
      open_db(root, d, false) &&
      sqlite3_prepare_v2(d.db, "SELECT count(*) FROM build", -1, &st, nullptr) == SQLITE_OK &&
      sqlite3_step(st) == SQLITE_ROW;
  sqlite3_finalize(st);
  if (ok || !d.db || !damaged(sqlite3_extended_errcode(d.db) & 0xff)) return "";
  return "was damaged (" + failure(root, d) + ")";
}

std::unordered_map<std::string, WrittenFile> read_written_files(const fs::path& root) {
  std::unordered_map<std::string, WrittenFile> out;
  Db d;
  if (!open_db(root, d, false)) return out;
  const std::string prefix = site_prefix(root);
  sqlite3_stmt* st = nullptr;
  out.reserve(row_count(d.db, "written"));
  if (sqlite3_prepare_v2(d.db, "SELECT path, state, made_by FROM written", -1, &st, nullptr) ==
      SQLITE_OK)
    while (sqlite3_step(st) == SQLITE_ROW)
      out.emplace(resolved_path(prefix, column_text(st, 0)),
                  WrittenFile{column_text(st, 1), column_text(st, 2)});
  sqlite3_finalize(st);
  return out;
}

std::unordered_map<std::string, std::string> read_listed_folders(const fs::path& root) {
  std::unordered_map<std::string, std::string> out;
  Db d;
  if (!open_db(root, d, false)) return out;
  sqlite3_stmt* st = nullptr;
  const std::string prefix = site_prefix(root);
  out.reserve(row_count(d.db, "listed"));
  if (sqlite3_prepare_v2(d.db, "SELECT path, stamp FROM listed", -1, &st, nullptr) == SQLITE_OK)
    while (sqlite3_step(st) == SQLITE_ROW)
      out.emplace(resolved_path(prefix, column_text(st, 0)), column_text(st, 1));
  sqlite3_finalize(st);
  return out;
}

std::string record_written_files(const fs::path& root,
                                 const std::vector<std::pair<std::string, WrittenFile>>& files,
                                 const std::vector<std::string>& forgotten,
                                 const ListedFolderChanges& folders) {
  Db d;
  if (std::string error = begin_write(root, d); !error.empty()) return error;
  const std::string prefix = site_prefix(root);
  const auto stored = [&](const std::vector<std::string>& paths) {
    std::vector<std::string> out;
    out.reserve(paths.size());
    for (const auto& p : paths) out.push_back(stored_path(prefix, p));
    return out;
  };
  std::size_t i = 0;
  std::string key;  // bound as SQLITE_STATIC: lives until the row is written
  bool ok = run_each(d.db, "INSERT OR REPLACE INTO written (path, state, made_by) VALUES (?, ?, ?)",
                     [&](sqlite3_stmt* s) {
                       if (i == files.size()) return false;
                       key = stored_path(prefix, files[i].first);
                       bind_text(s, 1, key);
                       bind_text(s, 2, files[i].second.state);
                       bind_text(s, 3, files[i].second.made_by);
                       ++i;
                       return true;
                     });
  ok = ok && run_for_each(d.db, "DELETE FROM written WHERE path = ?", stored(forgotten));
  i = 0;
  ok = ok && run_each(d.db, "INSERT OR REPLACE INTO listed (path, stamp) VALUES (?, ?)",
                      [&](sqlite3_stmt* s) {
                        if (i == folders.listed.size()) return false;
                        key = stored_path(prefix, folders.listed[i].first);
                        bind_text(s, 1, key);
                        bind_text(s, 2, folders.listed[i].second);
                        ++i;
                        return true;
                      });
  ok = ok && run_for_each(d.db, "DELETE FROM listed WHERE path = ?", stored(folders.forgotten));
  return end_write(root, d, ok);
}

}  // namespace pp
