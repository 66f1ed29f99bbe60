// The SQLite file incremental builds keep (.polypress/build.sqlite): opening
// it with its tables, writing it in one transaction, and the helpers every
// table's reader and writer shares.
#include "incremental/state_db.h"

#include <unistd.h>
#include <algorithm>

#include "core/digest.h"
#include "core/safe_fs.h"
#include "core/site_layout.h"
#include "core/state_folder.h"

namespace pp {

namespace fs = std::filesystem;

fs::path db_path(const fs::path& root) {
  return root / kBuildStatePath;
}

bool damaged(int code) {
  return code == SQLITE_CORRUPT || code == SQLITE_NOTADB;
}

// Opens .polypress/build.sqlite (made when `create`) with its tables; false
// with `error` (SQLite's words) when it cannot. The file and the folder are
// never reached through a link.
bool open_db(const fs::path& root, Db& d, bool create, std::string* error) {
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
                      "face TEXT, names TEXT, findings TEXT);"
                      "CREATE TABLE IF NOT EXISTS entries (key TEXT PRIMARY KEY, bundle TEXT, "
                      "digest TEXT, xml TEXT);"
                      "CREATE INDEX IF NOT EXISTS entries_bundle ON entries (bundle);",
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

namespace {

// The columns of a row before its last, each ended by a byte no column
// holds, so that no two rows run together into the same text.
std::string row_prefix(std::initializer_list<std::string_view> others) {
  std::string s;
  for (const auto c : others) s.append(c) += '\x1f';
  return s;
}

}  // namespace

std::string row_sealed(std::initializer_list<std::string_view> others, const std::string& last) {
  const std::string prefix = row_prefix(others);
  return sealed(prefix + last).substr(prefix.size());
}

std::optional<std::string> row_unsealed(std::initializer_list<std::string_view> others,
                                        const std::string& stored) {
  const std::string prefix = row_prefix(others), row = prefix + stored;
  const auto whole = unsealed(row);
  if (!whole) return std::nullopt;
  return std::string(whole->substr(prefix.size()));
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

std::size_t row_count(sqlite3* db, const char* table) {
  sqlite3_stmt* st = nullptr;
  const std::string sql = std::string("SELECT count(*) FROM ") + table;
  std::size_t n = 0;
  if (sqlite3_prepare_v2(db, sql.c_str(), -1, &st, nullptr) == SQLITE_OK &&
      sqlite3_step(st) == SQLITE_ROW)
    n = static_cast<std::size_t>(std::max<sqlite3_int64>(0, sqlite3_column_int64(st, 0)));
  sqlite3_finalize(st);
  return n;
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

}  // namespace pp
