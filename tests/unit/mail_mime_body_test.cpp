// The directly written multipart body against GMime's own object model and
// writer (what assemble_email used before): the same bytes for every input.
#include <gmime/gmime.h>
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "mail/mime_body.h"

namespace pp {
namespace {

// One text part the way GMime builds it: content of unknown encoding, charset
// utf-8, GMime's best encoding narrowed to base64 or quoted-printable.
GMimeObject* gmime_text_part(const char* subtype, const std::string& text) {
  GMimeTextPart* part = g_mime_text_part_new_with_subtype(subtype);
  GMimeStream* stream = g_mime_stream_mem_new_with_buffer(text.data(), text.size());
  GMimeDataWrapper* wrapper =
      g_mime_data_wrapper_new_with_stream(stream, GMIME_CONTENT_ENCODING_DEFAULT);
  g_mime_part_set_content(GMIME_PART(part), wrapper);
  g_object_unref(wrapper);
  g_object_unref(stream);
  g_mime_text_part_set_charset(part, "utf-8");
  GMimeContentEncoding enc =
      g_mime_part_get_best_content_encoding(GMIME_PART(part), GMIME_ENCODING_CONSTRAINT_7BIT);
  if (enc != GMIME_CONTENT_ENCODING_BASE64) enc = GMIME_CONTENT_ENCODING_QUOTEDPRINTABLE;
  g_mime_part_set_content_encoding(GMIME_PART(part), enc);
  return GMIME_OBJECT(part);
}

// The multipart written by GMime, CRLF: its Content-Type header, the blank
// line, the body.
std::string gmime_written(const std::string& text, const std::string& html,
                          const std::string& boundary) {
  g_mime_init();
  GMimeMultipart* alt = g_mime_multipart_new_with_subtype("alternative");
  g_mime_multipart_set_boundary(alt, boundary.c_str());
  GMimeObject* plain = gmime_text_part("plain", text);
  GMimeObject* rich = gmime_text_part("html", html);
  g_mime_multipart_add(alt, plain);
  g_mime_multipart_add(alt, rich);
  g_object_unref(plain);
  g_object_unref(rich);
  GMimeFormatOptions* options = g_mime_format_options_clone(nullptr);
  g_mime_format_options_set_newline_format(options, GMIME_NEWLINE_FORMAT_DOS);
  GMimeStream* out = g_mime_stream_mem_new();
  g_mime_object_write_to_stream(GMIME_OBJECT(alt), options, out);
  g_mime_format_options_free(options);
  GByteArray* bytes = g_mime_stream_mem_get_byte_array(GMIME_STREAM_MEM(out));
  std::string s(reinterpret_cast<const char*>(bytes->data), bytes->len);
  g_object_unref(out);
  g_object_unref(alt);
  return s;
}

std::string ours(const std::string& text, const std::string& html, const std::string& boundary) {
  return "Content-Type: multipart/alternative; boundary=\"" + boundary + "\"\r\n\r\n" +
         alternative_body(text, html, boundary);
}

const std::string kBoundary = "=-pp-0123456789abcdef01234567";

TEST(MimeBody, EdgeCasesAreWrittenAsGMimeWritesThem) {
  const std::string long_line(1200, 'x');
  const std::vector<std::string> cases = {
      "",
      "no newline at the end",
      "one line\n",
      "\n\n\n",
      "crlf\r\nline ends\r\n",
      "a lone\rcarriage return\n",
      "trailing space \ntrailing tab\t\n",
      "From the start\nFrom here\n>From quoted\n",
      ".\n..\n. \nend\n",
      "equals = sign, =3D already\n",
      long_line + "\n" + long_line,
      std::string("nul\0byte\n", 9),
      "Caf\xC3\xA9 cr\xC3\xA8me\n",
      "\xED\x95\x9C\xEA\xB5\xAD\xEC\x96\xB4 \xEB\xB3\xB8\xEB\xAC\xB8\n",
      "\xD8\xA7\xD9\x84\xD8\xB9\xD8\xB1\xD8\xA8\xD9\x8A\xD8\xA9",
      "\xFF\xFE not UTF-8\n",
  };
  for (const auto& text : cases)
    for (const auto& html : {std::string("<p>x</p>\n"), text})
      EXPECT_EQ(ours(text, html, kBoundary), gmime_written(text, html, kBoundary))
          << "text: " << text;
}

TEST(MimeBody, TheBase64ThresholdIsGMimes) {
  // 17 % of the bytes at 0x80 and up is where GMime's best filter turns to base64.
  for (int eight = 10; eight <= 24; ++eight) {
    const std::string text = std::string(100 - eight, 'a') + std::string(eight, '\xE9');
    EXPECT_EQ(ours(text, "", kBoundary), gmime_written(text, "", kBoundary)) << eight;
    EXPECT_EQ(text_part_wants_base64(text), eight >= 17) << eight;
  }
}

TEST(MimeBody, RandomTextIsWrittenAsGMimeWritesIt) {
  std::mt19937 rng(21);
  const std::vector<std::string> pieces = {"a",
                                           "Z",
                                           " ",
                                           "\t",
                                           "\n",
                                           "\r\n",
                                           "=",
                                           ".",
                                           "From ",
                                           "\xC3\xA9",
                                           "\xE4\xB8\xAD",
                                           "\xF0\x9F\x98\x80",
                                           "\xD9\x85",
                                           "https://x.example/a?b=c&d=e",
                                           "\r"};
  for (int round = 0; round < 300; ++round) {
    std::string text, html;
    const int n = std::uniform_int_distribution<int>(0, 400)(rng);
    for (int i = 0; i < n; ++i) {
      text += pieces[rng() % pieces.size()];
      html += pieces[rng() % pieces.size()];
    }
    ASSERT_EQ(ours(text, html, kBoundary), gmime_written(text, html, kBoundary))
        << "round " << round;
  }
}

}  // namespace
}  // namespace pp
