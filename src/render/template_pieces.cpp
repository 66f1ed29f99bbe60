#include "render/template_pieces.h"

#include "render/template_tags.h"

namespace pp {

std::vector<Piece> pieces_of(std::string_view text, bool& changes_delimiters) {
  const auto translations = find_translations(text);
  const TemplateTags tags = find_tags(text);
  changes_delimiters = tags.changes_delimiters;
  std::vector<Piece> out;
  std::size_t t = 0;
  auto translation = [&] {
    out.push_back({Piece::translation, translations[t].position, translations[t].length,
                   translations[t].text});
    ++t;
  };
  for (const auto& tag : tags.tags) {
    while (t < translations.size() &&
           translations[t].position + translations[t].length <= tag.position)
      translation();
    if (t < translations.size() && tag.position >= translations[t].position) continue;
    Piece p{Piece::other, tag.position, tag.length, ""};
    const std::string& s = tag.text;
    auto name_after = [&](std::size_t n) {
      std::string v = s.substr(n);
      v.erase(0, v.find_first_not_of(" \t"));
      return v;
    };
    if (s.empty() || s[0] == '!' || s[0] == '>') {
      // A comment, a partial: nothing the scanner judges.
    } else if (s[0] == '&') {
      p.kind = Piece::raw;
      p.name = name_after(1);
    } else if (s[0] == '#' || s[0] == '^') {
      p.kind = Piece::open;
      p.name = name_after(1);
    } else if (s[0] == '/') {
      p.kind = Piece::close;
    } else {
      p.kind = Piece::value;
      p.name = s;
    }
    out.push_back(std::move(p));
  }
  while (t < translations.size()) translation();
  return out;
}

}  // namespace pp
