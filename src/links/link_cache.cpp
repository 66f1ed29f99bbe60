// The SQLite cache of external link results (.polypress/links.sqlite).
#include <sqlite3.h>

#include <string>

#include "links/links.h"

namespace pp {

namespace {

const char* status_name(LinkStatus s) {
  switch (s) {
    case LinkStatus::ok:
      return "ok";
    case LinkStatus::broken:
      return "broken";
    case LinkStatus::flaky:
      return "flaky";
    case LinkStatus::skipped:
      return "skipped";
  }
  return "ok";
}

// The one table polypress makes, as SQLite keeps its statement.
constexpr char kTableSql[] =
    "CREATE TABLE link_results( url TEXT PRIMARY KEY, status TEXT NOT NULL, reason TEXT NOT "
    "NULL, checked_at INTEGER NOT NULL)";

// Whether the file holds nothing but what polypress makes: a planted view or
// trigger (an "ok" for every URL, a row rewritten on insert) or a table of
// another shape is not a cache to trust.
bool schema_is_ours(sqlite3* db) {
  sqlite3_stmt* st = nullptr;
  if (sqlite3_prepare_v2(db, "SELECT type, name, COALESCE(sql, '') FROM sqlite_master", -1, &st,
                         nullptr) != SQLITE_OK)
    return false;
  bool ours = true;
  while (ours && sqlite3_step(st) == SQLITE_ROW) {
    auto text = [&](int i) {
      const auto* t = reinterpret_cast<const char*>(sqlite3_column_text(st, i));
      return std::string(t ? t : "");
    };
    const std::string type = text(0), name = text(1), sql = text(2);
    ours = (type == "table" && name == "link_results" && sql == kTableSql) ||
           (type == "index" && name == "sqlite_autoindex_link_results_1" && sql.empty());
  }
  sqlite3_finalize(st);
  return ours;
}

}  // namespace

LinkCache::LinkCache(const std::filesystem::path& file, int ttl_hours) : ttl_hours_(ttl_hours) {
  std::error_code ec;
  std::filesystem::create_directories(file.parent_path(), ec);
  // The cache is a file polypress made: a link in its place is never followed.
  if (sqlite3_open_v2(file.c_str(), &db_,
                      SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOFOLLOW,
                      nullptr) != SQLITE_OK) {
    error_ = db_ ? sqlite3_errmsg(db_) : "cannot open";
    sqlite3_close(db_);
    db_ = nullptr;
    return;
  }
  sqlite3_busy_timeout(db_, 5000);
  // Nothing in the file runs (no function of a view or trigger) and nothing
  // but the table polypress makes is read.
  sqlite3_exec(db_, "PRAGMA trusted_schema=OFF;", nullptr, nullptr, nullptr);
  if (!schema_is_ours(db_)) {
    error_ = "it holds what polypress never writes (a view, a trigger or another table); delete it";
    sqlite3_close(db_);
    db_ = nullptr;
    return;
  }
  // WAL keeps readers and an interrupted writer from ever seeing half a batch.
  char* err = nullptr;
  if (sqlite3_exec(db_,
                   ("PRAGMA journal_mode=WAL; CREATE TABLE IF NOT EXISTS" +
                    std::string(kTableSql).substr(12) + ";")
                       .c_str(),
                   nullptr, nullptr, &err) != SQLITE_OK) {
    error_ = err ? err : "cannot create the table";
    sqlite3_free(err);
    sqlite3_close(db_);
    db_ = nullptr;
  }
}

LinkCache::~LinkCache() {
  if (db_) sqlite3_close(db_);
}

std::optional<ProbeResult> LinkCache::find(const std::string& url, double now_ms) const {
  if (!db_ || ttl_hours_ <= 0) return std::nullopt;
  sqlite3_stmt* st = nullptr;
  // Only a result checked within the configured age counts: one dated in
  // the future (a planted row "checked" in the year 3000, or a clock set
  // back) is as unknown as one too old. A minute of clock skew is allowed.
  if (sqlite3_prepare_v2(db_,
                         "SELECT status, reason FROM link_results WHERE url=? AND checked_at>=? "
                         "AND checked_at<=?",
                         -1, &st, nullptr) != SQLITE_OK)
    return std::nullopt;
  const auto now_s = static_cast<sqlite3_int64>(now_ms / 1000);
  sqlite3_bind_text(st, 1, url.c_str(), -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64(st, 2, now_s - ttl_hours_ * 3600LL);
  sqlite3_bind_int64(st, 3, now_s + 60);
  std::optional<ProbeResult> r;
  if (sqlite3_step(st) == SQLITE_ROW) {
    // A row this program did not write (a NULL, another status) is unknown.
    const auto* status = reinterpret_cast<const char*>(sqlite3_column_text(st, 0));
    const auto* reason = reinterpret_cast<const char*>(sqlite3_column_text(st, 1));
    const std::string s = status ? status : "";
    if (reason && (s == "ok" || s == "broken"))
      r = ProbeResult{s == "broken" ? LinkStatus::broken : LinkStatus::ok, reason};
  }
  sqlite3_finalize(st);
  return r;
}

void LinkCache::store(const std::map<std::string, ProbeResult>& results, double now_ms) {
  if (!db_) return;
  sqlite3_exec(db_, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr);
  sqlite3_stmt* st = nullptr;
  bool ok =
      sqlite3_prepare_v2(db_,
                         "INSERT OR REPLACE INTO link_results(url, status, reason, checked_at) "
                         "VALUES(?,?,?,?)",
                         -1, &st, nullptr) == SQLITE_OK;
  for (const auto& [url, r] : results) {
    if (!ok) break;
    // Flaky and skipped results say nothing lasting about the URL.
    if ((r.status != LinkStatus::ok && r.status != LinkStatus::broken) || !r.cacheable) continue;
    sqlite3_bind_text(st, 1, url.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 2, status_name(r.status), -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 3, r.reason.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(st, 4, static_cast<sqlite3_int64>(now_ms / 1000));
    ok = sqlite3_step(st) == SQLITE_DONE;
    sqlite3_reset(st);
  }
  sqlite3_finalize(st);
  sqlite3_exec(db_, ok ? "COMMIT" : "ROLLBACK", nullptr, nullptr, nullptr);
}

}  // namespace pp
