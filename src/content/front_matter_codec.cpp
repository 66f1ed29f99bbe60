// Front matter in the parse cache: the value codecs and the field loop.
#include "content/front_matter_codec.h"

#include "content/front_matter_fields.h"

namespace pp {

void encode_front_matter(ByteWriter& w, const FrontMatter& f) {
  for (const FrontMatterField& field : front_matter_fields()) field.ops.encode(w, f);
  w.num(f.keys.size());
  for (const auto& [key, where] : f.keys) {
    w.str(key);
    w.loc(where);
  }
  w.strings(f.empty_keys);
}

FrontMatter decode_front_matter(ByteReader& r) {
  FrontMatter f;
  for (const FrontMatterField& field : front_matter_fields()) field.ops.decode(r, f);
  for (auto n = r.num(); r.ok && n > 0; --n) {
    std::string key = r.str();
    f.keys.emplace(std::move(key), r.loc());
  }
  f.empty_keys = r.strings();
  return f;
}

void put_value(ByteWriter& w, const std::optional<Located<std::string>>& v) {
  w.text(v);
}

void put_value(ByteWriter& w, const std::optional<Located<ArticleType>>& v) {
  w.text(v ? std::optional<Located<std::string>>({to_string(v->value), v->where}) : std::nullopt);
}

void put_value(ByteWriter& w, const std::optional<Located<Date>>& v) {
  w.date(v);
}

void put_value(ByteWriter& w, const std::optional<Located<double>>& v) {
  w.num(v ? 1 : 0);
  if (!v) return;
  w.real(v->value);
  w.loc(v->where);
}

void put_value(ByteWriter& w, const std::vector<std::string>& v) {
  w.strings(v);
}

void put_value(ByteWriter& w, const std::vector<Located<std::string>>& v) {
  w.num(v.size());
  for (const auto& x : v) w.text(x);
}

void put_value(ByteWriter& w, bool v) {
  w.num(v ? 1 : 0);
}

void put_value(ByteWriter& w, const std::vector<SourceRef>& v) {
  w.num(v.size());
  for (const auto& s : v) {
    w.str(s.title);
    w.str(s.url);
    w.str(s.publisher);
    w.date(s.accessed ? std::optional<Located<Date>>(Located<Date>{*s.accessed, {}})
                      : std::nullopt);
    w.loc(s.where);
    w.loc(s.url_where);
    w.loc(s.accessed_where);
  }
}

void put_value(ByteWriter& w, const std::map<std::string, Figure>& v) {
  w.num(v.size());
  for (const auto& [name, fig] : v) {
    w.str(name);
    w.str(fig.name);
    w.real(fig.value);
    w.str(fig.format);
    w.str(fig.currency);
    w.loc(fig.where);
    w.loc(fig.format_where);
  }
}

void put_value(ByteWriter& w, const std::optional<Price>& v) {
  w.num(v ? 1 : 0);
  if (!v) return;
  w.real(v->amount);
  w.str(v->currency);
  w.str(v->period);
  w.loc(v->where);
}

void put_value(ByteWriter& w, const std::optional<Product>& v) {
  w.num(v ? 1 : 0);
  if (!v) return;
  w.str(v->name);
  w.str(v->url);
  w.str(v->kind);
  w.loc(v->where);
  w.loc(v->url_where);
}

void get_value(ByteReader& r, std::optional<Located<std::string>>& v) {
  v = r.text();
}

void get_value(ByteReader& r, std::optional<Located<ArticleType>>& v) {
  const auto t = r.text();
  if (!t) return;
  const auto type = article_type_from(t->value);
  if (!type) {
    r.ok = false;
    return;
  }
  v = Located<ArticleType>{*type, t->where};
}

void get_value(ByteReader& r, std::optional<Located<Date>>& v) {
  v = r.date();
}

void get_value(ByteReader& r, std::optional<Located<double>>& v) {
  if (!r.num()) return;
  Located<double> x;
  x.value = r.real();
  x.where = r.loc();
  v = x;
}

void get_value(ByteReader& r, std::vector<std::string>& v) {
  v = r.strings();
}

void get_value(ByteReader& r, std::vector<Located<std::string>>& v) {
  for (auto n = r.num(); r.ok && n > 0; --n)
    if (auto t = r.text()) v.push_back(std::move(*t));
}

void get_value(ByteReader& r, bool& v) {
  v = r.num() != 0;
}

void get_value(ByteReader& r, std::vector<SourceRef>& v) {
  for (auto n = r.num(); r.ok && n > 0; --n) {
    SourceRef s;
    s.title = r.str();
    s.url = r.str();
    s.publisher = r.str();
    if (auto d = r.date()) s.accessed = d->value;
    s.where = r.loc();
    s.url_where = r.loc();
    s.accessed_where = r.loc();
    v.push_back(std::move(s));
  }
}

void get_value(ByteReader& r, std::map<std::string, Figure>& v) {
  for (auto n = r.num(); r.ok && n > 0; --n) {
    const std::string key = r.str();
    Figure fig;
    fig.name = r.str();
    fig.value = r.real();
    fig.format = r.str();
    fig.currency = r.str();
    fig.where = r.loc();
    fig.format_where = r.loc();
    v.emplace(key, std::move(fig));
  }
}

void get_value(ByteReader& r, std::optional<Price>& v) {
  if (!r.num()) return;
  Price p;
  p.amount = r.real();
  p.currency = r.str();
  p.period = r.str();
  p.where = r.loc();
  v = std::move(p);
}

void get_value(ByteReader& r, std::optional<Product>& v) {
  if (!r.num()) return;
  Product p;
  p.name = r.str();
  p.url = r.str();
  p.kind = r.str();
  p.where = r.loc();
  p.url_where = r.loc();
  v = std::move(p);
}

void put_value(ByteWriter& w, const std::optional<Cover>& v) {
  w.num(v ? 1 : 0);
  if (!v) return;
  w.str(v->src);
  w.str(v->alt);
  w.loc(v->where);
  w.loc(v->src_where);
}

void get_value(ByteReader& r, std::optional<Cover>& v) {
  if (!r.num()) return;
  Cover c;
  c.src = r.str();
  c.alt = r.str();
  c.where = r.loc();
  c.src_where = r.loc();
  v = std::move(c);
}

}  // namespace pp
