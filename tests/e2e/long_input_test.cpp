// Issue 15, finding 3, end to end: long link anchors and URLs through the real
// commands. std::regex overflowed the stack on them (SIGSEGV); now each is a
// located finding (exit 1) or, where the input is valid, no finding at all.
#include <gtest/gtest.h>

#include "support/temp_site.h"

namespace pp {
namespace {

constexpr std::size_t kSizes[] = {30'000, 100'000, 200'000};

std::string repeat(const std::string& unit, std::size_t bytes) {
  std::string out;
  while (out.size() < bytes) out += unit;
  return out;
}

// A news article of the minimal site with `body`; its body starts at line 10.
void write_article(const std::filesystem::path& site, const std::string& body) {
  test::write_text(site, "content/news/case/index.en.md",
                   "---\ntitle: \"Case\"\ntype: news\ndate: 2026-11-21\nsummary: \"s\"\n"
                   "verdict: \"v\"\nsources:\n  - {title: \"t\", url: \"https://x.example/\", "
                   "publisher: \"P\"}\n---\n" +
                       body);
}

TEST(LongInputE2e, LinkAnchorsOfAnyLengthAreLocatedErrors) {
  for (const std::size_t n : kSizes) {
    for (const std::string& anchor :
         {std::string(n, 'a'), repeat("a1-_.~", n), repeat("한국어", n), repeat("%ED%95%9C", n)}) {
      test::TempDir site;
      test::make_minimal_site(site.path());
      write_article(site.path(), "See [x](/reviews/tool#" + anchor + ").\n");
      const test::Run r = test::run_polypress({"-C", site.path().string(), "validate"});
      EXPECT_EQ(r.exit_code, 1) << n;
      const std::string located =
          "content/news/case/index.en.md:10:5: error: 'reviews/tool' (en) has no heading or anchor "
          "with id '";
      EXPECT_EQ(r.err.substr(0, located.size()), located) << r.err.substr(0, 300);
      EXPECT_NE(r.err.find("' [link/anchor]\n"), std::string::npos);
    }
  }
}

TEST(LongInputE2e, EveryCommandReadsALongAnchor) {
  test::TempDir site;
  test::make_minimal_site(site.path());
  write_article(site.path(), "See [x](#" + std::string(30'000, 'a') + ") [y](/news/case#" +
                                 repeat("한", 30'000) + ").\n");
  for (const char* command : {"validate", "check", "build"}) {
    const test::Run r = test::run_polypress({"-C", site.path().string(), command});
    EXPECT_EQ(r.exit_code, 1) << command;
    EXPECT_EQ(
        r.err.rfind("content/news/case/index.en.md:10:5: error: this page has no heading or anchor "
                    "with id 'aaaa",
                    0),
        0u)
        << command << ": " << r.err.substr(0, 300);
  }
}

// The error lines of `err` other than email/too-large: an article this long
// makes an email Gmail would clip, which validate rightly reports.
std::string errors_besides_email_size(const std::string& err) {
  std::string out;
  std::size_t start = 0;
  while (start < err.size()) {
    const std::size_t end = std::min(err.find('\n', start), err.size());
    const std::string line = err.substr(start, end - start);
    if (line.find(": error: ") != std::string::npos &&
        line.find("[email/too-large]") == std::string::npos)
      out += line.substr(0, 300) + "\n";
    start = end + 1;
  }
  return out;
}

TEST(LongInputE2e, ALongAnchorToALongHeadingIsValid) {
  for (const std::size_t n : kSizes) {
    test::TempDir site;
    test::make_minimal_site(site.path());
    const std::string id(n, 'a');
    write_article(site.path(),
                  "## " + id + "\n\nSee [x](#" + id + ") and [y](/news/case#" + id + ").\n");
    const test::Run r = test::run_polypress({"-C", site.path().string(), "validate"});
    EXPECT_LE(r.exit_code, 1) << n;
    EXPECT_EQ(errors_besides_email_size(r.err), "") << n;
  }
}

TEST(LongInputE2e, ExcludePatternsMeetLongUrls) {
  // links.exclude in RE2: a pattern that backtracks exponentially in std::regex
  // runs in linear time; every URL is excluded, so nothing is fetched.
  test::TempDir site;
  test::make_minimal_site(site.path());
  std::string yaml = test::read_text(site.path() / "pipeline/site.yaml");
  yaml += "links:\n  exclude: ['(a|aa)*b$', '(x+x+)+y', '^https?://']\n";
  test::write_text(site.path(), "pipeline/site.yaml", yaml);
  const std::string url = "https://x.example/" + std::string(60'000, 'a');
  write_article(site.path(),
                "See [x](" + url + ") and [y](" + url + "/" + repeat("한국어", 60'000) + ").\n");
  const test::Run r =
      test::run_polypress({"-C", site.path().string(), "check", "--external", "--format", "json"});
  EXPECT_LE(r.exit_code, 1);
  EXPECT_NE(r.out.find("excluded by links.exclude"), std::string::npos);
  EXPECT_EQ(r.out.find("link/broken"), std::string::npos);
}

}  // namespace
}  // namespace pp
