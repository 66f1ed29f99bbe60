#pragma once
// Internal to the incremental stage: .polypress/build.sqlite, opened and
// written (state_db.cpp), and the readers and writers of its per-bundle
// tables (kept_tables.cpp).

#include <sqlite3.h>

#include <filesystem>
#include <functional>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"
#include "incremental/incremental.h"

namespace pp {

/// An open connection, closed with the object.
struct Db {
  sqlite3* db = nullptr;
  ~Db() {
    if (db) sqlite3_close(db);
  }
};

/// .polypress/build.sqlite under `root`.
std::filesystem::path db_path(const std::filesystem::path& root);

/// Whether an SQLite result code says the file is damaged.
bool damaged(int code);

/// Opens .polypress/build.sqlite (made when `create`) with its tables; false
/// with `error` (SQLite's words) when it cannot. The file and the folder are
/// never reached through a link.
bool open_db(const std::filesystem::path& root, Db& d, bool create, std::string* error = nullptr);

/// Removes the file and its journals (regular files only).
void discard_db(const std::filesystem::path& root);

/// Why the file cannot be written (SQLite's words); a damaged one is removed.
std::string failure(const std::filesystem::path& root, Db& d);

/// Opens the file to write it in one transaction; "" or why not.
std::string begin_write(const std::filesystem::path& root, Db& d);

/// Commits what `ok` says went through; "" or why it could not be written.
std::string end_write(const std::filesystem::path& root, Db& d, bool ok);

/// Findings as JSON, and back (what it does not understand is left out).
nlohmann::json findings_json(const std::vector<Diagnostic>& findings);
std::vector<Diagnostic> findings_from_json(const nlohmann::json& j);

/// `last`, the last column of a row, as stored: followed by a seal of the
/// whole row (`others`, then `last`), so that a row damaged anywhere is not
/// taken for what a build kept (docs/incremental.md, "Damage").
std::string row_sealed(std::initializer_list<std::string_view> others, const std::string& last);

/// The last column row_sealed() was given, or nullopt when the row's seal
/// does not match (the row is then as if absent).
std::optional<std::string> row_unsealed(std::initializer_list<std::string_view> others,
                                        const std::string& stored);

/// Column `i` of the current row as text ("" for NULL).
std::string column_text(sqlite3_stmt* st, int i);

/// How many rows `table` holds (0 when it cannot be counted): what a map
/// read from it reserves, instead of growing step by step.
std::size_t row_count(sqlite3* db, const char* table);

/// Runs `sql` with `bind` filling its parameters, once per call of `bind`
/// that returns true.
bool run_each(sqlite3* db, const char* sql, const std::function<bool(sqlite3_stmt*)>& bind);

/// The identity the kept incremental state belongs to ("" when none).
std::string kept_identity(sqlite3* db);

/// Binds `s` (not copied: it must outlive the step) to parameter `i`.
void bind_text(sqlite3_stmt* st, int i, const std::string& s);

/// Runs `sql`, a statement of one parameter, once for each of `texts`.
bool run_for_each(sqlite3* db, const char* sql, const std::vector<std::string>& texts);

/// The bundles' kept checks (docs/incremental.md, "Checks") into `cache`.
void read_checked_bundles(sqlite3* db, CheckCache& cache);

/// Stores the checks of `u` and forgets those of bundles gone.
bool write_checked_bundles(sqlite3* db, const IncrementalUpdate& u);

/// Stores the feed and sitemap pieces of `u` and forgets those of bundles gone.
bool write_kept_entries(sqlite3* db, const IncrementalUpdate& u);

}  // namespace pp
