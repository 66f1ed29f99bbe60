#pragma once
// Words in a translatable text, as translation tools see them: counted as
// pocount counts them, and compared to tell an edited block from another.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace pp {

/// The words of `text` as translation tools count them (translate-toolkit's
/// pocount, Weblate): runs between spaces that hold a letter or a digit, and
/// each Han or kana character, which CJK text does not space.
std::size_t count_words(std::string_view text);

/// The words of a block's inline Markdown, for comparing it: each run of
/// letters and digits and each Han or kana character, in order, once link
/// destinations (`](…)`), autolinks (`<…>`) and bare URLs are taken out —
/// markup and addresses say nothing of what the text says.
std::vector<std::string> comparable_words(std::string_view text);

/// How alike two texts are, from 0 (nothing in common) to 1 (the same
/// words): twice their longest common subsequence of comparable_words()
/// over the words of both — the measure GNU msgmerge uses for its fuzzy
/// matches (fstrcmp), on words instead of bytes, so that two unrelated
/// paragraphs do not look alike for sharing letters, punctuation or links.
double token_similarity(const std::vector<std::string>& a, const std::vector<std::string>& b);

/// token_similarity() of two texts.
double text_similarity(std::string_view a, std::string_view b);

/// The similarity at and above which an edited block is taken for the block
/// it was (msgmerge's own fuzzy threshold): one half of a paragraph split in
/// two equal parts is still its block; a rewritten paragraph is not.
inline constexpr double kSimilarBlock = 0.6;

}  // namespace pp
