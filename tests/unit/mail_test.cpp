// Email assembly with GMime: headers, encodings, injection, determinism.
#include <gmime/gmime.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <thread>
#include <vector>

#include "mail/mail.h"

namespace pp {
namespace {

EmailContent sample() {
  EmailContent c;
  c.from = "ReviewRamble <brief@reviews.example>";
  c.subject = "TorchTPU로 Hugging Face 라이브러리가 Google TPU에서 네이티브 실행";
  c.date_epoch_s = 1795273200;  // 2026-11-22T00:00:00+09:00
  c.time_zone = "Asia/Seoul";
  c.message_id = "news.torchtpu.ko@reviews.example";
  c.language = "ko";
  c.list_id = "weekly-brief.reviews.example";
  c.unsubscribe_https = "https://reviews.example/ko/unsubscribe";
  c.unsubscribe_mailto = "unsubscribe@reviews.example";
  c.text = "본문입니다.\n\nhttps://reviews.example/ko/news/torchtpu/\n";
  c.html = "<!doctype html><html lang=\"ko\" dir=\"ltr\"><body><p>본문</p></body></html>\n";
  return c;
}

std::string headers_of(const std::string& eml) {
  return eml.substr(0, eml.find("\r\n\r\n") + 2);
}

// The message as a reader sees it, through GMime's own parser.
struct Parsed {
  std::string subject, from, list_unsubscribe, from_name, from_address, text;
  int from_count = 0;
};
Parsed parse(const std::string& eml) {
  GMimeStream* stream = g_mime_stream_mem_new_with_buffer(eml.data(), eml.size());
  GMimeParser* parser = g_mime_parser_new_with_stream(stream);
  GMimeMessage* msg = g_mime_parser_construct_message(parser, nullptr);
  Parsed p;
  if (msg) {
    p.subject = g_mime_message_get_subject(msg) ? g_mime_message_get_subject(msg) : "";
    char* from = internet_address_list_to_string(g_mime_message_get_from(msg), nullptr, FALSE);
    p.from = from ? from : "";
    g_free(from);
    const char* lu = g_mime_object_get_header(GMIME_OBJECT(msg), "List-Unsubscribe");
    p.list_unsubscribe = lu ? lu : "";
    InternetAddressList* list = g_mime_message_get_from(msg);
    p.from_count = internet_address_list_length(list);
    if (p.from_count > 0) {
      InternetAddress* a = internet_address_list_get_address(list, 0);
      p.from_name = internet_address_get_name(a) ? internet_address_get_name(a) : "";
      if (INTERNET_ADDRESS_IS_MAILBOX(a))
        p.from_address = internet_address_mailbox_get_addr(INTERNET_ADDRESS_MAILBOX(a));
    }
    GMimeObject* body = g_mime_message_get_body(msg);
    if (body && GMIME_IS_MULTIPART(body)) {
      GMimeObject* first = g_mime_multipart_get_part(GMIME_MULTIPART(body), 0);
      if (GMIME_IS_TEXT_PART(first)) {
        char* text = g_mime_text_part_get_text(GMIME_TEXT_PART(first));
        p.text = text ? text : "";
        g_free(text);
      }
    }
    g_object_unref(msg);
  }
  g_object_unref(parser);
  g_object_unref(stream);
  return p;
}

TEST(Mail, WritesTheHeadersAndPartsOfSpec7) {
  std::string error;
  const auto eml = assemble_email(sample(), error);
  ASSERT_TRUE(eml) << error;
  const std::string h = headers_of(*eml);
  EXPECT_NE(h.find("Date: Sun, 22 Nov 2026 00:00:00 +0900\r\n"), std::string::npos) << h;
  EXPECT_NE(h.find("From: ReviewRamble <brief@reviews.example>\r\n"), std::string::npos);
  EXPECT_NE(h.find("Message-Id: <news.torchtpu.ko@reviews.example>\r\n"), std::string::npos);
  EXPECT_NE(
      h.find(
          "Subject: =?utf-8?Q?TorchTPU=EB=A1=9C_Hugging_Face_=EB=9D=BC=EC=9D=B4?=\r\n =?utf-8?Q?"),
      std::string::npos)
      << h;
  EXPECT_NE(h.find("Content-Language: ko\r\n"), std::string::npos);
  EXPECT_NE(h.find("List-Id: <weekly-brief.reviews.example>\r\n"), std::string::npos);
  EXPECT_NE(h.find("List-Unsubscribe: <https://reviews.example/ko/unsubscribe>,\r\n "
                   "<mailto:unsubscribe@reviews.example>\r\n"),
            std::string::npos)
      << h;
  EXPECT_NE(h.find("List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n"), std::string::npos);
  EXPECT_NE(h.find("MIME-Version: 1.0\r\n"), std::string::npos);
  EXPECT_NE(h.find("Content-Type: multipart/alternative; boundary=\"=-pp-"), std::string::npos);
  const auto plain = eml->find("Content-Type: text/plain; charset=utf-8\r\n");
  const auto html = eml->find("Content-Type: text/html; charset=utf-8\r\n");
  ASSERT_NE(plain, std::string::npos);
  ASSERT_NE(html, std::string::npos);
  EXPECT_LT(plain, html);
  EXPECT_EQ(eml->find("8bit"), std::string::npos);
  EXPECT_TRUE(std::regex_search(*eml, std::regex("Content-Transfer-Encoding: base64")));
  // CRLF everywhere, nothing over 998 octets, headers 7-bit.
  EXPECT_FALSE(std::regex_search(*eml, std::regex("[^\r]\n")));
  for (unsigned char ch : h) EXPECT_LT(ch, 0x80);
  EXPECT_EQ(parse(*eml).subject, sample().subject);
  // The same content is the same bytes.
  EXPECT_EQ(*assemble_email(sample(), error), *eml);
}

TEST(Mail, NoControlCharacterFromContentReachesAHeader) {
  EmailContent c = sample();
  c.subject = std::string("X\r\nBcc: evil@x.example\nTo: a@b.example") + '\0' + "Y\x7fZ";
  std::string error;
  const auto eml = assemble_email(c, error);
  ASSERT_TRUE(eml) << error;
  const std::string h = headers_of(*eml);
  EXPECT_EQ(h.find("\r\nBcc:"), std::string::npos) << h;
  EXPECT_EQ(h.find("\r\nTo:"), std::string::npos) << h;
  EXPECT_EQ(parse(*eml).subject, "X  Bcc: evil@x.example To: a@b.example Y Z");
}

// Issue 15 findings 11 and 15: a subject cannot reorder what a mail client
// shows after it, and carries no C1 control, separator or noncharacter.
TEST(Mail, SubjectClosesBidiControlsAndDropsWhatHeadersRefuse) {
  EmailContent c = sample();
  c.subject =
      "a\xE2\x80\xAE"
      "b\xC2\x85"
      "c\xE2\x80\xA8"
      "d\xEF\xBF\xBE\xE2\x81\xA9";
  std::string error;
  const auto eml = assemble_email(c, error);
  ASSERT_TRUE(eml) << error;
  EXPECT_EQ(parse(*eml).subject,
            "a\xE2\x80\xAE"
            "b c d\xE2\x80\xAC");
}

TEST(Mail, ATitleShapedLikeEncodedWordsSurvivesTheRoundTrip) {
  for (const std::string title :
       {"=?utf-8?q?hi?=", "Why =?utf-8?b?7ZWc?= is not Korean", "한국어 =?iso-8859-1?q?caf=E9?="}) {
    EmailContent c = sample();
    c.subject = title;
    std::string error;
    const auto eml = assemble_email(c, error);
    ASSERT_TRUE(eml) << error;
    EXPECT_EQ(parse(*eml).subject, title);
    // The title's own "=?" never reaches the header as it is.
    EXPECT_EQ(headers_of(*eml).find(title), std::string::npos);
  }
}

// Every line of the message (CRLF-separated) is at most `limit` octets, and
// every encoded-word decodes on its own to whole UTF-8 characters.
void expect_lines_and_words(const std::string& eml, std::size_t limit) {
  std::size_t start = 0;
  for (auto end = eml.find("\r\n"); end != std::string::npos; end = eml.find("\r\n", start)) {
    EXPECT_LE(end - start, limit) << eml.substr(start, std::min<std::size_t>(end - start, 80));
    start = end + 2;
  }
  const std::string h = headers_of(eml);
  std::smatch m;
  for (auto it = h.cbegin();
       std::regex_search(it, h.cend(), m, std::regex(R"(=\?[^?]+\?[bBqQ]\?[^?]*\?=)"));
       it = m.suffix().first) {
    EXPECT_LE(m.length(), 75);
    char* one = g_mime_utils_header_decode_text(nullptr, m.str().c_str());
    const std::string decoded = one ? one : "";
    g_free(one);
    EXPECT_TRUE(g_utf8_validate(decoded.data(), static_cast<gssize>(decoded.size()), nullptr))
        << m.str();
    EXPECT_EQ(decoded.find("\xEF\xBF\xBD"), std::string::npos) << m.str();  // U+FFFD
  }
}

TEST(Mail, ALongCjkTitleIsFoldedIntoShortEncodedWords) {
  EmailContent c = sample();
  c.subject.clear();
  while (c.subject.size() < 6000) c.subject += "한국어제목日本語のタイトル";  // ~2,000 characters
  for (const bool shaped : {false, true}) {
    if (shaped) c.subject += " =?x?q?y?=";
    std::string error;
    const auto eml = assemble_email(c, error);
    ASSERT_TRUE(eml) << error;
    EXPECT_EQ(parse(*eml).subject, c.subject);
    expect_lines_and_words(*eml, 78);
  }
}

TEST(Mail, ALongUnsubscribeUrlIsNeverEncoded) {
  EmailContent c = sample();
  c.unsubscribe_https = "https://reviews.example/ko/unsubscribe?list=" + std::string(120, 'a');
  std::string error;
  const auto eml = assemble_email(c, error);
  ASSERT_TRUE(eml) << error;
  const std::string h = headers_of(*eml);
  const auto at = h.find("List-Unsubscribe: ");
  EXPECT_EQ(h.substr(at, h.find("\r\n", at) - at),
            "List-Unsubscribe: <" + c.unsubscribe_https + ">,");
  EXPECT_EQ(parse(*eml).list_unsubscribe.find("=?"), std::string::npos);
}

TEST(Mail, NonAsciiDisplayNamesAreEncodedInUtf8) {
  EmailContent c = sample();
  c.from = "리뷰램블 <brief@reviews.example>";
  std::string error;
  const auto eml = assemble_email(c, error);
  ASSERT_TRUE(eml) << error;
  EXPECT_NE(headers_of(*eml).find("From: =?UTF-8?b?"), std::string::npos);
  EXPECT_EQ(parse(*eml).from, "리뷰램블 <brief@reviews.example>");
}

TEST(Mail, UnsafeHeaderValuesAreRefused) {
  std::string error;
  EmailContent c = sample();
  c.unsubscribe_https = "https://x.example/a b";
  EXPECT_FALSE(assemble_email(c, error));
  c = sample();
  c.unsubscribe_https = "https://x.example/a>\r\nBcc: e@x";
  EXPECT_FALSE(assemble_email(c, error));
  c = sample();
  c.message_id = "no-at-sign";
  EXPECT_FALSE(assemble_email(c, error));
  c = sample();
  c.from = "a@b.example, c@d.example";
  EXPECT_FALSE(assemble_email(c, error));
  EXPECT_EQ(error, "newsletter.from is not one address: \"a@b.example, c@d.example\"");
  // A group is one address but not one mailbox (found by fuzzing: its members'
  // names were written on one line of more than 998 octets).
  c.from = "Team: a@b.example, c@d.example;";
  EXPECT_FALSE(assemble_email(c, error));
  // GMime writes a display name's encoded-words on one line: at most 100 characters.
  c.from = "\"" + std::string(101, 'x') + "\" <a@b.example>";
  EXPECT_FALSE(assemble_email(c, error));
  EXPECT_EQ(error, "newsletter.from's display name is longer than 100 characters");
  c.from = "\"" + std::string(100, 'x') + "\" <a@b.example>";
  EXPECT_TRUE(assemble_email(c, error)) << error;
}

TEST(Mail, LongAsciiAndEmojiSubjectsFoldIntoWholeCharacters) {
  const std::string emoji = "\xF0\x9F\x93\xB1\xF0\x9F\x9A\x80";  // 📱🚀, 4 octets each
  std::string spaced;
  while (spaced.size() < 3000) spaced += "review ";
  spaced += "end";
  std::string emojis;
  while (emojis.size() < 2000) emojis += emoji;
  for (const std::string& title :
       {std::string(2000, 'x'), spaced, emojis, "Launch " + emojis + std::string(500, 'y'),
        "a" + emoji + std::string(70, 'b') + emoji}) {
    EmailContent c = sample();
    c.subject = title;
    std::string error;
    const auto eml = assemble_email(c, error);
    ASSERT_TRUE(eml) << error;
    EXPECT_EQ(parse(*eml).subject, title);
    expect_lines_and_words(*eml, 78);
  }
}

TEST(Mail, DisplayNamesWithSpecialsStayOneMailbox) {
  for (const std::string name : {R"(Ramble "Weekly" Brief)", "Reviews <Weekly>", "news@reviews",
                                 "A; B", "A, B", R"(Back\slash)", "리뷰 \"램블\" <주간>"}) {
    EmailContent c = sample();
    std::string quoted;
    for (char ch : name)
      quoted += (ch == '"' || ch == '\\') ? std::string("\\") + ch : std::string(1, ch);
    c.from = "\"" + quoted + "\" <brief@reviews.example>";
    std::string error;
    const auto eml = assemble_email(c, error);
    ASSERT_TRUE(eml) << name << ": " << error;
    const Parsed p = parse(*eml);
    EXPECT_EQ(p.from_count, 1) << name;
    EXPECT_EQ(p.from_name, name);
    EXPECT_EQ(p.from_address, "brief@reviews.example") << name;
    for (unsigned char ch : headers_of(*eml)) EXPECT_LT(ch, 0x80);
  }
}

TEST(Mail, LongBodyLinesAndLoneDotsAreEncoded) {
  EmailContent c = sample();
  const std::string cjk_line = [] {
    std::string s;
    while (s.size() < 3000) s += "한국어본문";
    return s;
  }();
  c.text = std::string(3000, 'a') + "\n.\n" + cjk_line + "\n..\n.\n";
  c.html = "<!doctype html><html><body><p>" + std::string(5000, 'h') + "</p>\n.\n</body></html>\n";
  std::string error;
  const auto eml = assemble_email(c, error);
  ASSERT_TRUE(eml) << error;
  expect_lines_and_words(*eml, 998);
  // A lone "." stays as it is (quoted-printable keeps it); `send` dot-stuffs
  // it, which tests/e2e/email_test.cpp's Send.ALoneDotLineArrivesByteForByte shows.
  std::string text = parse(*eml).text;
  text.erase(std::remove(text.begin(), text.end(), '\r'), text.end());
  EXPECT_EQ(text, c.text);
}

// Each thread keeps one message per list and language and sets its Date,
// Subject and Message-Id again for each email: a run of emails in one thread
// must be the bytes each would be alone, in a thread of its own.
TEST(Mail, EmailsInOneThreadAreTheBytesOfEachAlone) {
  std::vector<EmailContent> contents;
  const std::vector<std::string> subjects = {
      "Short", "TorchTPU로 Hugging Face 라이브러리가 Google TPU에서 네이티브 실행",
      "=?utf-8?Q?shaped_like_a_word?= plain", std::string(90, 'x'), "Back to plain"};
  for (const std::string lang : {"ko", "en", "ko"})
    for (const auto& subject : subjects) {
      EmailContent c = sample();
      c.language = lang;
      c.subject = subject;
      c.message_id = std::to_string(contents.size()) + "." + lang + "@reviews.example";
      c.unsubscribe_https = "https://reviews.example/" + lang + "/unsubscribe";
      c.date_epoch_s += static_cast<std::int64_t>(contents.size()) * 86400;
      if (contents.size() % 4 == 3) c.from = "Other Name <other@reviews.example>";
      if (contents.size() % 5 == 4) c.unsubscribe_mailto.clear();
      contents.push_back(c);
    }
  std::vector<std::string> alone;
  for (const auto& c : contents)
    std::thread([&] {
      std::string error;
      alone.push_back(assemble_email(c, error).value_or("error: " + error));
    }).join();
  std::thread([&] {
    for (std::size_t i = 0; i < contents.size(); ++i) {
      std::string error;
      EXPECT_EQ(assemble_email(contents[i], error).value_or("error: " + error), alone[i]) << i;
    }
  }).join();
  // In the order a message made for one email has them.
  const std::regex name("(^|\r\n)([A-Za-z-]+):");
  for (const auto& eml : alone) {
    const std::string headers = headers_of(eml);
    std::string names;
    for (auto it = std::sregex_iterator(headers.begin(), headers.end(), name);
         it != std::sregex_iterator(); ++it)
      names += (*it)[2].str() + " ";
    EXPECT_EQ(names,
              "Date From Subject Message-Id Content-Language List-Id List-Unsubscribe "
              "List-Unsubscribe-Post MIME-Version Content-Type ");
  }
}

// `send` names the recipient in a To header when the file has none
// (SpamAssassin's MISSING_HEADERS), and sends a message with one as it is.
TEST(Send, AddsAToHeaderOnlyWhenTheMessageHasNone) {
  EXPECT_EQ(with_to_header("From: a@b.example\r\nSubject: s\r\n\r\nTo: body\r\n", "e@x.example"),
            "From: a@b.example\r\nSubject: s\r\nTo: <e@x.example>\r\n\r\nTo: body\r\n");
  // A field whose name merely contains "To", or a folded line starting with it.
  const std::string folded =
      "From: a@b.example\r\nX-To: y\r\nReply-To: z@b\r\nSubject: s\r\n To: t\r\n\r\nb";
  EXPECT_EQ(with_to_header(folded, "e@x.example"),
            "From: a@b.example\r\nX-To: y\r\nReply-To: z@b\r\nSubject: s\r\n To: t\r\nTo: "
            "<e@x.example>\r\n\r\nb");
  for (const char* has : {"To: c@d\r\nFrom: a@b\r\n\r\nb", "From: a@b\r\nto:c@d\r\n\r\nb",
                          "From: a@b\r\nTO \t: c@d\r\n\r\nb", "From: a@b\r\nTo:\r\n\r\nb"})
    EXPECT_EQ(with_to_header(has, "e@x.example"), std::string(has));
  EXPECT_EQ(with_to_header("no header block", "e@x.example"), "no header block");
}

TEST(Send, AnAddressThatCouldBreakTheToHeaderIsRefused) {
  EXPECT_TRUE(plausible_address("editor@reviews.example"));
  for (const char* bad : {"a\r\nBcc: x@y@b.example", "a\x01@b.example", "a\x7f@b.example",
                          "a>@b.example", "a,b@c.example", "a b@c.example"})
    EXPECT_FALSE(plausible_address(bad)) << bad;
}

// A --from that is no address is the option's fault, said as --to's is; a
// message without a From address asks for one.
TEST(Send, ABadFromIsAUsageErrorAndAMissingOneAsksForIt) {
  RunError error;
  EXPECT_FALSE(send_email("From: a@b.example\r\n\r\nbody",
                          {"smtp://127.0.0.1:1", "to@b.example", "bad"}, error));
  EXPECT_EQ(error.kind, ErrorKind::usage);
  EXPECT_EQ(error.message, "--from is not an email address: 'bad'");
  error = {};
  EXPECT_FALSE(
      send_email("Subject: x\r\n\r\nbody", {"smtp://127.0.0.1:1", "to@b.example", ""}, error));
  EXPECT_EQ(error.kind, ErrorKind::input);
  EXPECT_EQ(error.message, "no sender address: the message has no From address; give --from");
}

}  // namespace
}  // namespace pp
