// The build manifest: when nothing changed since the last successful build,
// `build` renders and writes nothing.
#include "emit/manifest.h"
#include "core/json_text.h"

#include <sqlite3.h>
#include <sys/stat.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <functional>
#include <nlohmann/json.hpp>
#include <thread>

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

}  // namespace

namespace {

// A line for `entry` itself: its stat, or what a symbolic link points to
// (part of the input as what it is, never followed).
std::string entry_line(const fs::directory_entry& e, long long* newest_ns) {
  std::error_code ec;
  return e.is_symlink(ec)
             ? e.path().string() + " -> " + fs::read_symlink(e.path(), ec).string() + "\n"
             : stat_line(e.path().string(), newest_ns);
}

// Lines for everything under `dir`, at any depth.
void walk(const fs::path& dir, std::vector<std::string>& lines, long long* newest_ns) {
  std::error_code ec;
  for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
    lines.push_back(entry_line(*it, newest_ns));
}

}  // namespace

std::string fingerprint_inputs(const fs::path& root, long long* newest_ns) {
  std::vector<std::string> lines;
  // Each bundle folder (content/<section>/<slug>) is walked on its own, in
  // parallel; pipeline/ and locales/ as two more.
  std::vector<fs::path> walks = {root / "pipeline", root / "locales"};
  long long newest = 0;
  for (const char* top : {"content", "pipeline", "locales"})
    lines.push_back(stat_line((root / top).string(), &newest));  // a folder added or removed
  std::error_code ec;
  for (const auto& section : fs::directory_iterator(root / "content", ec)) {
    lines.push_back(entry_line(section, &newest));
    if (section.is_symlink(ec) || !section.is_directory(ec)) continue;
    for (const auto& bundle : fs::directory_iterator(section.path(), ec)) {
      lines.push_back(entry_line(bundle, &newest));
      if (!bundle.is_symlink(ec) && bundle.is_directory(ec)) walks.push_back(bundle.path());
    }
  }
  std::vector<std::vector<std::string>> found(walks.size());
  std::vector<long long> newest_of(walks.size(), 0);
  tbb::parallel_for(std::size_t{0}, walks.size(),
                    [&](std::size_t i) { walk(walks[i], found[i], &newest_of[i]); });
  for (std::size_t i = 0; i < walks.size(); ++i) {
    for (auto& l : found[i]) lines.push_back(std::move(l));
    newest = std::max(newest, newest_of[i]);
  }
  if (newest_ns) *newest_ns = std::max(*newest_ns, newest);
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
  const std::string stamp = file_stamp(path);
  return stamp.empty() ? "missing" : stamp;
}

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
  articles.join();
  return state;
}

bool write_incremental_state(const fs::path& root, const std::string& identity,
                             const IncrementalUpdate& u) {
  Db d;
  if (!open_db(root, d, true)) return false;
  if (sqlite3_exec(d.db, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr) != SQLITE_OK) return false;
  const std::string kept = kept_identity(d.db);
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
                        findings = r.findings.empty() ? "" : json_text(findings_json(r.findings));
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
  return sqlite3_exec(d.db, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr) == SQLITE_OK &&
         run_each(d.db, "INSERT OR REPLACE INTO build (key, value) VALUES (?, ?)",
                  [&](sqlite3_stmt* s) {
                    if (row == 2) return false;
                    bind_text(s, 1, keys[row]);
                    bind_text(s, 2, *values[row]);
                    ++row;
                    return true;
                  }) &&
         sqlite3_exec(d.db, "COMMIT", nullptr, nullptr, nullptr) == SQLITE_OK;
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

}  // namespace pp
