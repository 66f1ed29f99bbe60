#include "core/code_points.h"

#include <cstdint>
#include <cstdio>
#include <cstring>

namespace pp {

CodePoint decode_utf8_at(std::string_view s, std::size_t at) {
  const auto c = static_cast<unsigned char>(s[at]);
  if (c < 0x80) return {c, 1, true};
  std::size_t len = 0;
  char32_t min = 0, cp = 0;
  if ((c & 0xE0) == 0xC0)
    len = 2, min = 0x80, cp = c & 0x1F;
  else if ((c & 0xF0) == 0xE0)
    len = 3, min = 0x800, cp = c & 0x0F;
  else if ((c & 0xF8) == 0xF0)
    len = 4, min = 0x10000, cp = c & 0x07;
  else
    return {c, 1, false};
  if (at + len > s.size()) return {c, 1, false};
  for (std::size_t k = 1; k < len; ++k) {
    const auto cc = static_cast<unsigned char>(s[at + k]);
    if ((cc & 0xC0) != 0x80) return {c, 1, false};
    cp = (cp << 6) | (cc & 0x3F);
  }
  // Overlong forms, surrogates and values past U+10FFFF are not UTF-8.
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return {c, 1, false};
  return {cp, len, true};
}

namespace {

// Whether the eight bytes at `p` are all printable ASCII (0x20–0x7E), tested
// on one 64-bit word.
bool printable_ascii8(const unsigned char* p) {
  std::uint64_t w;
  std::memcpy(&w, p, 8);
  constexpr std::uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
  if (w & highs) return false;                       // a byte of 0x80 or more
  if ((w - 0x20 * ones) & ~w & highs) return false;  // a byte under 0x20
  const std::uint64_t del = w ^ (0x7F * ones);       // 0 where a byte is 0x7F
  return ((del - ones) & ~del & highs) == 0;
}

}  // namespace

std::size_t plain_utf8_run(std::string_view s, std::size_t at) {
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  const std::size_t n = s.size();
  const auto cont = [&](std::size_t k) { return k < n && (p[k] & 0xC0) == 0x80; };
  // Whether the three bytes from `k` (lead `c`, continuations checked) are
  // none of: an overlong form (E0 80–9F), a surrogate (ED A0–BF), a
  // noncharacter (EF B7 90–AF, EF BF BE–BF) or the BOM (EF BB BF).
  const auto plain3 = [&](unsigned char c, std::size_t k) {
    const unsigned char b = p[k + 1];
    if (c == 0xE0) return b >= 0xA0;
    if (c == 0xED) return b < 0xA0;
    if (c != 0xEF) return true;
    if (b == 0xB7) return false;
    if (b == 0xBB) return p[k + 2] != 0xBF;
    if (b == 0xBF) return p[k + 2] < 0xBE;
    return true;
  };
  while (at < n) {
    const unsigned char c = p[at];
    if ((c >= 0x20 && c < 0x7F) || c == '\t' || c == '\n' || c == '\r') {
      ++at;
      // Then eight printable ASCII bytes at a time, while there are.
      while (at + 8 <= n && printable_ascii8(p + at)) at += 8;
    } else if (c >= 0xC3 && c <= 0xDF && cont(at + 1)) {
      // C2 is left out: C2 80–C2 9F are the C1 controls.
      at += 2;
    } else if (c >= 0xE0 && c <= 0xEF && cont(at + 1) && cont(at + 2) && plain3(c, at)) {
      at += 3;
    } else {
      break;
    }
  }
  return at;
}

std::string encode_utf8(char32_t c) {
  std::string out;
  if (c < 0x80) {
    out += static_cast<char>(c);
  } else if (c < 0x800) {
    out += static_cast<char>(0xC0 | (c >> 6));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    out += static_cast<char>(0xE0 | (c >> 12));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (c >> 18));
    out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  }
  return out;
}

char32_t code_point_before(std::string_view s, std::size_t at) {
  if (at == 0) return 0;
  std::size_t i = at - 1;
  while (i > 0 && (static_cast<unsigned char>(s[i]) & 0xC0) == 0x80) --i;
  return decode_utf8_at(s, i).value;
}

bool is_control_character(char32_t c) {
  return c < 0x20 || (c >= 0x7F && c <= 0x9F);
}

bool is_noncharacter(char32_t c) {
  return (c >= 0xFDD0 && c <= 0xFDEF) || (c <= 0x10FFFF && (c & 0xFFFE) == 0xFFFE);
}

bool is_layout_control(char32_t c) {
  return (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069) || c == 0x200E ||
         c == 0x200F || c == 0x061C || c == 0x2028 || c == 0x2029;
}

bool is_refused_in_markup(char32_t c) {
  return (is_control_character(c) && c != '\t' && c != '\n' && c != '\r') || is_noncharacter(c);
}

std::string code_point_name(char32_t c) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "U+%04X", static_cast<unsigned>(c));
  return buf;
}

bool unspaced_script(char32_t c) {
  return (c >= 0x2E80 && c <= 0x2FDF) ||  // CJK radicals, Kangxi radicals
         (c >= 0x3000 && c <= 0x303F) ||  // CJK symbols and punctuation
         (c >= 0x3040 && c <= 0x30FF) ||  // hiragana, katakana (ー included)
         (c >= 0x3100 && c <= 0x312F) ||  // bopomofo
         (c >= 0x31F0 && c <= 0x31FF) ||  // katakana phonetic extensions
         (c >= 0x3400 && c <= 0x4DBF) ||  // CJK extension A
         (c >= 0x4E00 && c <= 0x9FFF) ||  // CJK unified ideographs
         (c >= 0xF900 && c <= 0xFAFF) ||  // CJK compatibility ideographs
         (c >= 0xFE30 && c <= 0xFE4F) ||  // CJK compatibility forms
         (c >= 0xFF01 && c <= 0xFF60) ||  // fullwidth forms
         (c >= 0xFF61 && c <= 0xFF9F) ||  // halfwidth katakana
         (c >= 0x20000 && c <= 0x3FFFF);  // the ideographs of planes 2 and 3
}

bool cjk_character(char32_t c) {
  return unspaced_script(c) || (c >= 0x1100 && c <= 0x11FF) || (c >= 0x3130 && c <= 0x318F) ||
         (c >= 0xA960 && c <= 0xA97F) || (c >= 0xAC00 && c <= 0xD7FF);
}

}  // namespace pp
