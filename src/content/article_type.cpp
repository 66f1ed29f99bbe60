#include "content/article_type.h"

namespace pp {

const std::vector<ArticleType>& article_types() {
  static const std::vector<ArticleType> all = {ArticleType::news, ArticleType::review,
                                               ArticleType::analysis};
  return all;
}

std::string to_string(ArticleType type) {
  switch (type) {
    case ArticleType::news:
      return "news";
    case ArticleType::review:
      return "review";
    case ArticleType::analysis:
      return "analysis";
  }
  return "news";
}

std::optional<ArticleType> article_type_from(std::string_view name) {
  for (const ArticleType t : article_types())
    if (to_string(t) == name) return t;
  return std::nullopt;
}

}  // namespace pp
