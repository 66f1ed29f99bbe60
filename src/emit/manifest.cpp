// The build manifest: when nothing changed since the last successful build,
// `build` renders and writes nothing.
#include "emit/manifest.h"

#include <sqlite3.h>
#include <sys/stat.h>

#include <algorithm>
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
  return sqlite3_exec(d.db, "CREATE TABLE IF NOT EXISTS build (key TEXT PRIMARY KEY, value TEXT)",
                      nullptr, nullptr, nullptr) == SQLITE_OK;
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

std::string fingerprint_files(const std::vector<std::string>& paths) {
  std::string all;
  for (const auto& p : paths) all += stat_line(p);
  return git_blob_id(all);
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
      for (const auto& f : j.value("findings", nlohmann::json::array()))
        r.findings.push_back({{f.value("file", ""), f.value("line", 0), f.value("column", 0)},
                              f.value("severity", "") == "error"     ? Severity::error
                              : f.value("severity", "") == "warning" ? Severity::warning
                                                                     : Severity::note,
                              f.value("rule", ""),
                              f.value("message", "")});
      out = std::move(r);
    }
  }
  sqlite3_finalize(st);
  return out;
}

bool write_build_record(const fs::path& root, const BuildRecord& r) {
  Db d;
  if (!open_db(root, d, true)) return false;
  nlohmann::json findings = nlohmann::json::array();
  for (const auto& f : r.findings)
    findings.push_back({{"file", f.where.path},
                        {"line", f.where.line},
                        {"column", f.where.column},
                        {"severity", severity_name(f.severity)},
                        {"rule", f.rule},
                        {"message", f.message}});
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
