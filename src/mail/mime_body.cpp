// Writing the body directly saves GMime's per-part objects (streams, data
// wrappers, content types, filter chains) and the extra pass of its best
// filter; the encoding itself is still GMime's (g_mime_encoding_*).
#include "mail/mime_body.h"

#include <gmime/gmime.h>

namespace pp {

bool text_part_wants_base64(std::string_view text) {
  std::size_t count0 = 0, count8 = 0;
  for (const char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    count0 += c == 0;
    count8 += c >> 7;
  }
  return count0 > 0 || (count8 > 0 && count8 >= text.size() * 17 / 100);
}

namespace {

// `text` in `encoding` by GMime's encoder, appended to `out` with each LF
// that does not follow a CR written as CRLF (GMime's unix2dos filter).
void append_encoded(std::string& out, std::string_view text, GMimeContentEncoding encoding) {
  GMimeEncoding state;
  g_mime_encoding_init_encode(&state, encoding);
  std::string encoded(g_mime_encoding_outlen(&state, text.size()) + 16, '\0');
  encoded.resize(g_mime_encoding_flush(&state, text.data(), text.size(), encoded.data()));
  out.reserve(out.size() + encoded.size() + encoded.size() / 32);
  char previous = out.empty() ? '\0' : out.back();
  for (const char c : encoded) {
    if (c == '\n' && previous != '\r') out += '\r';
    out += c;
    previous = c;
  }
}

void append_part(std::string& out, const char* subtype, std::string_view content,
                 std::string_view boundary) {
  const bool base64 = text_part_wants_base64(content);
  out.append("--").append(boundary).append("\r\n");
  out.append("Content-Type: text/").append(subtype).append("; charset=utf-8\r\n");
  out.append("Content-Transfer-Encoding: ")
      .append(base64 ? "base64" : "quoted-printable")
      .append("\r\n\r\n");
  append_encoded(out, content,
                 base64 ? GMIME_CONTENT_ENCODING_BASE64 : GMIME_CONTENT_ENCODING_QUOTEDPRINTABLE);
}

}  // namespace

std::string alternative_body(std::string_view text, std::string_view html,
                             std::string_view boundary) {
  std::string out;
  out.reserve(text.size() + html.size() + text.size() / 4 + html.size() / 4 + 512);
  append_part(out, "plain", text, boundary);
  out.append("\r\n");
  append_part(out, "html", html, boundary);
  out.append("\r\n--").append(boundary).append("--\r\n");
  return out;
}

}  // namespace pp
