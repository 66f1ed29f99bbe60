#pragma once
// The three kinds of article, named in one place (docs/spec.md, section 3).

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pp {

/// The `type` of an article.
enum class ArticleType { news, review, analysis };

/// Every type, in the order docs and messages list them.
const std::vector<ArticleType>& article_types();

/// "news", "review" or "analysis".
std::string to_string(ArticleType type);

/// The type written as `name`, or nullopt when it names none.
std::optional<ArticleType> article_type_from(std::string_view name);

}  // namespace pp
