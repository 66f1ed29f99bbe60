#include "content/text_words.h"

#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/utf8.h>

#include <algorithm>
#include <cstdint>

namespace pp {

namespace {

bool is_han_or_kana(UChar32 c) {
  UErrorCode status = U_ZERO_ERROR;
  const UScriptCode script = uscript_getScript(c, &status);
  return script == USCRIPT_HAN || script == USCRIPT_HIRAGANA || script == USCRIPT_KATAKANA;
}

}  // namespace

std::size_t count_words(std::string_view text) {
  std::size_t words = 0;
  bool in_word = false, counted = false;
  for (int32_t i = 0; i < static_cast<int32_t>(text.size());) {
    UChar32 c;
    U8_NEXT(text.data(), i, static_cast<int32_t>(text.size()), c);
    if (c < 0 || u_isUWhiteSpace(c)) {
      in_word = counted = false;
      continue;
    }
    if (is_han_or_kana(c)) {
      ++words;  // each character a word; what follows it starts another
      in_word = counted = false;
      continue;
    }
    if (!in_word) in_word = true, counted = false;
    if (!counted && u_isalnum(c)) {
      ++words;
      counted = true;
    }
  }
  return words;
}

std::vector<std::string_view> word_tokens(std::string_view text) {
  std::vector<std::string_view> out;
  const auto size = static_cast<int32_t>(text.size());
  int32_t run = -1;  // start of the run of letters and digits being read
  for (int32_t i = 0; i < size;) {
    const int32_t start = i;
    UChar32 c;
    U8_NEXT(text.data(), i, size, c);
    const bool word = c >= 0 && u_isalnum(c) && !is_han_or_kana(c);
    if (word) {
      if (run < 0) run = start;
      continue;
    }
    if (run >= 0) out.push_back(text.substr(run, start - run));
    run = -1;
    if (c >= 0 && u_isUWhiteSpace(c)) continue;
    out.push_back(text.substr(start, i - start));
  }
  if (run >= 0) out.push_back(text.substr(run));
  return out;
}

double token_similarity(const std::vector<std::string_view>& a,
                        const std::vector<std::string_view>& b) {
  const std::size_t total = a.size() + b.size();
  if (total == 0) return 1;
  if (a.empty() || b.empty()) return 0;
  // The longest common subsequence, one row at a time.
  std::vector<std::uint32_t> row(b.size() + 1, 0), next(b.size() + 1, 0);
  for (std::size_t i = a.size(); i-- > 0;) {
    for (std::size_t j = b.size(); j-- > 0;)
      next[j] = a[i] == b[j] ? row[j + 1] + 1 : std::max(row[j], next[j + 1]);
    std::swap(row, next);
  }
  return 2.0 * row[0] / static_cast<double>(total);
}

double text_similarity(std::string_view a, std::string_view b) {
  return token_similarity(word_tokens(a), word_tokens(b));
}

}  // namespace pp
