// End-to-end: `edition` (the weekly brief) and `send` (a test send over SMTP).
#include <gtest/gtest.h>

#include <algorithm>

#include "core/process.h"
#include "support/temp_site.h"

namespace pp {

namespace fs = std::filesystem;

using test::email_parts;

namespace {

fs::path sample_copy(const test::TempDir& dir) {
  for (const char* part : {"pipeline", "locales", "content"})
    test::copy_tree(test::source_dir() / part, dir.path() / part);
  return dir.path();
}

}  // namespace

TEST(Edition, WritesOneBriefPerLanguageAndNothingForAnEmptyWeek) {
  test::TempDir dir;
  const auto root = sample_copy(dir);
  auto r = test::run_polypress({"-C", root.string(), "edition", "--week", "2026-W48"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out,
            "mail/en/brief-2026-W48.eml\nmail/ko/brief-2026-W48.eml\nmail/ja/brief-2026-W48.eml\n"
            "mail/de/brief-2026-W48.eml\nmail/ar/brief-2026-W48.eml\n");
  const std::string ko = test::read_text(root / "mail/ko/brief-2026-W48.eml");
  EXPECT_NE(ko.find("Message-Id: <brief.2026-W48.ko@reviews.example>\r\n"), std::string::npos);
  // The Date is the end of the week in the site's zone, never the clock.
  EXPECT_NE(ko.find("Date: Mon, 30 Nov 2026 00:00:00 +0900\r\n"), std::string::npos) << ko;
  const std::string again = ko;
  r = test::run_polypress({"-C", root.string(), "edition", "--week", "2026-W48", "--lang", "ko"});
  EXPECT_EQ(r.out, "mail/ko/brief-2026-W48.eml\n");
  EXPECT_EQ(test::read_text(root / "mail/ko/brief-2026-W48.eml"), again);

  // A week without articles: a clear message, exit 1, no file.
  r = test::run_polypress({"-C", root.string(), "edition", "--week", "2026-W40"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("pipeline/site.yaml: error: no article was published in 2026-W40 "
                       "(2026-09-28 to 2026-10-04, Asia/Seoul); no brief was written "
                       "[edition/empty]\n"),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(root / "mail/en/brief-2026-W40.eml"));
  // A week the year does not have, and malformed weeks, are usage errors.
  for (const char* bad : {"2025-W53", "2026-W00", "2026-48", "2026-W4", "W48"}) {
    r = test::run_polypress({"-C", root.string(), "edition", "--week", bad});
    EXPECT_EQ(r.exit_code, 2) << bad;
    EXPECT_NE(r.err.find("--week must be an ISO week YYYY-Www that exists"), std::string::npos);
  }
  EXPECT_EQ(test::run_polypress({"-C", root.string(), "edition"}).exit_code, 2);
  EXPECT_EQ(
      test::run_polypress({"-C", root.string(), "edition", "--week", "2026-W48", "--lang", "xx"})
          .exit_code,
      2);
}

// Each week's brief has a web copy per language (`<lang>/briefs/<week>/`,
// in the sitemap), listing what the email lists, and the email's "View in
// your browser" opens it (issue 38, deliverable 5).
TEST(Edition, TheBriefHasAWebCopyItsEmailOpens) {
  test::TempDir dir;
  const auto root = sample_copy(dir);
  ASSERT_EQ(test::run_polypress({"-C", root.string(), "build", "--quiet"}).exit_code, 0);
  ASSERT_EQ(test::run_polypress({"-C", root.string(), "edition", "--week", "2026-W48", "--quiet"})
                .exit_code,
            0);
  const std::string url = "https://reviews.example/ko/briefs/2026-W48/";
  const auto [text, html] = email_parts(root / "mail/ko/brief-2026-W48.eml");
  EXPECT_NE(html.find("<a href=\"" + url + "\" style=\"color:#555555;\">브라우저에서 보기</a>"),
            std::string::npos)
      << html.substr(0, 3000);
  EXPECT_NE(text.find("브라우저에서 보기: " + url), std::string::npos) << text;
  const std::string page = test::read_text(root / "public/ko/briefs/2026-W48/index.html");
  EXPECT_NE(page.find("<link rel=\"canonical\" href=\"" + url + "\">"), std::string::npos);
  EXPECT_NE(page.find("<link rel=\"alternate\" hreflang=\"en\" "
                      "href=\"https://reviews.example/en/briefs/2026-W48/\">"),
            std::string::npos)
      << page;
  // Every article the email links to, the page links to (root-relative).
  std::size_t links = 0;
  for (auto at = html.find("https://reviews.example/ko/"); at != std::string::npos;
       at = html.find("https://reviews.example/ko/", at + 1)) {
    const std::string path = html.substr(at + 23, html.find('"', at) - at - 23);
    if (path.find("/briefs/") != std::string::npos || path == "/ko/unsubscribe") continue;
    EXPECT_NE(page.find("href=\"" + path + "\""), std::string::npos) << path;
    ++links;
  }
  EXPECT_GE(links, 3u);
  const std::string sitemap = test::read_text(root / "public/sitemap.xml");
  EXPECT_NE(sitemap.find("<loc>" + url + "</loc>"), std::string::npos);
  // With the languages that have that week, and x-default as the page says.
  EXPECT_NE(sitemap.find("<loc>" + url +
                         "</loc>\n    <xhtml:link rel=\"alternate\" hreflang=\"en\" "
                         "href=\"https://reviews.example/en/briefs/2026-W48/\"/>"),
            std::string::npos);
  EXPECT_NE(sitemap.find("hreflang=\"x-default\" "
                         "href=\"https://reviews.example/en/briefs/2026-W48/\"/>"),
            std::string::npos);
  // A week without articles has no copy; every week with one has.
  EXPECT_FALSE(fs::exists(root / "public/ko/briefs/2026-W40"));
  EXPECT_TRUE(fs::exists(root / "public/en/briefs/2026-W47/index.html"));
}

// The brief lists what build publishes: an expired article, or one dated
// after now, is in neither the brief nor its web copy (found by the outside
// audit of the web copy: the brief linked to pages build never wrote).
TEST(Edition, TheBriefListsOnlyWhatBuildPublishes) {
  test::TempDir dir;
  const auto root = sample_copy(dir);
  // Copies of an article: one dated in 2026-W48 and expired since, one dated
  // in 2099-W01.
  const std::string article =
      test::read_text(root / "content/news/gpu-spot-prices-fall/index.en.md");
  const auto date = article.find("date: 2026-11-17");
  ASSERT_NE(date, std::string::npos);
  test::write_text(root, "content/news/expired-offer/index.en.md",
                   std::string(article).replace(date, 16, "date: 2026-11-24\nexpires: 2026-12-01"));
  test::write_text(root, "content/news/later/index.en.md",
                   std::string(article).replace(date, 16, "date: 2099-01-02"));
  ASSERT_EQ(test::run_polypress({"-C", root.string(), "build", "--quiet"}).exit_code, 0);
  ASSERT_EQ(test::run_polypress({"-C", root.string(), "edition", "--week", "2026-W48", "--quiet"})
                .exit_code,
            0);
  const std::string html = email_parts(root / "mail/en/brief-2026-W48.eml").second;
  EXPECT_NE(html.find("/en/reviews/mcp-filesystem-server/"), std::string::npos) << html;
  EXPECT_EQ(html.find("/en/news/expired-offer/"), std::string::npos) << html;
  EXPECT_EQ(test::read_text(root / "public/en/briefs/2026-W48/index.html")
                .find("/en/news/expired-offer/"),
            std::string::npos);
  const auto r = test::run_polypress({"-C", root.string(), "edition", "--week", "2099-W01"});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.err.find("[edition/empty]"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(root / "public/en/briefs/2099-W01"));
}

TEST(Edition, HostileTranslationsAreEscapedInPagesAndHeaders) {
  test::TempDir dir;
  const auto root = sample_copy(dir);
  // A translator's strings with markup that closes a script, and a CRLF that
  // would start a new header in the brief's Subject.
  std::string po = test::read_text(root / "locales/ko.po");
  auto replace = [&](const std::string& from, const std::string& to) {
    const auto at = po.find(from);
    ASSERT_NE(at, std::string::npos) << from;
    po.replace(at, from.size(), to);
  };
  replace("msgstr \"본문으로 건너뛰기\"", R"(msgstr "</script><script>alert(1)</script>\"'")");
  replace("msgstr \"{site} 주간 브리프, {week}\"",
          R"(msgstr "{site}\r\nBcc: evil@x.example\r\n{week}")");
  test::write_text(root, "locales/ko.po", po);
  auto r = test::run_polypress({"-C", root.string(), "build", "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  r = test::run_polypress({"-C", root.string(), "edition", "--week", "2026-W48", "--lang", "ko"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* rel : {"public/ko/index.html", "public/ko/reviews/ollama/index.html"}) {
    const std::string html = test::read_text(root / rel);
    EXPECT_EQ(html.find("<script>alert"), std::string::npos) << rel;
    EXPECT_EQ(html.find("</script><script>"), std::string::npos) << rel;
    EXPECT_NE(html.find("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;"), std::string::npos)
        << rel;
  }
  const std::string brief = test::read_text(root / "mail/ko/brief-2026-W48.eml");
  const std::string headers = brief.substr(0, brief.find("\r\n\r\n") + 2);
  EXPECT_EQ(headers.find("\nBcc:"), std::string::npos) << headers;
  EXPECT_EQ(headers.find("evil@x.example"), std::string::npos) << headers;  // encoded, not bare
  for (unsigned char ch : headers) EXPECT_LT(ch, 0x80);
}

TEST(Edition, ALanguageWithoutArticlesThatWeekIsSkippedWithAWarning) {
  test::TempDir dir;
  test::make_minimal_site(dir.path());
  // An English-only news item in a week of its own (fallback: omit).
  test::write_text(dir.path(), "content/news/solo/index.en.md",
                   "---\ntitle: \"Solo\"\ntype: news\ndate: 2026-10-01\nsummary: \"s\"\n"
                   "verdict: \"v\"\nsources:\n  - {title: \"t\", url: \"https://x.example/\", "
                   "publisher: \"P\"}\n---\nBody.\n");
  const auto r = test::run_polypress({"-C", dir.path().string(), "edition", "--week", "2026-W40"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("pipeline/site.yaml: warning: no article in 'ar' was published in 2026-W40 "
                       "(2026-09-28 to 2026-10-04, Asia/Seoul); that language gets no brief "
                       "[edition/empty]\n"),
            std::string::npos)
      << r.err;
  EXPECT_TRUE(fs::exists(dir.path() / "mail/en/brief-2026-W40.eml"));
  EXPECT_FALSE(fs::exists(dir.path() / "mail/ar/brief-2026-W40.eml"));
}

// With translations.fallback: source, a language lists the source of an
// untranslated article and its brief links to the source-language page.
TEST(Edition, FallbackSourceLinksToTheSourcePage) {
  test::TempDir dir;
  test::make_minimal_site(dir.path());
  std::string site = test::read_text(dir.path() / "pipeline/site.yaml");
  site += "translations:\n  fallback: source\n";
  test::write_text(dir.path(), "pipeline/site.yaml", site);
  const auto r = test::run_polypress({"-C", dir.path().string(), "edition", "--week", "2026-W47"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string ar = test::read_text(dir.path() / "mail/ar/brief-2026-W47.eml");
  // reviews/tool has no Arabic page: the item is the English one, marked as such.
  EXPECT_NE(ar.find("Content-Language: ar\r\n"), std::string::npos);
  const auto r2 = run_process({"python3", "-c",
                               "import email,email.policy,sys\n"
                               "m=email.message_from_bytes(open(sys.argv[1],'rb').read(),"
                               "policy=email.policy.default)\n"
                               "print(list(m.iter_parts())[1].get_content())",
                               (dir.path() / "mail/ar/brief-2026-W47.eml").string()});
  EXPECT_NE(r2.out.find("href=\"https://test.example/en/reviews/tool/\" style=\"color:#0b57d0;\" "
                        "hreflang=\"en\" lang=\"en\" dir=\"ltr\""),
            std::string::npos)
      << r2.out;
  EXPECT_NE(r2.out.find("href=\"https://test.example/ar/news/chip-launch/\""), std::string::npos);
}

// The HTML part lists the sources with the locale's glue, as the page and the
// text part do: "A and B", "A 및 B", "A و B" (issue 17: the glue was lost).
TEST(Email, TheHtmlPartJoinsTheSourcesAsTheLocaleDoes) {
  test::TempDir dir;
  const auto root = sample_copy(dir);
  ASSERT_EQ(test::run_polypress({"-C", root.string(), "build", "--quiet"}).exit_code, 0);
  const std::string a =
      "<a href=\"https://gpu-price-index.example/reports/2026-10\" "
      "style=\"color:#0b57d0;\"><bdi>GPU "
      "Price Index</bdi></a>";
  const std::string b =
      "<a href=\"https://aws.amazon.com/ec2/spot/pricing/\" style=\"color:#0b57d0;\"><bdi>Amazon "
      "Web Services</bdi></a>";
  for (const auto& [lang, expected] : std::vector<std::pair<std::string, std::string>>{
           {"en", "<strong>Sources:</strong> " + a + " and " + b + "</td>"},
           {"ko", "<strong>출처:</strong> " + a + " 및 " + b + "</td>"},
           {"ar", "<strong>المصدران:</strong> " + a + " و" + b + "</td>"}}) {
    const auto html = email_parts(root / "mail" / lang / "news--gpu-spot-prices-fall.eml").second;
    EXPECT_NE(html.find(expected), std::string::npos) << lang << "\n" << html;
  }
}

TEST(Email, ALongArticleGetsItsWholePageAndAnEmailCutUnderTheLimit) {
  test::TempDir dir;
  const auto root = sample_copy(dir);
  // A Korean article of about 150 KB: 120 paragraphs under 12 headings.
  std::string body;
  for (int i = 1; i <= 120; ++i) {
    // A heading, then an editor's note no reader sees: no place to end on.
    if (i % 10 == 1) body += "## 부분 " + std::to_string(i / 10 + 1) + "\n\n<!-- 메모 -->\n\n";
    body += "문단 " + std::to_string(i) + ":";
    for (int w = 0; w < 40; ++w) body += " 긴 기사의 본문은 이메일에 다 들어가지 않습니다.";
    body += "\n\n";
  }
  body += "마지막 문단입니다.\n";
  test::write_text(root, "content/news/long-read/index.ko.md",
                   "---\ntitle: \"긴 기사\"\ntype: news\ndate: 2026-11-20\nsummary: \"요약\"\n"
                   "verdict: \"평가\"\nsources:\n  - {title: \"t\", url: \"https://x.example/\", "
                   "publisher: \"P\"}\n---\n\n" +
                       body);
  ASSERT_GT(body.size(), 150'000u);
  const auto r = test::run_polypress({"-C", root.string(), "build", "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // Located at the first block left out: the heading before it goes too.
  EXPECT_NE(r.err.find("content/news/long-read/index.ko.md:"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("over email.max_bytes (100000): it ends before this block ("),
            std::string::npos)
      << r.err;
  // The page is whole.
  const std::string page = test::read_text(root / "public/ko/news/long-read/index.html");
  EXPECT_NE(page.find("마지막 문단입니다."), std::string::npos);
  EXPECT_NE(page.find("문단 120:"), std::string::npos);
  // The email is cut at a block boundary under the limit and ends with the
  // localized link to the page, in both parts.
  const auto [text, html] = email_parts(root / "mail/ko/news--long-read.eml");
  // Decoded as a client does, its lines ending in CRLF.
  EXPECT_LE(html.size() + static_cast<std::size_t>(std::count(html.begin(), html.end(), '\n')),
            100'000u);
  EXPECT_GT(html.size(), 80'000u);
  EXPECT_EQ(html.find("마지막 문단입니다."), std::string::npos);
  const std::string url = "https://reviews.example/ko/news/long-read/";
  const std::string link =
      "<a style=\"color:#0b57d0;\" href=\"" + url + "\">웹에서 계속 읽기</a></p>";
  const auto at = html.find(link);
  ASSERT_NE(at, std::string::npos) << html.substr(html.size() - 3000);
  // Nothing of the body after it; the last kept block is a whole paragraph,
  // never a heading left without its text.
  const std::string before = html.substr(0, at);
  const auto last_p = before.rfind("<p");
  const auto last_h = before.rfind("<h2");
  EXPECT_GT(last_p, last_h);
  EXPECT_NE(before.find("습니다.</p>", last_h), std::string::npos);
  EXPECT_EQ(html.find("문단 ", at), std::string::npos);
  EXPECT_NE(text.find("웹에서 계속 읽기:\n" + url + "\n"), std::string::npos)
      << text.substr(text.size() > 2000 ? text.size() - 2000 : 0);
  EXPECT_EQ(text.find("마지막 문단입니다."), std::string::npos);
  // The same cut, so the same last paragraph, in the text part.
  const auto last_number = before.rfind("문단 ");
  const std::string last = before.substr(last_number, before.find(':', last_number) - last_number);
  EXPECT_NE(text.find(last + ":"), std::string::npos) << last;
  const std::string next = "문단 " + std::to_string(std::stoi(last.substr(7)) + 1) + ":";
  EXPECT_EQ(text.find(next), std::string::npos) << next;
  EXPECT_EQ(html.find(next), std::string::npos) << next;
}

// What `send` delivers for a stored message without a To header: the same
// bytes with "To: <to>" at the end of the header block.
std::string as_sent(const std::string& stored, const std::string& to) {
  const auto end = stored.find("\r\n\r\n");
  return stored.substr(0, end) + "\r\nTo: <" + to + ">" + stored.substr(end);
}

TEST(Send, AMessageArrivesByteForByte) {
  test::TempDir dir;
  const auto root = sample_copy(dir);
  ASSERT_EQ(test::run_polypress({"-C", root.string(), "build", "--quiet"}).exit_code, 0);
  test::SmtpServer smtp;
  ASSERT_GT(smtp.port(), 0);
  const std::string url = "smtp://127.0.0.1:" + std::to_string(smtp.port());
  for (const char* rel : {"mail/ko/reviews--ollama.eml", "mail/ar/news--mcp-registry-opens.eml"}) {
    const auto r = test::run_polypress(
        {"send", (root / rel).string(), "--smtp", url, "--to", "editor@reviews.example"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out,
              "sent " + (root / rel).string() + " to editor@reviews.example through " + url + "\n");
  }
  EXPECT_EQ(
      test::read_text(smtp.dir() / "1.eml"),
      as_sent(test::read_text(root / "mail/ko/reviews--ollama.eml"), "editor@reviews.example"));
  EXPECT_EQ(test::read_text(smtp.dir() / "2.eml"),
            as_sent(test::read_text(root / "mail/ar/news--mcp-registry-opens.eml"),
                    "editor@reviews.example"));
  EXPECT_EQ(test::read_text(smtp.dir() / "1.env"),
            "brief@reviews.example\neditor@reviews.example\n");
}

// A message without a To header is delivered with "To: <--to>" added; the
// file on disk stays as it was, and a message that has a To is sent unchanged.
TEST(Send, AMessageWithoutToGetsTheRecipientAndTheFileIsUnchanged) {
  test::TempDir dir;
  const auto root = sample_copy(dir);
  ASSERT_EQ(test::run_polypress({"-C", root.string(), "build", "--quiet"}).exit_code, 0);
  const fs::path eml = root / "mail/en/reviews--ollama.eml";
  const std::string stored = test::read_text(eml);
  const auto header_end = stored.find("\r\n\r\n");
  ASSERT_NE(header_end, std::string::npos);
  ASSERT_EQ(("\r\n" + stored.substr(0, header_end)).find("\r\nTo:"), std::string::npos);
  test::write_text(root, "with-to.eml", "To: Someone <someone@reviews.example>\r\n" + stored);
  test::SmtpServer smtp;
  ASSERT_GT(smtp.port(), 0);
  const std::string url = "smtp://127.0.0.1:" + std::to_string(smtp.port());
  for (const fs::path& file : {eml, root / "with-to.eml"}) {
    const auto r = test::run_polypress(
        {"send", file.string(), "--smtp", url, "--to", "editor@reviews.example"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
  }
  EXPECT_EQ(test::read_text(smtp.dir() / "1.eml"), as_sent(stored, "editor@reviews.example"));
  EXPECT_EQ(test::read_text(eml), stored);
  EXPECT_EQ(test::read_text(smtp.dir() / "2.eml"), test::read_text(root / "with-to.eml"));
  const auto parsed = run_process({"python3", "-c",
                                   "import email,email.policy,sys\n"
                                   "m=email.message_from_bytes(open(sys.argv[1],'rb').read(),"
                                   "policy=email.policy.default)\n"
                                   "print(m['To'], len(m.defects))",
                                   (smtp.dir() / "1.eml").string()});
  EXPECT_EQ(parsed.out, "editor@reviews.example 0\n");
}

TEST(Send, ALoneDotAndALongLineArriveByteForByte) {
  test::TempDir dir;
  const auto root = sample_copy(dir);
  // A paragraph that is a lone "." (SMTP's end of data) and one of 3,000
  // octets without a space (more than SMTP's 998).
  const fs::path article = root / "content/reviews/ollama/index.en.md";
  test::write_text(article.parent_path(), article.filename().string(),
                   test::read_text(article) + "\n.\n\n" + std::string(3000, 'x') + "\n\n.\n");
  ASSERT_EQ(test::run_polypress({"-C", root.string(), "build", "--quiet"}).exit_code, 0);
  const std::string eml = test::read_text(root / "mail/en/reviews--ollama.eml");
  ASSERT_NE(eml.find("\r\n.\r\n"), std::string::npos);  // the case under test
  test::SmtpServer smtp;
  ASSERT_GT(smtp.port(), 0);
  const std::string url = "smtp://127.0.0.1:" + std::to_string(smtp.port());
  const auto r = test::run_polypress({"send", (root / "mail/en/reviews--ollama.eml").string(),
                                      "--smtp", url, "--to", "editor@reviews.example"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(test::read_text(smtp.dir() / "1.eml"), as_sent(eml, "editor@reviews.example"));
}

TEST(Send, ConnectionAndProtocolErrorsAreReported) {
  test::TempDir dir;
  const auto root = sample_copy(dir);
  ASSERT_EQ(test::run_polypress({"-C", root.string(), "build", "--quiet"}).exit_code, 0);
  const std::string eml = (root / "mail/en/reviews--ollama.eml").string();
  {
    test::SmtpServer refusing("reject");
    const auto r = test::run_polypress({"send", eml, "--smtp",
                                        "smtp://127.0.0.1:" + std::to_string(refusing.port()),
                                        "--to", "nobody@reviews.example"});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("(SMTP 550)"), std::string::npos) << r.err;
  }
  // Nothing listens on this port once the server is gone.
  int closed_port = 0;
  {
    test::SmtpServer gone;
    closed_port = gone.port();
  }
  auto r =
      test::run_polypress({"send", eml, "--smtp", "smtp://127.0.0.1:" + std::to_string(closed_port),
                           "--to", "editor@reviews.example"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("polypress send: "), std::string::npos);
  EXPECT_NE(r.err.find("onnect"), std::string::npos) << r.err;
  r = test::run_polypress({"send", eml, "--smtp", "http://127.0.0.1:25", "--to", "a@b.example"});
  EXPECT_EQ(r.exit_code, 2);
  r = test::run_polypress({"send", eml, "--smtp", "smtp://127.0.0.1:25", "--to", "a\r\nb"});
  EXPECT_EQ(r.exit_code, 2);
  test::write_text(root, "not-mail.eml", "hello\n");
  r = test::run_polypress({"send", (root / "not-mail.eml").string(), "--smtp",
                           "smtp://127.0.0.1:25", "--to", "a@b.example"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("[email/header]"), std::string::npos);
}

// Credentials in the URL only ever go over TLS: a server that offers AUTH
// but no STARTTLS is refused before AUTH (nothing sent, no login given),
// unless --insecure-auth; the password is never printed.
TEST(Send, CredentialsGoOnlyOverTls) {
  test::TempDir dir;
  const auto root = sample_copy(dir);
  ASSERT_EQ(test::run_polypress({"-C", root.string(), "build", "--quiet"}).exit_code, 0);
  const std::string eml = (root / "mail/en/reviews--ollama.eml").string();
  test::SmtpServer careless("auth");
  ASSERT_GT(careless.port(), 0);
  const std::string host = "127.0.0.1:" + std::to_string(careless.port());
  const std::string url = "smtp://editor:s3cret-pass@" + host;
  auto r = test::run_polypress({"send", eml, "--smtp", url, "--to", "editor@reviews.example"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("the server offers no STARTTLS, and the URL has credentials: they are only "
                       "sent over TLS (use smtps://, or --insecure-auth to send them in clear); "
                       "nothing was sent"),
            std::string::npos)
      << r.err;
  EXPECT_EQ((r.out + r.err).find("s3cret"), std::string::npos);
  EXPECT_FALSE(fs::exists(careless.dir() / "auth.log"));
  EXPECT_FALSE(fs::exists(careless.dir() / "1.eml"));
  r = test::run_polypress(
      {"send", eml, "--smtp", url, "--to", "editor@reviews.example", "--insecure-auth"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out,
            "sent " + eml + " to editor@reviews.example through smtp://editor:***@" + host + "\n");
  EXPECT_EQ(test::read_text(careless.dir() / "auth.log"), "editor:s3cret-pass\n");
  EXPECT_TRUE(fs::exists(careless.dir() / "1.eml"));
  // Nor in a usage error, whatever the mistake in the URL.
  for (const std::string& bad :
       {"http://editor:s3cret-pass@" + host, "smtp:/editor:s3cret-pass@" + host,
        "editor:s3cret-pass@" + host}) {
    r = test::run_polypress({"send", eml, "--smtp", bad, "--to", "a@b.example"});
    EXPECT_EQ(r.exit_code, 2) << bad;
    EXPECT_EQ((r.out + r.err).find("s3cret"), std::string::npos) << r.err;
  }
}

}  // namespace pp

namespace pp {

// The site at `root` with `footer` as every page's footer, `in_email` after
// the body of every article's email, and the YAML lines `extra` in the front
// matter of the English news/gpu-spot-prices-fall: values its templates show.
void place_template_values(const fs::path& root, const std::string& footer,
                           const std::string& in_email, const std::string& extra) {
  test::write_text(root, "pipeline/templates/html/footer.mustache", footer);
  std::string email =
      test::read_text(test::source_dir() / "theme/templates/email/article.html.mustache");
  email.replace(email.find("{{{body_html}}}"), 15, "{{{body_html}}}" + in_email);
  test::write_text(root, "pipeline/templates/email/article.html.mustache", email);
  const std::string rel = "content/news/gpu-spot-prices-fall/index.en.md";
  std::string text = test::read_text(root / rel);
  text.insert(text.find("sources:\n"), extra);
  test::write_text(root, rel, text);
}

// Issue 37, deliverable 1: a site template's values are escaped for where
// they land, in pages and in emails (docs/templates.md, "Where a value
// lands"), and validate says where an unsafe one is written.
TEST(Escape, TemplateValuesAreEscapedForWhereTheyLandInPagesAndEmails) {
  test::TempDir dir;
  const auto root = sample_copy(dir);
  const std::string links =
      "{{#extra.links}}<a href=\"{{url}}\" onclick=\"note('{{title}}')\">{{title}}</a>"
      "{{/extra.links}}<a href=\"{{extra.a}}{{extra.b}}\">ab</a>"
      "<a href=\"/search?q={{extra.q}}\">q</a><p style=\"color: {{extra.color}}\">c</p>"
      "<script>var q = {{extra.q}};</script>";
  place_template_values(root, "<footer>" + links + "</footer>\n", links,
                        "extra:\n"
                        "  links:\n"
                        "    - {url: \"javascript:alert(1)\", title: \"x'y\"}\n"
                        "    - {url: \" JaVa\\tScRiPt:alert(2)\", title: \"b\"}\n"
                        "    - {url: \"data:text/html,<script>alert(3)</script>\", title: \"c\"}\n"
                        "    - {url: \"https://ok.example/a b?x=1&y=2\", title: \"ok\"}\n"
                        "  a: java\n"
                        "  b: \"script:alert(4)\"\n"
                        "  q: \"a&b</script><i>\"\n"
                        "  color: \"red; position: fixed; inset: 0\"\n");

  auto r = test::run_polypress({"-C", root.string(), "validate"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const std::string where =
      "warning: extra 'url' is put where a URL starts (href of "
      "pipeline/templates/email/article.html.mustache:22), but \"";
  const std::string why =
      "; pages link only to http, https, mailto and tel URLs and relative ones, so it is "
      "published as about:invalid#polypress-unsafe-url [front-matter/unsafe-url]\n";
  const std::string file = "content/news/gpu-spot-prices-fall/index.en.md:";
  EXPECT_NE(r.err.find(file + "12:13: " + where +
                       "javascript:alert(1)\" has the scheme 'javascript'" + why),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find(file + "14:13: " + where +
                       "data:text/html,<script>alert(3)</script>\" has the scheme 'data'" + why),
            std::string::npos)
      << r.err;
  // Written with an escape, at the value all the same.
  EXPECT_NE(r.err.find(file + "13:13: " + where +
                       " JaVa\\tScRiPt:alert(2)\" has the scheme "
                       "'javascript'" +
                       why),
            std::string::npos)
      << r.err;

  r = test::run_polypress({"-C", root.string(), "build", "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string expected =
      "<a href=\"about:invalid#polypress-unsafe-url\" onclick=\"note('x\\u0027y')\">x&apos;y</a>"
      "<a href=\"about:invalid#polypress-unsafe-url\" onclick=\"note('b')\">b</a>"
      "<a href=\"about:invalid#polypress-unsafe-url\" onclick=\"note('c')\">c</a>"
      "<a href=\"https://ok.example/a%20b?x=1&amp;y=2\" onclick=\"note('ok')\">ok</a>"
      "<a href=\"about:invalid#polypress-unsafe-url\">ab</a>"
      "<a href=\"/search?q=a%26b%3C%2Fscript%3E%3Ci%3E\">q</a>"
      "<p style=\"color: polypress-unsafe-css\">c</p>"
      "<script>var q = \"a\\u0026b\\u003c\\u002fscript\\u003e\\u003ci\\u003e\";</script>";
  const std::string page = test::read_text(root / "public/en/news/gpu-spot-prices-fall/index.html");
  EXPECT_NE(page.find("<footer>" + expected + "</footer>"), std::string::npos) << page;
  const auto html = email_parts(root / "mail/en/news--gpu-spot-prices-fall.eml").second;
  EXPECT_NE(html.find(expected), std::string::npos) << html;
  // A translation inherits the values, and is escaped the same way.
  const std::string ko = test::read_text(root / "public/ko/news/gpu-spot-prices-fall/index.html");
  EXPECT_NE(ko.find(expected), std::string::npos) << ko;
}

}  // namespace pp

namespace pp {

// The template shapes of the outside audit of deliverable 1: a list where a
// template expects one value, a section's text before a value, a script read
// wrong, a refresh, comments closed early or read by Outlook, a template's
// own javascript:, a colon after base_path, a '<' before a number. Each
// stays inert in the page and the email.
TEST(Escape, AuditedTemplateShapesStayInert) {
  test::TempDir dir;
  const auto root = sample_copy(dir);
  const std::string shapes =
      "<a id=\"cta\" href=\"{{#extra.cta}}{{url}}{{/extra.cta}}{{^extra.cta}}{{home_url}}"
      "{{/extra.cta}}\">c</a>\n"
      "<img src=\"{{#extra.image}}{{.}}{{/extra.image}}{{^extra.image}}/x.svg{{/extra.image}}\" "
      "alt=\"\">\n"
      "<img src=\"{{#extra.cdn}}https://cdn.example.org/{{/extra.cdn}}{{extra.img}}\" alt=\"\">\n"
      "<a href=\"{{^extra.external}}/{{/extra.external}}{{extra.href}}\">e</a>\n"
      "<script> var quote = /[\"]/; var other = {{extra.code}}; </script>\n"
      "<meta http-equiv=\"refresh\" content=\"{{extra.refresh}}\">\n"
      "<!--> <a href=\"{{extra.href}}\">c1</a>\n"
      "<!--[if mso]><a href=\"{{extra.href}}\">m</a><![endif]-->\n"
      "<a href=\"javascript:share('{{extra.code}}')\">s</a>\n"
      "<a href=\"{{base_path}}{{extra.page}}\">h</a>\n"
      "<p>fewer than <{{extra.n}} readers</p>\n";
  // (An email has no home_url or base_path: its page's URL and "/" instead.)
  std::string in_email = shapes;
  in_email.replace(in_email.find("{{home_url}}"), 12, "{{page_url}}");
  in_email.replace(in_email.find("{{base_path}}"), 13, "/");
  place_template_values(
      root, "<footer>\n" + shapes + "</footer>\n", in_email,
      "extra:\n"
      "  cta: [{url: \"https://example.org/\"}, {url: \"onmouseover=alert(1)//\"}]\n"
      "  image: [\"/x.png\", \"onerror=alert(1)//\"]\n"
      "  cdn: false\n"
      "  img: \"javascript:alert(1)\"\n"
      "  external: true\n"
      "  href: \"javascript:void(0)\"\n"
      "  code: \"hits.push(3)\"\n"
      "  refresh: \"0;url=javascript:alert(1)\"\n"
      "  page: \"Help:Contents\"\n"
      "  n: \"5\"\n");
  const auto r = test::run_polypress({"-C", root.string(), "build", "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string inert = "about:invalid#polypress-unsafe-url";
  const std::string expected =
      "<a id=\"cta\" href=\"https://example.org/onmouseover=alert(1)//\">c</a>\n"
      "<img src=\"/x.pngonerror=alert(1)//\" alt=\"\">\n"
      "<img src=\"" +
      inert +
      "\" alt=\"\">\n"
      "<a href=\"" +
      inert +
      "\">e</a>\n"
      "<script> var quote = /[\"]/; var other = hits\\u002epush\\u00283\\u0029; </script>\n"
      "<meta http-equiv=\"refresh\" content=\"" +
      inert +
      "\">\n"
      "<!--> <a href=\"" +
      inert +
      "\">c1</a>\n"
      "<!--[if mso]><a href=\"" +
      inert +
      "\">m</a><![endif]-->\n"
      "<a href=\"" +
      inert +
      "\">s</a>\n"
      "<a href=\"/Help:Contents\">h</a>\n"
      "<p>fewer than <5 readers</p>\n";
  const std::string page = test::read_text(root / "public/en/news/gpu-spot-prices-fall/index.html");
  EXPECT_NE(page.find("<footer>\n" + expected + "</footer>"), std::string::npos) << page;
  auto html = email_parts(root / "mail/en/news--gpu-spot-prices-fall.eml").second;
  std::erase(html, '\r');  // a mail's lines end in CRLF
  EXPECT_NE(html.find(expected), std::string::npos) << html;
}

}  // namespace pp

namespace pp {

// A loop of an extra: list repeating a long value: a page over 64 MiB is an
// error, not gigabytes written (second audit of issue 37).
// The release pass only: 64 MiB of template output takes 36 s under ASan
// (docs/architecture.md, "Build and test time").
TEST(Escape, ALoopCannotRenderAPageOver64MiB) {
#ifdef POLYPRESS_SANITIZED
  GTEST_SKIP() << "the release pass runs it";
#endif
  test::TempDir dir;
  const auto root = sample_copy(dir);
  std::string list = "  l: [";
  for (int i = 0; i < 900; ++i) list += i ? ",1" : "1";
  place_template_values(
      root,
      "<footer>{{#extra.l}}<p title=\"{{extra.big}}\">{{extra.big}}</p>{{/extra.l}}</footer>\n", "",
      "extra:\n" + list + "]\n  big: \"" + std::string(40000, 'x') + "\"\n");
  const auto r = test::run_polypress({"-C", root.string(), "build", "--quiet"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("theme/templates/html/article.mustache: error: what it renders is larger "
                       "than 64 MiB (a loop repeating a long value?); nothing of it is written "
                       "[template/render]"),
            std::string::npos)
      << r.err.substr(0, 2000);
  EXPECT_FALSE(fs::exists(root / "public"));
}

}  // namespace pp

namespace pp {

// Korean is written with spaces between words, and mail clients broke them
// in the middle ("떨어/졌습니다"): its emails keep words whole, others are as
// they were (issue 38, deliverable 5, one part).
TEST(Email, KoreanEmailsKeepWordsWhole) {
  test::TempDir dir;
  const auto root = sample_copy(dir);
  ASSERT_EQ(test::run_polypress({"-C", root.string(), "build", "--quiet"}).exit_code, 0);
  const std::string keep = "style=\"background-color:#f2f2f2;color:#1a1a1a;word-break:keep-all;\"";
  auto html = [&](const std::string& rel) { return email_parts(root / rel).second; };
  EXPECT_NE(
      html("mail/ko/news--gpu-spot-prices-fall.eml").find("<div lang=\"ko\" dir=\"ltr\" " + keep),
      std::string::npos);
  EXPECT_EQ(html("mail/en/news--gpu-spot-prices-fall.eml").find("keep-all"), std::string::npos);
  EXPECT_EQ(html("mail/ja/news--gpu-spot-prices-fall.eml").find("keep-all"), std::string::npos);
  ASSERT_EQ(test::run_polypress({"-C", root.string(), "edition", "--week", "2026-W48", "--quiet"})
                .exit_code,
            0);
  EXPECT_NE(html("mail/ko/brief-2026-W48.eml").find(keep), std::string::npos);
}

// The text part's body is wrapped once, by itself: a code line longer than
// the text's 72 columns stays whole (a command copied from it works), and
// every line of a quote keeps its "> " (the audit of issue 38 found both
// re-wrapped by the template's own wrapping).
TEST(Email, TheTextPartKeepsCodeLinesAndQuotePrefixes) {
  test::TempDir dir;
  const auto root = sample_copy(dir);
  const std::string command =
      "docker run --rm -it --volume /srv/data:/data some-registry.example/"
      "some-long-image-name:latest --flag";
  std::string article = test::read_text(root / "content/news/gpu-spot-prices-fall/index.en.md");
  article +=
      "\n> [!NOTE]\n> Use `a-very-long-inline-code-token-that-is-far-longer-than-"
      "seventy-two-columns` here, then read on.\n\n```\n" +
      command + "\n```\n";
  test::write_text(root, "content/news/gpu-spot-prices-fall/index.en.md", article);
  ASSERT_EQ(test::run_polypress({"-C", root.string(), "build", "--quiet"}).exit_code, 0);
  std::string text = email_parts(root / "mail/en/news--gpu-spot-prices-fall.eml").first;
  std::erase(text, '\r');  // lines end in CRLF on the wire
  EXPECT_NE(text.find("\n    " + command + "\n"), std::string::npos) << text;
  const auto note = text.find("> Note: Use ");
  ASSERT_NE(note, std::string::npos) << text;
  for (auto at = note; at < text.find("read on.", note); at = text.find('\n', at) + 1)
    EXPECT_EQ(text.compare(at, 2, "> "), 0) << text.substr(note, 300);
}

}  // namespace pp
