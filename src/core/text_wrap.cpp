#include "core/text_wrap.h"

#include <unicode/brkiter.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>

#include <algorithm>
#include <map>
#include <memory>

namespace pp {

namespace {

std::size_t char_width(UChar32 c) {
  // Below the combining marks everything is one column but the soft hyphen
  // (a format character): no property lookups for Latin text.
  if (c < 0x300) return c == 0xAD ? 0 : 1;
  const auto gc = u_charType(c);
  if (gc == U_NON_SPACING_MARK || gc == U_ENCLOSING_MARK || gc == U_FORMAT_CHAR) return 0;
  const auto ea = u_getIntPropertyValue(c, UCHAR_EAST_ASIAN_WIDTH);
  return ea == U_EA_WIDE || ea == U_EA_FULLWIDTH ? 2 : 1;
}

std::size_t width_of(const icu::UnicodeString& s, int32_t from, int32_t to) {
  std::size_t w = 0;
  for (int32_t i = from; i < to;) {
    const UChar32 c = s.char32At(i);
    w += char_width(c);
    i += U16_LENGTH(c);
  }
  return w;
}

std::string utf8(const icu::UnicodeString& s, int32_t from, int32_t to) {
  std::string out;
  s.tempSubStringBetween(from, to).toUTF8String(out);
  return out;
}

bool is_space(UChar c) {
  return c == ' ' || c == '\t';
}

void wrap_paragraph(const icu::UnicodeString& s, std::size_t width, icu::BreakIterator* breaker,
                    bool keep_all, const std::string& first_prefix, const std::string& rest_prefix,
                    std::vector<std::string>& lines) {
  // Break opportunities, minus those inside URLs.
  std::vector<int32_t> breaks;
  breaker->setText(s);
  for (int32_t b = breaker->next(); b != icu::BreakIterator::DONE; b = breaker->next())
    breaks.push_back(b);
  std::vector<std::pair<int32_t, int32_t>> urls;
  for (int32_t at = s.indexOf(u"http", 0); at >= 0; at = s.indexOf(u"http", at + 1)) {
    const icu::UnicodeString rest = s.tempSubString(at);
    if (!rest.startsWith(u"http://") && !rest.startsWith(u"https://")) continue;
    int32_t end = at;
    while (end < s.length() && !is_space(s[end])) ++end;
    urls.push_back({at, end});
    at = end - 1;
  }
  // Korean breaks between words, not between syllables (CSS keep-all).
  auto inside_url = [&](int32_t b) {
    if (keep_all && b > 0 && b < s.length() && !is_space(s[b - 1])) return true;
    for (const auto& [from, to] : urls)
      if (b > from && b < to) return true;
    return false;
  };
  std::string line = first_prefix;
  std::size_t line_width = width_of(icu::UnicodeString::fromUTF8(first_prefix), 0,
                                    icu::UnicodeString::fromUTF8(first_prefix).length());
  const std::size_t rest_width = width_of(icu::UnicodeString::fromUTF8(rest_prefix), 0,
                                          icu::UnicodeString::fromUTF8(rest_prefix).length());
  bool empty = true;
  int32_t start = 0;
  for (int32_t b : breaks) {
    if (inside_url(b) && b != s.length()) continue;
    // The segment [start, b): its text without trailing spaces must fit.
    int32_t text_end = b;
    while (text_end > start && is_space(s[text_end - 1])) --text_end;
    const std::size_t w = width_of(s, start, text_end);
    const std::size_t spaces = static_cast<std::size_t>(b - text_end);
    if (!empty && line_width + w > width) {
      while (!line.empty() && line.back() == ' ') line.pop_back();
      lines.push_back(line);
      line = rest_prefix;
      line_width = rest_width;
      empty = true;
    }
    line += utf8(s, start, b);
    line_width += w + spaces;
    empty = false;
    start = b;
  }
  while (!line.empty() && line.back() == ' ') line.pop_back();
  lines.push_back(line);
}

}  // namespace

std::size_t display_width(const std::string& text) {
  // ASCII is one column a byte.
  if (std::all_of(text.begin(), text.end(), [](char c) { return (c & 0x80) == 0; }))
    return text.size();
  const icu::UnicodeString s = icu::UnicodeString::fromUTF8(text);
  return width_of(s, 0, s.length());
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
    const std::string piece = text.substr(from, nl == std::string::npos ? nl : nl - from);
    const std::string& prefix = first ? first_prefix : rest_prefix;
    if (U_FAILURE(status) || !breaker)
      lines.push_back(prefix + piece);
    else
      wrap_paragraph(icu::UnicodeString::fromUTF8(piece), width, breaker.get(),
                     locale.rfind("ko", 0) == 0, prefix, rest_prefix, lines);
    first = false;
    if (nl == std::string::npos) break;
    from = nl + 1;
  }
  return lines;
}

}  // namespace pp
