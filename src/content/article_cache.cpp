// A compact binary form of a parsed article (front matter as written, links,
// headings, figure uses, parse findings), for the build manifest.
#include "content/article_cache.h"

#include <sys/stat.h>

#include <cstring>

namespace pp {

namespace {

// Bumped whenever the layout below changes: older entries are then not decoded.
constexpr char kMagic[] = "ppa1";

// Writes values as varints and length-prefixed strings. Locations in the
// article's own file (almost all of them) are written without their path.
struct Writer {
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
    str(l.path == base ? std::string() : l.path);
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

struct Reader {
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
    l.path = str();
    if (l.path.empty()) l.path = base;
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

void write_front_matter(Writer& w, const FrontMatter& f) {
  for (const auto* t :
       {&f.title, &f.type, &f.summary, &f.verdict, &f.translation_of, &f.source_digest})
    w.text(*t);
  for (const auto* d : {&f.date, &f.updated, &f.checked}) w.date(*d);
  w.strings(f.authors);
  w.strings(f.tags);
  w.num(f.draft ? 1 : 0);
  w.num(f.related.size());
  for (const auto& r : f.related) w.text(r);
  w.num(f.sources.size());
  for (const auto& s : f.sources) {
    w.str(s.title);
    w.str(s.url);
    w.str(s.publisher);
    w.date(s.accessed ? std::optional<Located<Date>>(Located<Date>{*s.accessed, {}})
                      : std::nullopt);
    w.loc(s.where);
    w.loc(s.url_where);
    w.loc(s.accessed_where);
  }
  w.num(f.figures.size());
  for (const auto& [name, fig] : f.figures) {
    w.str(name);
    w.str(fig.name);
    w.real(fig.value);
    w.str(fig.format);
    w.str(fig.currency);
    w.loc(fig.where);
    w.loc(fig.format_where);
  }
  w.num(f.rating ? 1 : 0);
  if (f.rating) {
    w.real(f.rating->value);
    w.loc(f.rating->where);
  }
  w.num(f.price ? 1 : 0);
  if (f.price) {
    w.real(f.price->amount);
    w.str(f.price->currency);
    w.str(f.price->period);
    w.loc(f.price->where);
  }
  w.num(f.product ? 1 : 0);
  if (f.product) {
    w.str(f.product->name);
    w.str(f.product->url);
    w.str(f.product->kind);
    w.loc(f.product->where);
    w.loc(f.product->url_where);
  }
  w.num(f.keys.size());
  for (const auto& [key, where] : f.keys) {
    w.str(key);
    w.loc(where);
  }
  w.strings(f.empty_keys);
}

FrontMatter read_front_matter(Reader& r) {
  FrontMatter f;
  for (auto* t : {&f.title, &f.type, &f.summary, &f.verdict, &f.translation_of, &f.source_digest})
    *t = r.text();
  for (auto* d : {&f.date, &f.updated, &f.checked}) *d = r.date();
  f.authors = r.strings();
  f.tags = r.strings();
  f.draft = r.num() != 0;
  for (auto n = r.num(); r.ok && n > 0; --n)
    if (auto t = r.text()) f.related.push_back(std::move(*t));
  for (auto n = r.num(); r.ok && n > 0; --n) {
    SourceRef s;
    s.title = r.str();
    s.url = r.str();
    s.publisher = r.str();
    if (auto d = r.date()) s.accessed = d->value;
    s.where = r.loc();
    s.url_where = r.loc();
    s.accessed_where = r.loc();
    f.sources.push_back(std::move(s));
  }
  for (auto n = r.num(); r.ok && n > 0; --n) {
    const std::string key = r.str();
    Figure fig;
    fig.name = r.str();
    fig.value = r.real();
    fig.format = r.str();
    fig.currency = r.str();
    fig.where = r.loc();
    fig.format_where = r.loc();
    f.figures.emplace(key, std::move(fig));
  }
  if (r.num()) {
    Located<double> v;
    v.value = r.real();
    v.where = r.loc();
    f.rating = v;
  }
  if (r.num()) {
    Price p;
    p.amount = r.real();
    p.currency = r.str();
    p.period = r.str();
    p.where = r.loc();
    f.price = std::move(p);
  }
  if (r.num()) {
    Product p;
    p.name = r.str();
    p.url = r.str();
    p.kind = r.str();
    p.where = r.loc();
    p.url_where = r.loc();
    f.product = std::move(p);
  }
  for (auto n = r.num(); r.ok && n > 0; --n) {
    std::string key = r.str();
    f.keys.emplace(std::move(key), r.loc());
  }
  f.empty_keys = r.strings();
  return f;
}

}  // namespace

std::string file_stamp(const std::string& path, long long* mtime_ns) {
  // The entry itself: a file replaced by a link (or a link replaced) has a new
  // stamp, and nothing is learnt through a link.
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0) return "";
  if (!S_ISREG(st.st_mode)) return "special " + std::to_string(st.st_mode & S_IFMT);
  const long long ns = st.st_mtim.tv_sec * 1000000000LL + st.st_mtim.tv_nsec;
  if (mtime_ns) *mtime_ns = ns;
  return std::to_string(st.st_size) + " " + std::to_string(ns) + " " + std::to_string(st.st_ino);
}

std::string encode_article(const Article& a, const std::vector<Diagnostic>& findings) {
  Writer w{kMagic, a.path};
  w.str(a.lang);
  w.str(a.path);
  w.str(a.stamp);
  w.num(static_cast<std::uint64_t>(a.body_first_line));
  write_front_matter(w, a.own);
  w.strings(a.heading_ids);
  w.num(a.links.size());
  for (const auto& l : a.links) {
    w.str(l.url);
    w.num(l.image ? 1 : 0);
    w.loc(l.where);
  }
  w.num(a.figure_refs.size());
  for (const auto& f : a.figure_refs) w.text(f);
  w.num(a.has_raw_html ? 1 : 0);
  w.loc(a.raw_html_where);
  w.num(findings.size());
  for (const auto& d : findings) {
    w.loc(d.where);
    w.num(static_cast<std::uint64_t>(d.severity));
    w.str(d.rule);
    w.str(d.message);
  }
  return std::move(w.out);
}

std::optional<CachedArticle> decode_article(const std::string& bytes) {
  if (bytes.compare(0, 4, kMagic) != 0) return std::nullopt;
  Reader r{bytes, 4, {}, true};
  CachedArticle c;
  Article& a = c.article;
  a.lang = r.str();
  a.path = r.str();
  r.base = a.path;
  a.stamp = r.str();
  a.body_first_line = r.small();
  a.own = read_front_matter(r);
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
  a.has_raw_html = r.num() != 0;
  a.raw_html_where = r.loc();
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
