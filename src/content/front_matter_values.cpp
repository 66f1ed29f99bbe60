// The readers of front matter values: one per key whose value has rules of
// its own (front_matter_fields.cpp names the reader of each key).
#include <unicode/ucurr.h>
#include <cmath>

#include "content/front_matter_reader.h"
#include "core/code_points.h"
#include "core/text.h"

namespace pp {

std::optional<Located<std::string>> FmReader::text(const YAML::Node& n, const std::string& key,
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

std::optional<Located<Date>> FmReader::date(const YAML::Node& n, const std::string& key) {
  if (n.IsScalar()) {
    if (auto d = parse_date(n.Scalar())) return Located<Date>{*d, at(n)};
  }
  error(n, "front-matter/date",
        "'" + key + "' is not a date: \"" + (n.IsScalar() ? n.Scalar() : std::string("?")) +
            "\" (use YYYY-MM-DD or an RFC 3339 date-time with offset)");
  return std::nullopt;
}

std::vector<std::string> FmReader::string_list(const YAML::Node& n, const std::string& key) {
  std::vector<std::string> out;
  if (!n.IsSequence()) {
    error(n, "front-matter/value-type", "'" + key + "' must be a list of strings");
    return out;
  }
  for (const auto& item : n)
    if (auto s = plain_string(item, key + "[]")) out.push_back(*s);
  return out;
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

}  // namespace

void read_sources(FmReader& r, const YAML::Node& n, std::string_view, FrontMatter& fm) {
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

void read_figures(FmReader& r, const YAML::Node& n, std::string_view, FrontMatter& fm) {
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

void read_rating(FmReader& r, const YAML::Node& n, std::string_view, FrontMatter& fm) {
  if (auto v = r.number(n, "rating")) {
    if (*v < 0 || *v > 5 || std::fmod(*v * 2, 1.0) != 0)
      r.error(n, "front-matter/rating", "'rating' must be 0 to 5 in steps of 0.5");
    else
      fm.rating = Located<double>{*v, r.at(n)};
  }
}

void read_price(FmReader& r, const YAML::Node& n, std::string_view, FrontMatter& fm) {
  if (!expect_map(r, n, "price")) return;
  check_unknown_keys(n, {"amount", "currency", "period"}, r.origin(), "front-matter/unknown-key",
                     "'price'", r.sink());
  Price p;
  p.where = r.at(n);
  bool ok = true;
  if (!n["amount"]) {
    r.error(n, "front-matter/required", "'price' needs 'amount'");
    ok = false;
  } else if (auto a = r.number(n["amount"], "amount"); a && *a >= 0) {
    p.amount = *a + 0.0;  // -0 is 0: free, never "-0.00" in JSON-LD
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

void read_product(FmReader& r, const YAML::Node& n, std::string_view, FrontMatter& fm) {
  if (!expect_map(r, n, "product")) return;
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

void read_type(FmReader& r, const YAML::Node& n, std::string_view, FrontMatter& fm) {
  auto t = r.text(n, "type", 20);
  if (!t) return;
  if (const auto type = article_type_from(t->value))
    fm.type = Located<ArticleType>{*type, t->where};
  else
    r.error(n, "front-matter/type",
            "'type' must be news, review or analysis, not \"" + t->value + "\"");
}

void read_authors(FmReader& r, const YAML::Node& n, std::string_view, FrontMatter& fm) {
  fm.authors = r.string_list(n, "authors");
}

void read_tags(FmReader& r, const YAML::Node& n, std::string_view, FrontMatter& fm) {
  if (!n.IsSequence()) {
    r.error(n, "front-matter/value-type", "'tags' must be a list of slugs");
    return;
  }
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

void read_draft(FmReader& r, const YAML::Node& n, std::string_view, FrontMatter& fm) {
  fm.draft = scalar_bool(n, "draft", r.origin(), "front-matter/bool", r.sink()).value_or(false);
}

void read_related(FmReader& r, const YAML::Node& n, std::string_view, FrontMatter& fm) {
  if (!n.IsSequence()) {
    r.error(n, "front-matter/value-type", "'related' must be a list of bundle ids");
    return;
  }
  for (const auto& item : n)
    if (auto s = r.plain_string(item, "related[]")) fm.related.push_back({*s, r.at(item)});
}

void read_source_digest(FmReader& r, const YAML::Node& n, std::string_view, FrontMatter& fm) {
  auto d = r.text(n, "source_digest", 40);
  if (!d) return;
  if (all_of_size(d->value, 40,
                  [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); }))
    fm.source_digest = d;
  else
    r.error(n, "front-matter/source-digest", "'source_digest' must be 40 hex digits");
}

}  // namespace pp
