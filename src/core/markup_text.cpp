#include "core/markup_text.h"

#include <vector>

#include "core/code_points.h"

namespace pp {

std::string drop_refused_in_markup(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  // Bytes are copied in runs: almost every page and email has nothing to drop.
  std::size_t run = 0;
  for (std::size_t i = 0; i < s.size();) {
    i = plain_utf8_run(s, i);
    if (i == s.size()) break;
    const CodePoint cp = decode_utf8_at(s, i);
    if (cp.valid && !is_refused_in_markup(cp.value)) {
      i += cp.length;
      continue;
    }
    out.append(s, run, i - run);
    if (!cp.valid) out += "\xEF\xBF\xBD";  // U+FFFD
    i += cp.length;
    run = i;
  }
  out.append(s, run, s.size() - run);
  return out;
}

std::string form_feeds_as_spaces(std::string s) {
  for (char& c : s)
    if (c == '\f') c = ' ';
  return s;
}

namespace {

constexpr char32_t kPdf = 0x202C;  // pop directional formatting
constexpr char32_t kPdi = 0x2069;  // pop directional isolate

bool opens_embedding(char32_t c) {
  return c == 0x202A || c == 0x202B || c == 0x202D || c == 0x202E;
}

bool opens_isolate(char32_t c) {
  return c >= 0x2066 && c <= 0x2068;
}

}  // namespace

std::string close_bidi_controls(std::string_view s) {
  // Every bidi control is E2 80 xx or E2 81 xx in UTF-8.
  if (s.find('\xE2') == std::string_view::npos) return std::string(s);
  std::string out;
  out.reserve(s.size());
  std::vector<char32_t> open;  // kPdf or kPdi: what closes each open level
  bool any = false;
  for (std::size_t i = 0; i < s.size();) {
    const CodePoint cp = decode_utf8_at(s, i);
    const char32_t c = cp.valid ? cp.value : 0;
    bool keep = true;
    if (opens_embedding(c)) {
      open.push_back(kPdf);
    } else if (opens_isolate(c)) {
      open.push_back(kPdi);
    } else if (c == kPdf) {
      // As in UAX #9: a PDF closes an embedding opened inside the same
      // isolate, never one outside it.
      keep = !open.empty() && open.back() == kPdf;
      if (keep) open.pop_back();
    } else if (c == kPdi) {
      // A PDI closes its isolate and every embedding opened inside it.
      std::size_t k = open.size();
      while (k > 0 && open[k - 1] != kPdi) --k;
      keep = k > 0;
      if (keep) open.resize(k - 1);
    }
    any = any || opens_embedding(c) || opens_isolate(c) || c == kPdf || c == kPdi;
    if (keep) out.append(s, i, cp.length);
    i += cp.length;
  }
  if (!any) return std::string(s);
  for (auto it = open.rbegin(); it != open.rend(); ++it) out += encode_utf8(*it);
  return out;
}

std::string bidi_problem(std::string_view s) {
  if (s.find('\xE2') == std::string_view::npos) return "";
  std::vector<char32_t> open;  // what closes each open level: U+202C or U+2069
  for (std::size_t i = 0; i < s.size();) {
    const CodePoint cp = decode_utf8_at(s, i);
    i += cp.length;
    const char32_t c = cp.valid ? cp.value : 0;
    if (c == 0x202D || c == 0x202E)
      return "bidi override " + code_point_name(c) +
             " reverses the text around it (an isolate, U+2066 to U+2069, sets a direction "
             "safely)";
    if (c == 0x202A || c == 0x202B) open.push_back(kPdf);
    if (c >= 0x2066 && c <= 0x2068) open.push_back(kPdi);
    if (c == kPdf || c == kPdi) {
      if (open.empty())
        return "bidi control " + code_point_name(c) + " closes nothing open before it";
      if (open.back() != c)
        return "bidi control " + code_point_name(c) +
               " closes out of order: " + code_point_name(open.back()) + " must come first";
      open.pop_back();
    }
  }
  if (!open.empty())
    return "bidi control left open: close it with " + code_point_name(open.back()) +
           " within the value";
  return "";
}

std::string markup_value(std::string_view s) {
  return close_bidi_controls(drop_refused_in_markup(s));
}

}  // namespace pp
