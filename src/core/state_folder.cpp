#include "core/state_folder.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <vector>

#include "core/safe_fs.h"

namespace pp {

namespace fs = std::filesystem;

namespace {

bool is_temporary_name(const std::string& name) {
  return name.size() > 4 && name.ends_with(".tmp") &&
         std::all_of(name.begin(), name.end() - 4, [](char c) { return c >= '0' && c <= '9'; });
}

// "tree-N": AtomicBatch's trees of new files.
bool is_tree_name(const std::string& name) {
  return name.size() > 5 && name.starts_with("tree-") &&
         std::all_of(name.begin() + 5, name.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// The problem of `p` when it is a link or a special file (nullopt otherwise).
std::optional<StateFolderProblem> linked(const fs::path& p, const std::string& rel) {
  const std::string kind = special_kind_name(p);
  if (kind.empty()) return std::nullopt;
  return StateFolderProblem{rel, kind +
                                     " in polypress's own folder; polypress never follows or "
                                     "replaces it (remove it)"};
}

// The entries of `dir`, sorted (none when it is not a real folder).
std::vector<fs::path> entries_of(const fs::path& dir) {
  std::vector<fs::path> out;
  std::error_code ec;
  if (file_kind(dir) != FileKind::directory) return out;
  for (const auto& e : fs::directory_iterator(dir, ec)) out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

std::optional<StateFolderProblem> state_folder_problem(const fs::path& root) {
  // .polypress/, what is in it, in serve/, in staging/, and in each build's
  // staging folder: the places polypress writes, renames and removes.
  const fs::path state = root / kStateFolder;
  if (auto p = linked(state, kStateFolder)) return p;
  for (const auto& e : entries_of(state)) {
    const std::string rel = std::string(kStateFolder) + "/" + e.filename().string();
    if (auto p = linked(e, rel)) return p;
    // serve's preview folders are output folders of polypress's own.
    if (e.filename() == "serve")
      for (const auto& f : entries_of(e))
        if (auto p = linked(f, rel + "/" + f.filename().string())) return p;
    if (e.filename() != "staging") continue;
    for (const auto& b : entries_of(e)) {
      const std::string brel = rel + "/" + b.filename().string();
      if (auto p = linked(b, brel)) return p;
      for (const auto& t : entries_of(b))
        if (auto p = linked(t, brel + "/" + t.filename().string())) return p;
    }
  }
  return std::nullopt;
}

bool make_state_folder(const fs::path& root, const fs::path& sub, std::string& error) {
  fs::path at = root / kStateFolder;
  fs::path rel = kStateFolder;
  auto make = [&]() {
    if (::mkdir(at.c_str(), 0755) != 0 && errno != EEXIST) {
      error = rel.generic_string() + ": " + std::strerror(errno);
      return false;
    }
    if (file_kind(at) != FileKind::directory) {
      error = rel.generic_string() +
              ": not a real folder (a link or a file); polypress never "
              "follows or replaces it (remove it)";
      return false;
    }
    return true;
  };
  if (!make()) return false;
  for (const auto& part : sub) {
    at /= part;
    rel /= part;
    if (!make()) return false;
  }
  return true;
}

void remove_staging_folder(const fs::path& dir) {
  if (file_kind(dir) != FileKind::directory) return;
  std::error_code ec;
  std::vector<fs::path> temporaries, trees;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    const std::string name = e.path().filename().string();
    if (is_temporary_name(name) && file_kind(e.path()) == FileKind::regular)
      temporaries.push_back(e.path());
    // A build's trees of new outputs (AtomicBatch::stage_as_tree), never
    // renamed into place: every file in them is that build's own.
    if (is_tree_name(name) && file_kind(e.path()) == FileKind::directory) trees.push_back(e.path());
  }
  for (const auto& t : temporaries) ::unlink(t.c_str());  // unlink never follows a link
  for (const auto& t : trees) fs::remove_all(t, ec);      // nor does remove_all
  ::rmdir(dir.c_str());                                   // only when empty
}

}  // namespace pp
