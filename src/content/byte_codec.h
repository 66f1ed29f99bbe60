#pragma once
// Internal to content: the bytes of the parse cache (varints, length-prefixed
// strings, positions), written by article_cache.cpp and front_matter_codec.cpp.

#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "content/content.h"

namespace pp {

/// Writes values as varints and length-prefixed strings. Locations in the
/// article's own file (almost all of them) are written without their path.
struct ByteWriter {
  std::string out;
  const std::string& base;
  void num(std::uint64_t v) {
    while (v >= 0x80) {
      out += static_cast<char>((v & 0x7f) | 0x80);
      v >>= 7;
    }
    out += static_cast<char>(v);
  }
  void str(const std::string& s) {
    num(s.size());
    out += s;
  }
  void real(double d) {
    std::uint64_t bits;
    std::memcpy(&bits, &d, sizeof bits);
    num(bits);
  }
  void loc(const SourceLocation& l) {
    // The base path in one byte; any other (an empty one too: a value with
    // no location) as it is, so that it reads back the same.
    num(l.path == base ? 0 : 1);
    if (l.path != base) str(l.path);
    num(static_cast<std::uint64_t>(l.line));
    num(static_cast<std::uint64_t>(l.column));
  }
  void text(const std::optional<Located<std::string>>& v) {
    num(v ? 1 : 0);
    if (v) {
      str(v->value);
      loc(v->where);
    }
  }
  void date(const std::optional<Located<Date>>& v) {
    num(v ? 1 : 0);
    if (v) {
      str(v->value.text);  // parsed again on reading: the text is the whole value
      loc(v->where);
    }
  }
  void strings(const std::vector<std::string>& v) {
    num(v.size());
    for (const auto& s : v) str(s);
  }
};

/// Reads what ByteWriter wrote; `ok` turns false at the first malformed value.
struct ByteReader {
  const std::string& in;
  std::size_t at = 0;
  std::string base;
  bool ok = true;
  std::uint64_t num() {
    std::uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (at >= in.size()) break;
      const auto byte = static_cast<unsigned char>(in[at++]);
      v |= static_cast<std::uint64_t>(byte & 0x7f) << shift;
      if (!(byte & 0x80)) return v;
    }
    ok = false;
    return 0;
  }
  int small() { return static_cast<int>(num()); }
  std::string str() {
    const std::uint64_t n = num();
    if (!ok || n > in.size() - at) {
      ok = false;
      return {};
    }
    std::string s = in.substr(at, n);
    at += n;
    return s;
  }
  double real() {
    const std::uint64_t bits = num();
    double d;
    std::memcpy(&d, &bits, sizeof d);
    return d;
  }
  SourceLocation loc() {
    SourceLocation l;
    l.path = num() == 0 ? base : str();
    l.line = small();
    l.column = small();
    return l;
  }
  std::optional<Located<std::string>> text() {
    if (!num()) return std::nullopt;
    Located<std::string> v;
    v.value = str();
    v.where = loc();
    return v;
  }
  std::optional<Located<Date>> date() {
    if (!num()) return std::nullopt;
    const std::string t = str();
    const SourceLocation where = loc();
    const auto d = parse_date(t);
    if (!d) {
      ok = false;
      return std::nullopt;
    }
    return Located<Date>{*d, where};
  }
  std::vector<std::string> strings() {
    std::vector<std::string> v;
    for (auto n = num(); ok && n > 0; --n) v.push_back(str());
    return v;
  }
  bool more() const { return ok && at < in.size(); }
};

}  // namespace pp
