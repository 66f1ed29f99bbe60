// The state incremental builds keep in .polypress/build.sqlite: the record of
// the last successful build (when nothing changed since, `build` renders and
// writes nothing), a record per output, the parse of every article, and the
// files written into the output folders.
#include "core/json_text.h"
#include "core/site_layout.h"
#include "incremental/incremental.h"

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

struct Db {
  sqlite3* db = nullptr;
  ~Db() {
    if (db) sqlite3_close(db);
  }
};

fs::path db_path(const fs::path& root) {
  return root / kBuildStatePath;
}

bool damaged(int code) {
  return code == SQLITE_CORRUPT || code == SQLITE_NOTADB;
}

// Opens .polypress/build.sqlite (made when `create`) with its tables; false
// with `error` (SQLite's words) when it cannot. The file and the folder are
// never reached through a link.
bool open_db(const fs::path& root, Db& d, bool create, std::string* error = nullptr) {
  const fs::path file = db_path(root);
  std::string why;
  if (create && !make_state_folder(root, {}, why)) {
    if (error) *error = why;
    return false;
  }
  if (!create && file_kind(file) != FileKind::regular) return false;
  const int flags = (create ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE : SQLITE_OPEN_READWRITE) |
                    SQLITE_OPEN_NOFOLLOW;
  int rc = sqlite3_open_v2(file.c_str(), &d.db, flags, nullptr);
  if (rc == SQLITE_OK) {
    sqlite3_busy_timeout(d.db, 5000);
    rc = sqlite3_exec(d.db,
                      "CREATE TABLE IF NOT EXISTS build (key TEXT PRIMARY KEY, value TEXT);"
                      "CREATE TABLE IF NOT EXISTS outputs (path TEXT PRIMARY KEY, dependencies "
                      "TEXT, digest TEXT, state TEXT, findings TEXT);"
                      "CREATE TABLE IF NOT EXISTS articles (path TEXT PRIMARY KEY, stamp TEXT, "
                      "data BLOB);"
                      "CREATE TABLE IF NOT EXISTS written (path TEXT PRIMARY KEY, state TEXT, "
                      "made_by TEXT);"
                      "CREATE TABLE IF NOT EXISTS listed (path TEXT PRIMARY KEY, stamp TEXT);"
                      "CREATE TABLE IF NOT EXISTS checked (bundle TEXT PRIMARY KEY, key TEXT, "
                      "face TEXT, names TEXT, findings TEXT);",
                      nullptr, nullptr, nullptr);
  }
  if (rc == SQLITE_OK) return true;
  if (error) *error = d.db ? sqlite3_errmsg(d.db) : sqlite3_errstr(rc);
  return false;
}

// Removes the manifest and its journals (regular files only: a link is never
// followed or removed).
void discard_db(const fs::path& root) {
  for (const char* suffix : {"", "-journal", "-wal", "-shm"}) {
    const fs::path f = db_path(root).string() + suffix;
    if (file_kind(f) == FileKind::regular) ::unlink(f.c_str());
  }
}

// Why the manifest cannot be written: SQLite's words for the last failure.
// A damaged manifest is removed, so that the next build makes it anew
// instead of failing on it for ever.
std::string failure(const fs::path& root, Db& d) {
  std::string why = d.db ? sqlite3_errmsg(d.db) : "cannot be opened";
  const bool broken = d.db && damaged(sqlite3_extended_errcode(d.db) & 0xff);
  if (d.db) sqlite3_exec(d.db, "ROLLBACK", nullptr, nullptr, nullptr);
  if (!broken) return why;
  sqlite3_close(d.db);
  d.db = nullptr;
  discard_db(root);
  return why + "; it was removed, and the next build makes it anew";
}

// Opens the manifest to write it in one transaction; "" or why not.
std::string begin_write(const fs::path& root, Db& d) {
  std::string error;
  if (!open_db(root, d, true, &error)) return d.db ? failure(root, d) : error;
  if (sqlite3_exec(d.db, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr) != SQLITE_OK)
    return failure(root, d);
  return "";
}

// Commits what `ok` says went through; "" or why it could not be written.
std::string end_write(const fs::path& root, Db& d, bool ok) {
  if (ok && sqlite3_exec(d.db, "COMMIT", nullptr, nullptr, nullptr) == SQLITE_OK) return "";
  return failure(root, d);
}

nlohmann::json findings_json(const std::vector<Diagnostic>& findings) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& f : findings)
    out.push_back({{"file", f.where.path},
                   {"line", f.where.line},
                   {"column", f.where.column},
                   {"severity", severity_name(f.severity)},
                   {"rule", f.rule},
                   {"message", f.message}});
  return out;
}

std::vector<Diagnostic> findings_from_json(const nlohmann::json& j) {
  std::vector<Diagnostic> out;
  if (!j.is_array()) return out;
  for (const auto& f : j) {
    if (!f.is_object()) continue;
    const std::string severity = f.value("severity", "");
    out.push_back({{f.value("file", ""), f.value("line", 0), f.value("column", 0)},
                   severity == "error"     ? Severity::error
                   : severity == "warning" ? Severity::warning
                                           : Severity::note,
                   f.value("rule", ""),
                   f.value("message", "")});
  }
  return out;
}

std::string column_text(sqlite3_stmt* st, int i) {
  const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(st, i));
  return p ? std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(st, i))) : "";
}

// Runs `sql` with `bind` filling its parameters, once per call of `bind` that
// returns true.
bool run_each(sqlite3* db, const char* sql, const std::function<bool(sqlite3_stmt*)>& bind) {
  sqlite3_stmt* st = nullptr;
  if (sqlite3_prepare_v2(db, sql, -1, &st, nullptr) != SQLITE_OK) return false;
  bool ok = true;
  while (ok && bind(st)) {
    ok = sqlite3_step(st) == SQLITE_DONE;
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
  }
  sqlite3_finalize(st);
  return ok;
}

// The identity the kept incremental state belongs to ("" when none).
std::string kept_identity(sqlite3* db) {
  sqlite3_stmt* st = nullptr;
  std::string kept;
  if (sqlite3_prepare_v2(db, "SELECT value FROM build WHERE key = 'identity'", -1, &st, nullptr) ==
          SQLITE_OK &&
      sqlite3_step(st) == SQLITE_ROW)
    kept = column_text(st, 0);
  sqlite3_finalize(st);
  return kept;
}

void bind_text(sqlite3_stmt* st, int i, const std::string& s) {
  sqlite3_bind_text(st, i, s.data(), static_cast<int>(s.size()), SQLITE_STATIC);
}

// Runs `sql`, a statement of one parameter, once for each of `texts`.
bool run_for_each(sqlite3* db, const char* sql, const std::vector<std::string>& texts) {
  std::size_t i = 0;
  return run_each(db, sql, [&](sqlite3_stmt* s) {
    if (i == texts.size()) return false;
    bind_text(s, 1, texts[i++]);
    return true;
  });
}

// The bundles' kept checks (docs/incremental.md, "Checks"): names one per
// line, findings as JSON (empty when none).
void read_checked_bundles(sqlite3* db, CheckCache& cache) {
  sqlite3_stmt* st = nullptr;
  if (sqlite3_prepare_v2(db, "SELECT bundle, key, face, names, findings FROM checked", -1, &st,
                         nullptr) == SQLITE_OK) {
    while (sqlite3_step(st) == SQLITE_ROW) {
      CheckedBundle c{column_text(st, 1), column_text(st, 2), {}, {}};
      const std::string names = column_text(st, 3), findings = column_text(st, 4);
      for (std::size_t at = 0; at < names.size();) {
        const std::size_t end = std::min(names.find('\n', at), names.size());
        c.names.push_back(names.substr(at, end - at));
        at = end + 1;
      }
      if (!findings.empty())
        c.findings = findings_from_json(nlohmann::json::parse(findings, nullptr, false));
      cache.bundles.emplace(column_text(st, 0), std::move(c));
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
                    findings = c.findings.empty() ? "" : json_text(findings_json(c.findings));
                    bind_text(s, 1, id);
                    bind_text(s, 2, c.key);
                    bind_text(s, 3, c.face);
                    bind_text(s, 4, names);
                    bind_text(s, 5, findings);
                    return true;
                  }) &&
         run_for_each(db, "DELETE FROM checked WHERE bundle = ?", u.removed_checks);
}

}  // namespace

IncrementalState read_incremental_state(const fs::path& root, const std::string& identity) {
  IncrementalState state;
  Db d;
  if (!open_db(root, d, false)) return state;
  const std::string kept = kept_identity(d.db);
  if (kept != identity) return state;
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
    while (sqlite3_step(s) == SQLITE_ROW) {
      const auto* blob = static_cast<const char*>(sqlite3_column_blob(s, 2));
      std::string data(blob ? blob : "", static_cast<std::size_t>(sqlite3_column_bytes(s, 2)));
      state.articles.entries.emplace(column_text(s, 0),
                                     ParseCache::Entry{column_text(s, 1), std::move(data)});
    }
    sqlite3_finalize(s);
  });
  sqlite3_stmt* st = nullptr;
  if (sqlite3_prepare_v2(d.db, "SELECT path, dependencies, digest, state, findings FROM outputs",
                         -1, &st, nullptr) == SQLITE_OK) {
    while (sqlite3_step(st) == SQLITE_ROW) {
      OutputRecord r;
      r.dependencies = column_text(st, 1);
      r.digest = column_text(st, 2);
      r.state = column_text(st, 3);
      const std::string findings = column_text(st, 4);
      if (!findings.empty())
        r.findings = findings_from_json(nlohmann::json::parse(findings, nullptr, false));
      state.outputs.emplace(column_text(st, 0), std::move(r));
    }
  }
  sqlite3_finalize(st);
  read_checked_bundles(d.db, state.checks);
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
    ok = sqlite3_exec(d.db, "DELETE FROM outputs; DELETE FROM articles; DELETE FROM checked;",
                      nullptr, nullptr, nullptr) == SQLITE_OK &&
         run_each(d.db, "INSERT OR REPLACE INTO build (key, value) VALUES ('identity', ?)",
                  [&, done = false](sqlite3_stmt* s) mutable {
                    if (done) return false;
                    bind_text(s, 1, identity);
                    return done = true;
                  });
  std::size_t i = 0;
  std::string findings;
  ok = ok && run_each(d.db,
                      "INSERT OR REPLACE INTO outputs (path, dependencies, digest, state, "
                      "findings) VALUES (?, ?, ?, ?, ?)",
                      [&](sqlite3_stmt* s) {
                        if (i == u.outputs.size()) return false;
                        const auto& [path, r] = u.outputs[i++];
                        findings = r.findings.empty() ? "" : json_text(findings_json(r.findings));
                        bind_text(s, 1, path);
                        bind_text(s, 2, r.dependencies);
                        bind_text(s, 3, r.digest);
                        bind_text(s, 4, r.state);
                        bind_text(s, 5, findings);
                        return true;
                      });
  ok = ok && run_for_each(d.db, "DELETE FROM outputs WHERE path = ?", u.removed_outputs);
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
  ok = ok && write_checked_bundles(d.db, u);
  return end_write(root, d, ok);
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
    const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(st, 0));
    const auto j = nlohmann::json::parse(text ? text : "", nullptr, false);
    if (j.is_object()) {
      BuildRecord r;
      r.inputs = j.value("inputs", "");
      r.options = j.value("options", "");
      r.outputs_state = j.value("outputs_state", "");
      r.findings = findings_from_json(j.value("findings", nlohmann::json::array()));
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
  const std::string value = json_text(nlohmann::json{{"inputs", r.inputs},
                                                     {"options", r.options},
                                                     {"outputs_state", r.outputs_state},
                                                     {"findings", findings}});
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
  sqlite3_stmt* st = nullptr;
  if (sqlite3_prepare_v2(d.db, "SELECT path, state, made_by FROM written", -1, &st, nullptr) ==
      SQLITE_OK)
    while (sqlite3_step(st) == SQLITE_ROW)
      out.emplace(column_text(st, 0), WrittenFile{column_text(st, 1), column_text(st, 2)});
  sqlite3_finalize(st);
  return out;
}

std::unordered_map<std::string, std::string> read_listed_folders(const fs::path& root) {
  std::unordered_map<std::string, std::string> out;
  Db d;
  if (!open_db(root, d, false)) return out;
  sqlite3_stmt* st = nullptr;
  if (sqlite3_prepare_v2(d.db, "SELECT path, stamp FROM listed", -1, &st, nullptr) == SQLITE_OK)
    while (sqlite3_step(st) == SQLITE_ROW) out.emplace(column_text(st, 0), column_text(st, 1));
  sqlite3_finalize(st);
  return out;
}

std::string record_written_files(const fs::path& root,
                                 const std::vector<std::pair<std::string, WrittenFile>>& files,
                                 const std::vector<std::string>& forgotten,
                                 const ListedFolderChanges& folders) {
  Db d;
  if (std::string error = begin_write(root, d); !error.empty()) return error;
  std::size_t i = 0;
  bool ok = run_each(d.db, "INSERT OR REPLACE INTO written (path, state, made_by) VALUES (?, ?, ?)",
                     [&](sqlite3_stmt* s) {
                       if (i == files.size()) return false;
                       bind_text(s, 1, files[i].first);
                       bind_text(s, 2, files[i].second.state);
                       bind_text(s, 3, files[i].second.made_by);
                       ++i;
                       return true;
                     });
  ok = ok && run_for_each(d.db, "DELETE FROM written WHERE path = ?", forgotten);
  i = 0;
  ok = ok && run_each(d.db, "INSERT OR REPLACE INTO listed (path, stamp) VALUES (?, ?)",
                      [&](sqlite3_stmt* s) {
                        if (i == folders.listed.size()) return false;
                        bind_text(s, 1, folders.listed[i].first);
                        bind_text(s, 2, folders.listed[i].second);
                        ++i;
                        return true;
                      });
  ok = ok && run_for_each(d.db, "DELETE FROM listed WHERE path = ?", folders.forgotten);
  return end_write(root, d, ok);
}

}  // namespace pp
