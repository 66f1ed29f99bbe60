#pragma once
// Words in a translatable text, as translation tools see them: counted as
// pocount counts them, and compared to tell an edited block from another.

#include <cstddef>
#include <string_view>
#include <vector>

namespace pp {

/// The words of `text` as translation tools count them (translate-toolkit's
/// pocount, Weblate): runs between spaces that hold a letter or a digit, and
/// each Han or kana character, which CJK text does not space.
std::size_t count_words(std::string_view text);

/// `text` cut for comparison: each run of letters and digits, each Han or
/// kana character and each other character but spaces, in order (views into
/// `text`).
std::vector<std::string_view> word_tokens(std::string_view text);

/// How alike two texts are, from 0 (nothing in common) to 1 (the same
/// tokens): twice their longest common subsequence of word_tokens() over
/// the tokens of both — the measure GNU msgmerge uses for its fuzzy matches
/// (fstrcmp), on words instead of bytes, so that two unrelated paragraphs do
/// not look alike for sharing letters.
double token_similarity(const std::vector<std::string_view>& a,
                        const std::vector<std::string_view>& b);

/// token_similarity() of two texts.
double text_similarity(std::string_view a, std::string_view b);

/// The similarity at and above which an edited block is taken for the block
/// it was (msgmerge's own fuzzy threshold): one half of a paragraph split in
/// two equal parts is still its block; a rewritten paragraph is not.
inline constexpr double kSimilarBlock = 0.6;

}  // namespace pp
