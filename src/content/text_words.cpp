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

namespace {

// `text` without link destinations, autolinks and bare URLs.
std::string without_addresses(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    if (text.compare(i, 2, "](") == 0) {  // a destination: up to its ')'
      const auto close = text.find(')', i + 2);
      out += ' ';
      i = close == std::string_view::npos ? text.size() : close + 1;
      continue;
    }
    if (text[i] == '<' && text.find('>', i) != std::string_view::npos &&
        text.substr(i + 1, text.find('>', i) - i - 1).find(':') != std::string_view::npos &&
        text.substr(i + 1, text.find('>', i) - i - 1).find(' ') == std::string_view::npos) {
      out += ' ';
      i = text.find('>', i) + 1;
      continue;
    }
    if (text.compare(i, 7, "http://") == 0 || text.compare(i, 8, "https://") == 0) {
      while (i < text.size() && text[i] != ' ' && text[i] != '\n') ++i;
      out += ' ';
      continue;
    }
    out += text[i++];
  }
  return out;
}

}  // namespace

std::vector<std::string> comparable_words(std::string_view input) {
  const std::string text = without_addresses(input);
  std::vector<std::string> out;
  const auto size = static_cast<int32_t>(text.size());
  int32_t run = -1;  // start of the run of letters and digits being read
  for (int32_t i = 0; i < size;) {
    const int32_t start = i;
    UChar32 c;
    U8_NEXT(text.data(), i, size, c);
    const bool cjk = c >= 0 && is_han_or_kana(c);
    if (c >= 0 && u_isalnum(c) && !cjk) {
      if (run < 0) run = start;
      continue;
    }
    if (run >= 0) out.push_back(text.substr(run, start - run));
    run = -1;
    if (cjk) out.push_back(text.substr(start, i - start));
  }
  if (run >= 0) out.push_back(text.substr(run));
  return out;
}

double token_similarity(const std::vector<std::string>& a, const std::vector<std::string>& b) {
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
  return token_similarity(comparable_words(a), comparable_words(b));
}

}  // namespace pp
