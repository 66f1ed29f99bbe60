#pragma once
// Internal to content: front matter in the parse cache's bytes. Each field's
// row (front_matter_fields.cpp) names its encoder and decoder; these are the
// value codecs they are built from.

#include "content/byte_codec.h"
#include "content/content.h"

namespace pp {

/// Writes every field in table order, then the keys as written.
void encode_front_matter(ByteWriter& w, const FrontMatter& f);

/// The inverse of encode_front_matter(); `r.ok` turns false on bad bytes.
FrontMatter decode_front_matter(ByteReader& r);

/// The value codecs, one pair per member type of FrontMatter.
void put_value(ByteWriter& w, const std::optional<Located<std::string>>& v);
void put_value(ByteWriter& w, const std::optional<Located<ArticleType>>& v);
void put_value(ByteWriter& w, const std::optional<Located<Date>>& v);
void put_value(ByteWriter& w, const std::optional<Located<double>>& v);
void put_value(ByteWriter& w, const std::vector<std::string>& v);
void put_value(ByteWriter& w, const std::vector<Located<std::string>>& v);
void put_value(ByteWriter& w, bool v);
void put_value(ByteWriter& w, const std::vector<SourceRef>& v);
void put_value(ByteWriter& w, const std::map<std::string, Figure>& v);
void put_value(ByteWriter& w, const std::optional<Price>& v);
void put_value(ByteWriter& w, const std::optional<Product>& v);
void put_value(ByteWriter& w, const std::optional<Cover>& v);

void get_value(ByteReader& r, std::optional<Located<std::string>>& v);
void get_value(ByteReader& r, std::optional<Located<ArticleType>>& v);
void get_value(ByteReader& r, std::optional<Located<Date>>& v);
void get_value(ByteReader& r, std::optional<Located<double>>& v);
void get_value(ByteReader& r, std::vector<std::string>& v);
void get_value(ByteReader& r, std::vector<Located<std::string>>& v);
void get_value(ByteReader& r, bool& v);
void get_value(ByteReader& r, std::vector<SourceRef>& v);
void get_value(ByteReader& r, std::map<std::string, Figure>& v);
void get_value(ByteReader& r, std::optional<Price>& v);
void get_value(ByteReader& r, std::optional<Product>& v);
void get_value(ByteReader& r, std::optional<Cover>& v);

/// The encoder and decoder of member `M`, for a row of the table.
template <auto M>
void encode_member(ByteWriter& w, const FrontMatter& f) {
  put_value(w, f.*M);
}
template <auto M>
void decode_member(ByteReader& r, FrontMatter& f) {
  get_value(r, f.*M);
}

}  // namespace pp
