// The build manifest: when nothing changed since the last successful build,
// `build` renders and writes nothing.
#include "emit/manifest.h"

#include <sqlite3.h>
#include <sys/stat.h>

#include <algorithm>
#include <functional>
#include <nlohmann/json.hpp>

#include "core/digest.h"

namespace pp {

namespace fs = std::filesystem;

namespace {

std::string stat_line(const std::string& path, long long* newest_ns = nullptr) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return path + " missing\n";
  if (newest_ns)
    *newest_ns = std::max(*newest_ns, st.st_mtim.tv_sec * 1000000000LL + st.st_mtim.tv_nsec);
  return path + " " + std::to_string(st.st_size) + " " + std::to_string(st.st_mtim.tv_sec) + "." +
         std::to_string(st.st_mtim.tv_nsec) + " " + std::to_string(st.st_ino) + "\n";
}

struct Db {
  sqlite3* db = nullptr;
  ~Db() {
    if (db) sqlite3_close(db);
  }
};

bool open_db(const fs::path& root, Db& d, bool create) {
  const fs::path dir = root / ".polypress";
  std::error_code ec;
  if (create) fs::create_directories(dir, ec);
  if (!fs::exists(dir / "build.sqlite", ec) && !create) return false;
  if (sqlite3_open_v2((dir / "build.sqlite").c_str(), &d.db,
                      create ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE : SQLITE_OPEN_READWRITE,
                      nullptr) != SQLITE_OK)
    return false;
  sqlite3_busy_timeout(d.db, 5000);
  return sqlite3_exec(d.db,
                      "CREATE TABLE IF NOT EXISTS build (key TEXT PRIMARY KEY, value TEXT);"
                      "CREATE TABLE IF NOT EXISTS outputs (path TEXT PRIMARY KEY, dependencies "
                      "TEXT, digest TEXT, state TEXT, findings TEXT);"
                      "CREATE TABLE IF NOT EXISTS articles (path TEXT PRIMARY KEY, stamp TEXT, "
                      "data BLOB);",
                      nullptr, nullptr, nullptr) == SQLITE_OK;
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

void bind_text(sqlite3_stmt* st, int i, const std::string& s) {
  sqlite3_bind_text(st, i, s.data(), static_cast<int>(s.size()), SQLITE_STATIC);
}

}  // namespace

std::string fingerprint_inputs(const fs::path& root, long long* newest_ns) {
  std::vector<std::string> lines;
  for (const char* top : {"content", "pipeline", "locales"}) {
    std::error_code ec;
    lines.push_back(stat_line((root / top).string(), newest_ns));  // a folder added or removed
    for (fs::recursive_directory_iterator it(root / top, ec), end; !ec && it != end;
         it.increment(ec)) {
      // Symbolic links are part of the input as what they are, not followed.
      lines.push_back(it->is_symlink(ec) ? it->path().string() + " -> " +
                                               fs::read_symlink(it->path(), ec).string() + "\n"
                                         : stat_line(it->path().string(), newest_ns));
    }
  }
  std::sort(lines.begin(), lines.end());
  std::string all;
  for (const auto& l : lines) all += l;
  return git_blob_id(all);
}

std::string fingerprint_files(const std::vector<std::string>& paths,
                              const std::vector<std::string>* states) {
  std::string all;
  for (std::size_t i = 0; i < paths.size(); ++i)
    all += paths[i] + " " + (states ? (*states)[i] : file_state(paths[i])) + "\n";
  return git_blob_id(all);
}

std::string file_state(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return "missing";
  return std::to_string(st.st_size) + " " + std::to_string(st.st_mtim.tv_sec) + "." +
         std::to_string(st.st_mtim.tv_nsec) + " " + std::to_string(st.st_ino);
}

IncrementalState read_incremental_state(const fs::path& root, const std::string& identity) {
  IncrementalState state;
  Db d;
  if (!open_db(root, d, false)) return state;
  sqlite3_stmt* st = nullptr;
  std::string kept;
  if (sqlite3_prepare_v2(d.db, "SELECT value FROM build WHERE key = 'identity'", -1, &st,
                         nullptr) == SQLITE_OK &&
      sqlite3_step(st) == SQLITE_ROW)
    kept = column_text(st, 0);
  sqlite3_finalize(st);
  if (kept != identity) return state;
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
  if (sqlite3_prepare_v2(d.db, "SELECT path, stamp, data FROM articles", -1, &st, nullptr) ==
      SQLITE_OK) {
    while (sqlite3_step(st) == SQLITE_ROW) {
      const auto* blob = static_cast<const char*>(sqlite3_column_blob(st, 2));
      std::string data(blob ? blob : "", static_cast<std::size_t>(sqlite3_column_bytes(st, 2)));
      state.articles.entries.emplace(column_text(st, 0),
                                     ParseCache::Entry{column_text(st, 1), std::move(data)});
    }
  }
  sqlite3_finalize(st);
  return state;
}

bool write_incremental_state(const fs::path& root, const std::string& identity,
                             const IncrementalUpdate& u) {
  Db d;
  if (!open_db(root, d, true)) return false;
  if (sqlite3_exec(d.db, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr) != SQLITE_OK) return false;
  sqlite3_stmt* st = nullptr;
  std::string kept;
  if (sqlite3_prepare_v2(d.db, "SELECT value FROM build WHERE key = 'identity'", -1, &st,
                         nullptr) == SQLITE_OK &&
      sqlite3_step(st) == SQLITE_ROW)
    kept = column_text(st, 0);
  sqlite3_finalize(st);
  bool ok = true;
  if (kept != identity)
    ok = sqlite3_exec(d.db, "DELETE FROM outputs; DELETE FROM articles;", nullptr, nullptr,
                      nullptr) == SQLITE_OK &&
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
                        findings = r.findings.empty() ? "" : findings_json(r.findings).dump();
                        bind_text(s, 1, path);
                        bind_text(s, 2, r.dependencies);
                        bind_text(s, 3, r.digest);
                        bind_text(s, 4, r.state);
                        bind_text(s, 5, findings);
                        return true;
                      });
  i = 0;
  ok = ok && run_each(d.db, "DELETE FROM outputs WHERE path = ?", [&](sqlite3_stmt* s) {
         if (i == u.removed_outputs.size()) return false;
         bind_text(s, 1, u.removed_outputs[i++]);
         return true;
       });
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
  i = 0;
  ok = ok && run_each(d.db, "DELETE FROM articles WHERE path = ?", [&](sqlite3_stmt* s) {
         if (i == u.removed_articles.size()) return false;
         bind_text(s, 1, u.removed_articles[i++]);
         return true;
       });
  ok = ok && sqlite3_exec(d.db, "COMMIT", nullptr, nullptr, nullptr) == SQLITE_OK;
  if (!ok) sqlite3_exec(d.db, "ROLLBACK", nullptr, nullptr, nullptr);
  return ok;
}

std::string binary_identity() {
  std::error_code ec;
  return stat_line(fs::read_symlink("/proc/self/exe", ec).string());
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
      r.outputs = j.value("outputs", std::vector<std::string>{});
      r.outputs_state = j.value("outputs_state", "");
      r.findings = findings_from_json(j.value("findings", nlohmann::json::array()));
      out = std::move(r);
    }
  }
  sqlite3_finalize(st);
  return out;
}

bool write_build_record(const fs::path& root, const BuildRecord& r) {
  Db d;
  if (!open_db(root, d, true)) return false;
  const nlohmann::json findings = findings_json(r.findings);
  const std::string value = nlohmann::json{
      {"inputs", r.inputs},
      {"options", r.options},
      {"outputs", r.outputs},
      {"outputs_state", r.outputs_state},
      {"findings", findings}}.dump();
  sqlite3_stmt* st = nullptr;
  if (sqlite3_prepare_v2(d.db, "INSERT OR REPLACE INTO build (key, value) VALUES ('record', ?)", -1,
                         &st, nullptr) != SQLITE_OK)
    return false;
  sqlite3_bind_text(st, 1, value.c_str(), static_cast<int>(value.size()), SQLITE_TRANSIENT);
  const bool ok = sqlite3_step(st) == SQLITE_DONE;
  sqlite3_finalize(st);
  return ok;
}

void clear_build_record(const fs::path& root) {
  Db d;
  if (!open_db(root, d, false)) return;
  sqlite3_exec(d.db, "DELETE FROM build WHERE key = 'record'", nullptr, nullptr, nullptr);
}

}  // namespace pp
