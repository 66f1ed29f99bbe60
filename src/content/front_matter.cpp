#include "content/front_matter.h"

#include <unicode/ucurr.h>
#include <cmath>
#include <cstdio>

#include "core/code_points.h"
#include "core/text.h"
#include "core/yaml_escapes.h"

namespace pp {

const std::vector<std::string>& front_matter_keys() {
  static const std::vector<std::string> keys = {
      "title",  "type",  "date",    "updated", "summary",        "authors",
      "tags",   "draft", "verdict", "related", "sources",        "figures",
      "rating", "price", "product", "checked", "translation_of", "source_digest"};
  return keys;
}

namespace {

// [a-z][a-z0-9_]*, checked by hand: std::regex recursed once per character
// and a long name overflowed the stack.
bool is_figure_name(std::string_view s) {
  if (s.empty() || s[0] < 'a' || s[0] > 'z') return false;
  for (const char c : s)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) return false;
  return true;
}

// `s` is `size` characters each of which `in_class` accepts.
template <typename Pred>
bool all_of_size(std::string_view s, std::size_t size, Pred in_class) {
  if (s.size() != size) return false;
  for (const char c : s)
    if (!in_class(c)) return false;
  return true;
}

// An ISO 4217 code ICU knows as a currency in use at some time.
bool is_currency(const std::string& code) {
  if (code.size() != 3) return false;
  UChar u[4] = {static_cast<UChar>(code[0]), static_cast<UChar>(code[1]),
                static_cast<UChar>(code[2]), 0};
  UErrorCode status = U_ZERO_ERROR;
  const UBool known = ucurr_isAvailable(u, U_DATE_MIN, U_DATE_MAX, &status);
  return U_SUCCESS(status) && known;
}

class FmReader {
 public:
  FmReader(const YamlOrigin& origin, DiagnosticSink& sink) : o_(origin), sink_(sink) {}

  SourceLocation at(const YAML::Node& n) const { return location_of(n, o_); }

  void error(const YAML::Node& n, const std::string& rule, const std::string& msg) {
    sink_.error(at(n), rule, msg);
  }

  std::optional<Located<std::string>> text(const YAML::Node& n, const std::string& key,
                                           std::size_t max_chars) {
    if (!n.IsScalar() || (n.Tag() == "?" && n.Scalar().empty())) {
      error(n, "front-matter/value-type", "'" + key + "' must be a string");
      return std::nullopt;
    }
    const std::string& s = n.Scalar();
    const auto len = static_cast<std::size_t>(count_code_points(s));
    if (len == 0 || len > max_chars) {
      error(n, "front-matter/length",
            "'" + key + "' must be 1 to " + std::to_string(max_chars) + " characters, not " +
                std::to_string(len));
      return std::nullopt;
    }
    return Located<std::string>{s, at(n)};
  }

  std::optional<Located<Date>> date(const YAML::Node& n, const std::string& key) {
    if (n.IsScalar()) {
      if (auto d = parse_date(n.Scalar())) return Located<Date>{*d, at(n)};
    }
    error(n, "front-matter/date",
          "'" + key + "' is not a date: \"" + (n.IsScalar() ? n.Scalar() : std::string("?")) +
              "\" (use YYYY-MM-DD or an RFC 3339 date-time with offset)");
    return std::nullopt;
  }

  std::optional<std::string> plain_string(const YAML::Node& n, const std::string& key) {
    return scalar_string(n, key, o_, "front-matter/value-type", sink_);
  }

  std::optional<double> number(const YAML::Node& n, const std::string& key) {
    return scalar_number(n, key, o_, "front-matter/value-type", sink_);
  }

  std::vector<std::string> string_list(const YAML::Node& n, const std::string& key) {
    std::vector<std::string> out;
    if (!n.IsSequence()) {
      error(n, "front-matter/value-type", "'" + key + "' must be a list of strings");
      return out;
    }
    for (const auto& item : n)
      if (auto s = plain_string(item, key + "[]")) out.push_back(*s);
    return out;
  }

  const YamlOrigin& origin() const { return o_; }
  DiagnosticSink& sink() { return sink_; }

 private:
  const YamlOrigin& o_;
  DiagnosticSink& sink_;
};

bool expect_map(FmReader& r, const YAML::Node& n, const std::string& key) {
  if (n.IsMap()) return true;
  r.error(n, "front-matter/value-type", "'" + key + "' must be a mapping");
  return false;
}

std::optional<std::string> required_field(FmReader& r, const YAML::Node& map,
                                          const std::string& key, const std::string& what) {
  const YAML::Node n = map[key];
  if (!n) {
    r.error(map, "front-matter/required", what + " needs '" + key + "'");
    return std::nullopt;
  }
  return r.plain_string(n, key);
}

void read_sources(FmReader& r, const YAML::Node& n, FrontMatter& fm) {
  if (!n.IsSequence()) {
    r.error(n, "front-matter/value-type", "'sources' must be a list of {title, url, publisher}");
    return;
  }
  for (const auto& item : n) {
    if (!expect_map(r, item, "sources[]")) continue;
    check_unknown_keys(item, {"title", "url", "publisher", "accessed"}, r.origin(),
                       "front-matter/unknown-key", "a source", r.sink());
    SourceRef s;
    s.where = r.at(item);
    s.title = required_field(r, item, "title", "a source").value_or("");
    s.url = required_field(r, item, "url", "a source").value_or("");
    s.url_where = item["url"] ? r.at(item["url"]) : s.where;
    s.publisher = required_field(r, item, "publisher", "a source").value_or("");
    if (item["accessed"]) {
      s.accessed_where = r.at(item["accessed"]);
      if (auto d = r.date(item["accessed"], "accessed")) s.accessed = d->value;
    }
    fm.sources.push_back(std::move(s));
  }
}

void read_figures(FmReader& r, const YAML::Node& n, FrontMatter& fm) {
  if (!expect_map(r, n, "figures")) return;
  if (n.size() > kMaxFigures) {
    r.error(n, "figure/too-many",
            std::to_string(n.size()) + " figures; an article may define at most " +
                std::to_string(kMaxFigures));
    return;
  }
  for (const auto& kv : n) {
    const std::string name = kv.first.Scalar();
    if (count_code_points(name) > static_cast<int>(kMaxFigureName)) {
      r.error(kv.first, "figure/name-length",
              "figure name '" + quote_for_message(name, 40) + "' is longer than " +
                  std::to_string(kMaxFigureName) + " characters");
      continue;
    }
    if (!is_figure_name(name)) {
      r.error(kv.first, "figure/name", "figure name '" + name + "' must match [a-z][a-z0-9_]*");
      continue;
    }
    const YAML::Node f = kv.second;
    if (!expect_map(r, f, "figures." + name)) continue;
    check_unknown_keys(f, {"value", "format", "currency"}, r.origin(), "front-matter/unknown-key",
                       "figure '" + name + "'", r.sink());
    Figure fig;
    fig.name = name;
    fig.where = r.at(kv.first);
    bool ok = true;
    if (!f["value"]) {
      r.error(f, "front-matter/required", "figure '" + name + "' needs 'value'");
      ok = false;
    } else if (auto v = r.number(f["value"], "value")) {
      fig.value = *v;
    } else {
      ok = false;
    }
    if (!f["format"]) {
      r.error(f, "front-matter/required", "figure '" + name + "' needs 'format'");
      ok = false;
    } else if (auto s = r.plain_string(f["format"], "format")) {
      fig.format = *s;
      fig.format_where = r.at(f["format"]);
    } else {
      ok = false;
    }
    if (f["currency"]) {
      fig.currency = r.plain_string(f["currency"], "currency").value_or("");
      if (!fig.currency.empty() && !is_currency(fig.currency)) {
        r.error(f["currency"], "figure/currency",
                "'" + fig.currency + "' is not an ISO 4217 currency code");
        ok = false;
      }
    }
    if (fig.format == "currency" && !f["currency"]) {
      r.error(f, "figure/currency", "figure '" + name + "' has format currency but no 'currency'");
      ok = false;
    }
    if (ok) fm.figures[name] = fig;
  }
}

void read_review_blocks(FmReader& r, const YAML::Node& root, FrontMatter& fm) {
  if (const YAML::Node n = root["rating"]) {
    if (auto v = r.number(n, "rating")) {
      if (*v < 0 || *v > 5 || std::fmod(*v * 2, 1.0) != 0)
        r.error(n, "front-matter/rating", "'rating' must be 0 to 5 in steps of 0.5");
      else
        fm.rating = Located<double>{*v, r.at(n)};
    }
  }
  if (const YAML::Node n = root["price"]; n && expect_map(r, n, "price")) {
    check_unknown_keys(n, {"amount", "currency", "period"}, r.origin(), "front-matter/unknown-key",
                       "'price'", r.sink());
    Price p;
    p.where = r.at(n);
    bool ok = true;
    if (!n["amount"]) {
      r.error(n, "front-matter/required", "'price' needs 'amount'");
      ok = false;
    } else if (auto a = r.number(n["amount"], "amount"); a && *a >= 0) {
      p.amount = *a;
    } else {
      if (a) r.error(n["amount"], "front-matter/price", "'amount' must not be negative");
      ok = false;
    }
    p.currency = required_field(r, n, "currency", "'price'").value_or("");
    const auto upper = [](char c) { return c >= 'A' && c <= 'Z'; };
    if (!p.currency.empty() && (!all_of_size(p.currency, 3, upper) || !is_currency(p.currency))) {
      r.error(n["currency"], "front-matter/price", "'currency' must be an ISO 4217 code");
      ok = false;
    }
    p.period = required_field(r, n, "period", "'price'").value_or("");
    if (!p.period.empty() && p.period != "once" && p.period != "month" && p.period != "year" &&
        p.period != "usage") {
      r.error(n["period"], "front-matter/price",
              "'period' must be once, month, year or usage, not \"" + p.period + "\"");
      ok = false;
    }
    if (ok && !p.currency.empty() && !p.period.empty()) fm.price = p;
  }
  if (const YAML::Node n = root["product"]; n && expect_map(r, n, "product")) {
    check_unknown_keys(n, {"name", "url", "kind"}, r.origin(), "front-matter/unknown-key",
                       "'product'", r.sink());
    Product p;
    p.where = r.at(n);
    p.name = required_field(r, n, "name", "'product'").value_or("");
    p.url = required_field(r, n, "url", "'product'").value_or("");
    p.url_where = n["url"] ? r.at(n["url"]) : p.where;
    p.kind = required_field(r, n, "kind", "'product'").value_or("");
    if (!p.kind.empty() && p.kind != "tool" && p.kind != "model" && p.kind != "mcp-server" &&
        p.kind != "repository")
      r.error(n["kind"], "front-matter/product",
              "'kind' must be tool, model, mcp-server or repository, not \"" + p.kind + "\"");
    else if (!p.name.empty() && !p.url.empty() && !p.kind.empty())
      fm.product = p;
  }
}

// A scalar (keys included) that holds a character refused in front matter
// once YAML escapes are decoded, and why.
struct RefusedScalar {
  YAML::Node node;
  std::string rule, message;
};

// The problem of one decoded scalar, or "" when it has none: a character
// refused_front_matter_character() names (a control character other than
// TAB and LF, a noncharacter, a bidi override), or a bidi embedding or
// isolate left open or closing nothing, which would reorder the text shown
// after the value (the site name in <title>, the date in a list).
std::string scalar_problem(const std::string& s, std::string& rule) {
  std::vector<char32_t> open;  // what closes each open level: U+202C or U+2069
  for (std::size_t i = 0; i < s.size();) {
    const CodePoint cp = decode_utf8_at(s, i);
    i += cp.length;
    const char32_t c = cp.valid ? cp.value : 0xD800;  // only a "\uD800" escape decodes so
    if (const std::string m = refused_front_matter_character(c, false, rule); !m.empty()) return m;
    rule = "front-matter/bidi";
    if (c == 0x202A || c == 0x202B) open.push_back(0x202C);
    if (c >= 0x2066 && c <= 0x2068) open.push_back(0x2069);
    if (c == 0x202C || c == 0x2069) {
      if (open.empty())
        return "bidi control " + code_point_name(c) + " closes nothing open before it";
      if (open.back() != c)
        return "bidi control " + code_point_name(c) +
               " closes out of order: " + code_point_name(open.back()) + " must come first";
      open.pop_back();
    }
  }
  if (!open.empty())
    return "bidi control left open: close it with " + code_point_name(open.back()) +
           " within the value";
  return "";
}

// The first scalar with a problem: the file's bytes were checked, but an
// escape ("\0", "\e", "\uFFFE") reaches pages and headers only now, and a
// bidi control only matters as part of its value.
std::optional<RefusedScalar> find_refused(const YAML::Node& n) {
  if (n.IsScalar()) {
    std::string rule;
    std::string message = scalar_problem(n.Scalar(), rule);
    if (message.empty()) return std::nullopt;
    return RefusedScalar{n, rule, message};
  }
  if (n.IsSequence())
    for (const auto& item : n)
      if (auto found = find_refused(item)) return found;
  if (n.IsMap())
    for (const auto& kv : n) {
      if (auto found = find_refused(kv.first)) return found;
      if (auto found = find_refused(kv.second)) return found;
    }
  return std::nullopt;
}

}  // namespace

std::optional<FrontMatter> parse_front_matter(const std::string& yaml, const YamlOrigin& origin,
                                              DiagnosticSink& sink) {
  if (!prescan_yaml(yaml, origin, 32, sink)) return std::nullopt;
  auto doc = parse_yaml(yaml, origin, "front-matter/yaml", sink);
  if (!doc) return std::nullopt;
  FrontMatter fm;
  if (doc->IsNull()) return fm;
  if (!doc->IsMap()) {
    sink.error({origin.path, origin.first_line, 1}, "front-matter/value-type",
               "front matter must be a mapping of keys to values");
    return std::nullopt;
  }
  if (const YAML::Node deep = find_too_deep(*doc, 32); deep.IsDefined() && !deep.IsNull()) {
    sink.error(location_of(deep, origin), "front-matter/too-deep", "nesting deeper than 32 levels");
    return std::nullopt;
  }
  if (const auto refused = find_refused(*doc)) {
    sink.error(location_of(refused->node, origin), refused->rule, refused->message);
    return std::nullopt;
  }
  FmReader r(origin, sink);
  check_duplicate_keys(*doc, origin, "front-matter/duplicate-key", sink);
  check_unknown_keys(*doc, front_matter_keys(), origin, "front-matter/unknown-key", "front matter",
                     sink);
  try {
    // A key without a value is reported at the key (a null node's mark is
    // wherever the next token starts) and otherwise ignored.
    YAML::Node root;
    for (const auto& kv : *doc) {
      if (!kv.first.IsScalar()) continue;
      if (kv.second.IsNull()) {
        sink.error(r.at(kv.first), "front-matter/value-type",
                   "'" + kv.first.Scalar() + "' has no value");
        fm.empty_keys.push_back(kv.first.Scalar());
        continue;
      }
      fm.keys[kv.first.Scalar()] = r.at(kv.first);
      root[kv.first.Scalar()] = kv.second;
    }
    if (const YAML::Node n = root["title"]) fm.title = r.text(n, "title", 200);
    if (const YAML::Node n = root["summary"]) fm.summary = r.text(n, "summary", 500);
    if (const YAML::Node n = root["verdict"]) fm.verdict = r.text(n, "verdict", 1000);
    if (const YAML::Node n = root["type"]) {
      if (auto t = r.text(n, "type", 20)) {
        if (t->value != "news" && t->value != "review" && t->value != "analysis")
          r.error(n, "front-matter/type",
                  "'type' must be news, review or analysis, not \"" + t->value + "\"");
        else
          fm.type = t;
      }
    }
    if (const YAML::Node n = root["date"]) fm.date = r.date(n, "date");
    if (const YAML::Node n = root["updated"]) fm.updated = r.date(n, "updated");
    if (const YAML::Node n = root["checked"]) fm.checked = r.date(n, "checked");
    if (const YAML::Node n = root["authors"]) fm.authors = r.string_list(n, "authors");
    if (const YAML::Node n = root["tags"]) {
      if (!n.IsSequence()) {
        r.error(n, "front-matter/value-type", "'tags' must be a list of slugs");
      } else {
        for (const auto& item : n) {
          auto tag = r.plain_string(item, "tags[]");
          if (!tag) continue;
          if (is_slug(*tag))
            fm.tags.push_back(*tag);
          else
            r.error(item, "front-matter/tags",
                    "tag \"" + *tag + "\" is not a slug ([a-z0-9]+(-[a-z0-9]+)*)");
        }
      }
    }
    if (const YAML::Node n = root["draft"])
      fm.draft = scalar_bool(n, "draft", origin, "front-matter/bool", sink).value_or(false);
    if (const YAML::Node n = root["related"]) {
      if (!n.IsSequence()) {
        r.error(n, "front-matter/value-type", "'related' must be a list of bundle ids");
      } else {
        for (const auto& item : n)
          if (auto s = r.plain_string(item, "related[]")) fm.related.push_back({*s, r.at(item)});
      }
    }
    if (const YAML::Node n = root["sources"]) read_sources(r, n, fm);
    if (const YAML::Node n = root["figures"]) read_figures(r, n, fm);
    read_review_blocks(r, root, fm);
    if (const YAML::Node n = root["translation_of"])
      fm.translation_of = r.text(n, "translation_of", 35);
    if (const YAML::Node n = root["source_digest"]) {
      if (auto d = r.text(n, "source_digest", 40)) {
        if (all_of_size(d->value, 40,
                        [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); }))
          fm.source_digest = d;
        else
          r.error(n, "front-matter/source-digest", "'source_digest' must be 40 hex digits");
      }
    }
  } catch (const YAML::Exception& e) {
    sink.error(location_of(e.mark, origin), "front-matter/yaml",
               std::string("invalid value: ") + e.msg);
  }
  return fm;
}

}  // namespace pp
