// A compact binary form of a parsed article (front matter as written, links,
// headings, figure uses, parse findings), for the build manifest.
#include "content/article_cache.h"

#include <charconv>
#include <cstdint>
#include <cstdio>

#include <fcntl.h>
#include <sys/stat.h>

#include "content/byte_codec.h"
#include "content/front_matter_codec.h"
#include "content/front_matter_fields.h"
#include "core/digest.h"

namespace pp {

namespace {

// Bumped whenever the layout below or a value's codec changes: older entries
// are then not decoded.
constexpr char kMagic[] = "ppa5";

// What an entry starts with: kMagic, then a digest of the front matter
// table's keys in order (FNV-1a, 8 hex digits), so that adding, removing or
// moving a row (which changes the layout) retires older entries by itself.
const std::string& entry_header() {
  static const std::string header = [] {
    std::uint32_t h = 2166136261u;
    for (const auto& key : front_matter_keys())
      for (const char c : key + "\n") h = (h ^ static_cast<unsigned char>(c)) * 16777619u;
    char hex[9];
    std::snprintf(hex, sizeof hex, "%08x", h);
    return std::string(kMagic) + hex;
  }();
  return header;
}

void put_raw_html(ByteWriter& w, const std::vector<RawHtmlUse>& uses) {
  w.num(uses.size());
  for (const auto& u : uses) {
    w.loc(u.where);
    w.num(u.element.offset);
    w.str(u.element.tag);
    w.num(static_cast<std::uint64_t>(u.element.fate));
    w.num(u.element.has_text ? 1 : 0);
    w.str(u.element.lost_text);
    w.str(u.element.reason);
    w.strings(u.element.dropped_attributes);
  }
}

std::vector<RawHtmlUse> get_raw_html(ByteReader& r) {
  std::vector<RawHtmlUse> uses;
  for (auto n = r.num(); r.ok && n > 0; --n) {
    RawHtmlUse u;
    u.where = r.loc();
    u.element.offset = r.num();
    u.element.tag = r.str();
    const auto fate = r.num();
    if (fate > static_cast<std::uint64_t>(RawFate::removed)) r.ok = false;
    u.element.fate = static_cast<RawFate>(fate);
    u.element.has_text = r.num() != 0;
    u.element.lost_text = r.str();
    u.element.reason = r.str();
    u.element.dropped_attributes = r.strings();
    uses.push_back(std::move(u));
  }
  return uses;
}

// The stamp of a file `st` describes; a special file's names its kind.
std::string stamp_of(const struct stat& st, long long* mtime_ns) {
  if (!S_ISREG(st.st_mode)) return "special " + std::to_string(st.st_mode & S_IFMT);
  return stat_stamp(st, mtime_ns);
}

}  // namespace

std::string stat_stamp(const struct stat& st, long long* mtime_ns) {
  // The change time is in it: an edit that keeps the size and puts the
  // modification time back (`touch -r`) still changes ctime, which no one
  // can set.
  const long long ns = st.st_mtim.tv_sec * 1000000000LL + st.st_mtim.tv_nsec;
  const long long ctime = st.st_ctim.tv_sec * 1000000000LL + st.st_ctim.tv_nsec;
  if (mtime_ns) *mtime_ns = ns;
  return std::to_string(st.st_size) + " " + std::to_string(ns) + " " + std::to_string(st.st_ino) +
         " " + std::to_string(ctime);
}

std::string file_stamp(const std::string& path, long long* mtime_ns) {
  // The entry itself: a file replaced by a link (or a link replaced) has a new
  // stamp, and nothing is learnt through a link.
  struct stat st {};
  return ::lstat(path.c_str(), &st) == 0 ? stamp_of(st, mtime_ns) : "";
}

std::optional<long long> stamp_mtime_ns(const std::string& stamp) {
  // "size mtime-ns inode ctime-ns", as stamp_of() writes it.
  const auto first = stamp.find(' ');
  long long ns = 0;
  if (first == std::string::npos || stamp.compare(0, first, "special") == 0 ||
      std::from_chars(stamp.data() + first + 1, stamp.data() + stamp.size(), ns).ec != std::errc())
    return std::nullopt;
  return ns;
}

std::string file_stamp_at(int dir_fd, const char* name, long long* mtime_ns) {
  struct stat st {};
  return ::fstatat(dir_fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 ? stamp_of(st, mtime_ns) : "";
}

std::string encode_article(const Article& a, const std::vector<Diagnostic>& findings) {
  ByteWriter w{entry_header(), a.path};
  w.str(a.lang);
  w.str(a.path);
  w.str(a.stamp);
  w.num(static_cast<std::uint64_t>(a.body_first_line));
  encode_front_matter(w, a.own);
  w.strings(a.heading_ids);
  w.num(a.links.size());
  for (const auto& l : a.links) {
    w.str(l.url);
    w.num(l.image ? 1 : 0);
    w.loc(l.where);
  }
  w.num(a.figure_refs.size());
  for (const auto& f : a.figure_refs) w.text(f);
  put_raw_html(w, a.raw_html);
  put_raw_html(w, a.raw_html_dropped);
  w.num(findings.size());
  for (const auto& d : findings) {
    w.loc(d.where);
    w.num(static_cast<std::uint64_t>(d.severity));
    w.str(d.rule);
    w.str(d.message);
  }
  // Sealed (core/digest.h): a title changed inside an entry by a damaged
  // state file would otherwise be published as read, on every page that
  // lists the article (the referee found it, seed 1234).
  return sealed(std::move(w.out));
}

std::optional<CachedArticle> decode_article(const std::string& entry) {
  const std::string& header = entry_header();
  const auto body = unsealed(entry);
  if (!body || body->size() < header.size() || body->compare(0, header.size(), header) != 0)
    return std::nullopt;
  const std::string bytes(*body);
  ByteReader r{bytes, header.size(), {}, true};
  CachedArticle c;
  Article& a = c.article;
  a.lang = r.str();
  a.path = r.str();
  r.base = a.path;
  a.stamp = r.str();
  a.body_first_line = r.small();
  a.own = decode_front_matter(r);
  a.meta = a.own;
  a.heading_ids = r.strings();
  for (auto n = r.num(); r.ok && n > 0; --n) {
    BodyLink l;
    l.url = r.str();
    l.image = r.num() != 0;
    l.where = r.loc();
    a.links.push_back(std::move(l));
  }
  for (auto n = r.num(); r.ok && n > 0; --n)
    if (auto t = r.text()) a.figure_refs.push_back(std::move(*t));
  a.raw_html = get_raw_html(r);
  a.raw_html_dropped = get_raw_html(r);
  for (auto n = r.num(); r.ok && n > 0; --n) {
    Diagnostic d;
    d.where = r.loc();
    const auto severity = r.num();
    if (severity > static_cast<std::uint64_t>(Severity::error)) return std::nullopt;
    d.severity = static_cast<Severity>(severity);
    d.rule = r.str();
    d.message = r.str();
    c.findings.push_back(std::move(d));
  }
  if (!r.ok || r.more()) return std::nullopt;
  return c;
}

}  // namespace pp
