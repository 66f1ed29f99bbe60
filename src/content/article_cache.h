#pragma once
// Parsed articles kept between builds: an unchanged file is not read or parsed again.

#include <sys/stat.h>

#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "content/content.h"

namespace pp {

class LoadedBundles;  // content/loaded_bundles.h

/// An article as parsed, without its body and tree, with what parsing it found.
struct CachedArticle {
  Article article;
  std::vector<Diagnostic> findings;
};

/// Parsed articles by path (relative to the site root), each with the stamp of
/// the file it was parsed from. load_corpus() reads it and adds what it parses.
struct ParseCache {
  struct Entry {
    std::string stamp;  ///< file_stamp() of the file when it was parsed
    std::string data;   ///< encode_article()
  };
  std::unordered_map<std::string, Entry> entries;    ///< as read from the last build
  std::vector<std::pair<std::string, Entry>> added;  ///< parsed in this build, to store
  long long newer_than_ns = 0;  ///< files changed after this are parsed but not cached
  /// serve's bundles kept in memory, taken as they are while their folders
  /// are unchanged (nullptr: every bundle folder is read).
  LoadedBundles* loaded = nullptr;
  /// The bundle folders' entries as this build's inputs' fingerprint found
  /// them (nullptr, or a folder not in it: the folder is listed).
  const BundleListings* listed = nullptr;
};

/// "size mtime-ns inode ctime-ns" of what `st` describes (any kind of file):
/// the one encoding of a file's stamp, which file_stamp() and the inputs'
/// fingerprint share. `mtime_ns`, when given, receives the modification time.
std::string stat_stamp(const struct stat& st, long long* mtime_ns = nullptr);

/// "size mtime-ns inode ctime-ns" of a file, or "" when it cannot be read: the
/// identity under which a parse is cached and a body is read again for
/// rendering.
std::string file_stamp(const std::string& path, long long* mtime_ns = nullptr);

/// file_stamp() of `name` in the folder open as `dir_fd` (a short path walk:
/// for many files of one folder).
std::string file_stamp_at(int dir_fd, const char* name, long long* mtime_ns = nullptr);

/// The modification time (ns) a file_stamp() holds; nullopt for "" or a
/// special file's stamp.
std::optional<long long> stamp_mtime_ns(const std::string& stamp);

/// The article's front matter, link and heading data and `findings`, as bytes.
std::string encode_article(const Article& a, const std::vector<Diagnostic>& findings);

/// The inverse of encode_article(); nullopt for bytes it did not write, and for
/// an entry changed since (its seal does not match: a damaged state file).
std::optional<CachedArticle> decode_article(const std::string& bytes);

}  // namespace pp
