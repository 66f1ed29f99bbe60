// The newsletter values site.yaml gives (config/mail_values.h): what the
// config refuses, and that whatever it accepts GMime writes into an email.
#include <gtest/gtest.h>

#include "config/mail_values.h"
#include "mail/mail.h"

namespace pp {

namespace {

// An email with these header values, as a build assembles it.
std::string assembly_error(const std::string& from, const std::string& list_id,
                           const std::string& unsubscribe_url, const std::string& mailto) {
  EmailContent c;
  c.from = from;
  c.subject = "s";
  c.time_zone = "UTC";
  c.message_id = "news.x.en@test.example";
  c.language = "en";
  c.list_id = list_id;
  c.unsubscribe_https = unsubscribe_url;
  c.unsubscribe_mailto = mailto;
  c.text = "t";
  c.html = "<p>t</p>";
  std::string error;
  if (!assemble_email(c, error)) return error.empty() ? "refused" : error;
  return "";
}

}  // namespace

TEST(NewsletterValues, RefusesWhatCannotBeAHeader) {
  EXPECT_EQ(address_problem("unsub@test.example\r\nBcc: all@test.example"),
            "it holds a control character");
  EXPECT_EQ(address_problem("a\nb@test.example"), "it holds a control character");
  EXPECT_EQ(address_problem("mailto:a@test.example"),
            "the part before '@' must be dot-separated words of letters, digits and !$'*+-_~");
  EXPECT_EQ(address_problem("a@localhost"),
            "the part after '@' must be a domain name such as example.org");
  EXPECT_EQ(address_problem("a@-x.example"),
            "the part after '@' must be a domain name such as example.org");
  EXPECT_EQ(address_problem("a..b@x.example"),
            "the part before '@' must be dot-separated words of letters, digits and !$'*+-_~");
  EXPECT_EQ(address_problem("nobody"), "no '@'");
  EXPECT_EQ(mailbox_problem("A <a@x.example>, B <b@x.example>"),
            "one mailbox only, not a list of addresses");
  EXPECT_EQ(mailbox_problem("Team: a@x.example;"), "one mailbox only, not a list of addresses");
  EXPECT_EQ(mailbox_problem("Team: <a@x.example>"),
            "a display name with ( ) < > [ ] : ; @ \\ , or \" must be in double quotes");
  EXPECT_EQ(mailbox_problem("A <a@x.example> x"), "nothing may follow the address's '>'");
  EXPECT_EQ(mailbox_problem("A\r\nBcc: b@x.example <a@x.example>"), "it holds a control character");
  EXPECT_EQ(list_id_problem("brief"),
            "a List-Id is dot-separated words such as brief.example.org (letters, digits and "
            "!#$%&'*+-/=?^_`{|}~)");
  EXPECT_EQ(unsubscribe_url_problem("http://x.example/u"), "List-Unsubscribe needs an https URL");
  EXPECT_EQ(unsubscribe_url_problem("https://x.example/u>, <https://evil.example/"),
            "a header URL is printable ASCII without spaces, quotes or angle brackets "
            "(percent-encode the rest)");
}

// Sound: every value the config accepts is one GMime writes (a build never
// meets email/header on a value that passed validate).
TEST(NewsletterValues, WhatTheConfigAcceptsAnEmailCarries) {
  const std::vector<std::string> froms = {
      "brief@test.example",
      "<brief@test.example>",
      "Test Site <brief@test.example>",
      "\"Test Site, the brief\" <brief+weekly@mail.test.example>",
      "\"Q: (a) [b]; c@d\" <x@test.example>",
      "리뷰램블 <brief@test.example>",
      "مراجعات <brief@test.example>",
      "R. Ramble Jr. <o'brien.x_y-z~1@test-mail.example>",
  };
  for (const auto& from : froms) {
    ASSERT_EQ(mailbox_problem(from), "") << from;
    EXPECT_EQ(assembly_error(from, "brief.test.example", "https://test.example/u", ""), "") << from;
  }
  for (const std::string id : {"brief.test.example", "a-b_c.x.example", "l!#$%&'*+/=?^_`{|}~.x"}) {
    ASSERT_EQ(list_id_problem(id), "") << id;
    EXPECT_EQ(assembly_error("a@test.example", id, "https://test.example/u", ""), "") << id;
  }
  for (const std::string url :
       {"https://test.example/en/unsubscribe?list=brief&u=%7Bid%7D", "https://x.example"}) {
    ASSERT_EQ(unsubscribe_url_problem(url), "") << url;
    EXPECT_EQ(assembly_error("a@test.example", "l.x.example", url, ""), "") << url;
  }
  for (const std::string mailto : {"unsubscribe@test.example", "o'b!$*+_~-.x@a-b.test.example"}) {
    ASSERT_EQ(address_problem(mailto), "") << mailto;
    EXPECT_EQ(assembly_error("a@test.example", "l.x.example", "https://x.example/u", mailto), "")
        << mailto;
  }
}

}  // namespace pp
