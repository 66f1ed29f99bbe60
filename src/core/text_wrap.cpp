#include "core/text_wrap.h"

#include <unicode/brkiter.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>
#include <unicode/utext.h>

#include <algorithm>
#include <map>
#include <memory>
#include <string_view>

#include "core/code_points.h"
#include "core/text.h"

namespace pp {

namespace {

std::size_t char_width(UChar32 c) {
  // Below the combining marks everything is one column but the soft hyphen
  // (a format character): no property lookups for Latin text.
  if (c < 0x300) return c == 0xAD ? 0 : 1;
  // Hangul syllables, CJK ideographs, and kana but their combining marks
  // (U+3099, U+309A): wide letters, also without lookups.
  if ((c >= 0xAC00 && c <= 0xD7A3) || (c >= 0x4E00 && c <= 0x9FFF) ||
      (c >= 0x3041 && c <= 0x3096) || (c >= 0x30A1 && c <= 0x30FA))
    return 2;
  const auto gc = u_charType(c);
  if (gc == U_NON_SPACING_MARK || gc == U_ENCLOSING_MARK || gc == U_FORMAT_CHAR) return 0;
  const auto ea = u_getIntPropertyValue(c, UCHAR_EAST_ASIAN_WIDTH);
  return ea == U_EA_WIDE || ea == U_EA_FULLWIDTH ? 2 : 1;
}

// Columns of the UTF-8 bytes [from, to).
std::size_t width_of(std::string_view s, std::size_t from, std::size_t to) {
  std::size_t w = 0;
  for (std::size_t i = from; i < to;) {
    if (static_cast<unsigned char>(s[i]) < 0x80) {
      ++w, ++i;
      continue;
    }
    const CodePoint cp = decode_utf8_at(s, i);
    w += char_width(static_cast<UChar32>(cp.value));
    i += cp.length;
  }
  return w;
}

bool is_space(char c) {
  return c == ' ' || c == '\t';
}

// The byte ranges of the http:// and https:// URLs in `s`, each up to a space.
std::vector<std::pair<std::size_t, std::size_t>> url_ranges(std::string_view s) {
  std::vector<std::pair<std::size_t, std::size_t>> urls;
  for (auto at = s.find("http"); at != std::string_view::npos; at = s.find("http", at + 1)) {
    const std::string_view rest = s.substr(at);
    if (rest.rfind("http://", 0) != 0 && rest.rfind("https://", 0) != 0) continue;
    std::size_t end = at;
    while (end < s.size() && !is_space(s[end])) ++end;
    urls.push_back({at, end});
    at = end - 1;
  }
  return urls;
}

// ICU's line-break opportunities in valid UTF-8 `s`, as byte offsets: ICU
// reads the bytes in place (a UTF-8 UText), nothing is converted.
std::vector<std::size_t> break_offsets(std::string_view s, icu::BreakIterator* breaker) {
  std::vector<std::size_t> breaks;
  UErrorCode status = U_ZERO_ERROR;
  UText* text = utext_openUTF8(nullptr, s.data(), static_cast<int64_t>(s.size()), &status);
  breaker->setText(text, status);
  if (U_SUCCESS(status))
    for (int32_t b = breaker->next(); b != icu::BreakIterator::DONE; b = breaker->next())
      breaks.push_back(static_cast<std::size_t>(b));
  utext_close(text);
  if (breaks.empty() || breaks.back() != s.size()) breaks.push_back(s.size());
  return breaks;
}

void wrap_paragraph(std::string_view s, std::size_t width, icu::BreakIterator* breaker,
                    bool keep_all, const std::string& first_prefix, const std::string& rest_prefix,
                    std::vector<std::string>& lines) {
  std::string line = first_prefix;
  std::size_t line_width = display_width(first_prefix);
  auto finish = [&] {
    while (!line.empty() && line.back() == ' ') line.pop_back();
    lines.push_back(line);
  };
  // Most lines of an email (and short paragraphs) need no break at all.
  if (line_width + width_of(s, 0, s.size()) <= width) {
    line.append(s);
    return finish();
  }
  const std::vector<std::size_t> breaks = break_offsets(s, breaker);
  const auto urls = url_ranges(s);
  // Korean breaks between words, not between syllables (CSS keep-all).
  auto inside_url = [&](std::size_t b) {
    if (keep_all && b > 0 && b < s.size() && !is_space(s[b - 1])) return true;
    for (const auto& [from, to] : urls)
      if (b > from && b < to) return true;
    return false;
  };
  const std::size_t rest_width = display_width(rest_prefix);
  bool empty = true;
  std::size_t start = 0;
  for (const std::size_t b : breaks) {
    if (inside_url(b) && b != s.size()) continue;
    // The segment [start, b): its text without trailing spaces must fit.
    std::size_t text_end = b;
    while (text_end > start && is_space(s[text_end - 1])) --text_end;
    const std::size_t w = width_of(s, start, text_end);
    if (!empty && line_width + w > width) {
      finish();
      line = rest_prefix;
      line_width = rest_width;
      empty = true;
    }
    line.append(s.substr(start, b - start));
    line_width += w + (b - text_end);
    empty = false;
    start = b;
  }
  finish();
}

}  // namespace

std::size_t display_width(const std::string& text) {
  // ASCII is one column a byte.
  if (std::all_of(text.begin(), text.end(), [](char c) { return (c & 0x80) == 0; }))
    return text.size();
  if (find_invalid_utf8(text) != std::string::npos) {
    std::string valid;  // U+FFFD where ICU's conversion puts it
    icu::UnicodeString::fromUTF8(text).toUTF8String(valid);
    return width_of(valid, 0, valid.size());
  }
  return width_of(text, 0, text.size());
}

std::vector<std::string> wrap_text(const std::string& text, std::size_t width,
                                   const std::string& locale, const std::string& first_prefix,
                                   const std::string& rest_prefix) {
  // One line breaker per locale and thread: building one loads ICU's rules.
  UErrorCode status = U_ZERO_ERROR;
  thread_local std::map<std::string, std::unique_ptr<icu::BreakIterator>> breakers;
  auto& breaker = breakers[locale];
  if (!breaker)
    breaker.reset(icu::BreakIterator::createLineInstance(
        icu::Locale::forLanguageTag(locale, status), status));
  std::vector<std::string> lines;
  std::size_t from = 0;
  bool first = true;
  while (true) {
    const auto nl = text.find('\n', from);
    std::string piece = text.substr(from, nl == std::string::npos ? nl : nl - from);
    // Invalid bytes become U+FFFD as ICU's conversion makes them.
    if (find_invalid_utf8(piece) != std::string::npos) {
      const std::string bytes = std::move(piece);
      icu::UnicodeString::fromUTF8(bytes).toUTF8String(piece);
    }
    const std::string& prefix = first ? first_prefix : rest_prefix;
    if (U_FAILURE(status) || !breaker)
      lines.push_back(prefix + piece);
    else
      wrap_paragraph(piece, width, breaker.get(), locale.rfind("ko", 0) == 0, prefix, rest_prefix,
                     lines);
    first = false;
    if (nl == std::string::npos) break;
    from = nl + 1;
  }
  return lines;
}

}  // namespace pp
