// The bounded cmark-gfm parse (src/content/bounded_parse.cpp): a parse past
// its deadline is abandoned and freed, later parses are unaffected, and
// parses from many threads, in parallel, give the trees one thread gives.
#include <cmark-gfm.h>
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "content/bounded_parse.h"
#include "content/cmark_special_characters.h"
#include "content/markdown.h"
#include "support/temp_site.h"

namespace pp {
namespace {

std::string xml_of(const std::string& body) {
  const auto doc = parse_markdown(body);
  if (!doc) return "(timed out)";
  char* xml =
      cmark_render_xml_with_mem(doc->root(), CMARK_OPT_DEFAULT, cmark_get_default_mem_allocator());
  std::string out(xml);
  std::free(xml);
  return out;
}

// Strikethrough, autolinks and tables need the extensions' special
// characters, which gfm.6 switches on and off in one table for all parsers.
std::string extension_heavy_body() {
  std::string body;
  for (int i = 0; i < 300; ++i)
    body +=
        "Para " + std::to_string(i) + " ~~gone~~ www.example.com/" + std::to_string(i) +
        " and https://x.example/a_b_c *em*\n\n| a | b |\n|---|---|\n| ~~c~~ | www.d.example |\n\n";
  return body;
}

// On Debian's gfm.6 the library's calls reach polypress's definition, so the
// parses below run in parallel, not one at a time.
TEST(MarkdownParse, ParsesFromManyThreadsAgreeWithOne) {
  ASSERT_TRUE(special_characters_fixed());
  const std::string body = extension_heavy_body();
  const std::string expected = xml_of(body);
  ASSERT_NE(expected.find("strikethrough"), std::string::npos);
  ASSERT_NE(expected.find("http://www.example.com/299"), std::string::npos);
  std::vector<std::thread> threads;
  std::vector<int> differing(4, 0);
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < 20; ++i) differing[t] += xml_of(body) != expected;
    });
  for (auto& th : threads) th.join();
  for (int t = 0; t < 4; ++t) EXPECT_EQ(differing[t], 0) << "thread " << t;
}

// `bodies` parsed on four threads at once, five rounds each, give the trees
// a serial parse gives.
void expect_parallel_as_alone(const std::vector<std::string>& bodies) {
  std::vector<std::string> expected;
  for (const auto& b : bodies) expected.push_back(xml_of(b));
  std::vector<std::thread> threads;
  std::vector<int> differing(4, 0);
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      for (int round = 0; round < 5; ++round)
        for (std::size_t i = 0; i < bodies.size(); ++i)
          differing[t] +=
              xml_of(bodies[(i + t * 7) % bodies.size()]) != expected[(i + t * 7) % bodies.size()];
    });
  for (auto& th : threads) th.join();
  for (int t = 0; t < 4; ++t) EXPECT_EQ(differing[t], 0) << "thread " << t;
}

std::vector<std::string> markdown_files(const std::filesystem::path& dir) {
  std::vector<std::string> bodies;
  for (const auto& e : std::filesystem::recursive_directory_iterator(dir))
    if (e.path().extension() == ".md") bodies.push_back(test::read_text(e.path()));
  return bodies;
}

// Every article of the sample site, in every language.
TEST(MarkdownParse, EverySampleArticleParsesInParallelAsAlone) {
  const auto bodies = markdown_files(test::source_dir() / "content");
  ASSERT_GT(bodies.size(), 50u);
  expect_parallel_as_alone(bodies);
}

// The articles of a bench corpus (tables, lists, links, five scripts).
TEST(MarkdownParse, BenchCorpusArticlesParseInParallelAsAlone) {
  test::TempDir site;
  ASSERT_EQ(test::generate_bench_corpus(site.path(), 30), "");
  const auto bodies = markdown_files(site.path() / "content");
  ASSERT_EQ(bodies.size(), 150u);
  expect_parallel_as_alone(bodies);
}

TEST(MarkdownParse, AQuadraticBodyIsAbandonedAtTheDeadline) {
  // CVE-2023-22483's processing instructions: minutes in Debian's gfm.6.
  std::string body = "-1";
  for (int i = 0; i < 300'000; ++i) body += "<?x";
  // The bound is the thread's processor time, so a loaded machine changes
  // nothing here; nothing is timed by the test itself.
  const cmark_node* root = parse_within(body, CMARK_OPT_DEFAULT, std::chrono::milliseconds(300));
  EXPECT_EQ(root, nullptr);
  // The abandoned parse left nothing behind that changes the next one.
  EXPECT_EQ(xml_of("a ~~b~~ www.c.example\n"), xml_of("a ~~b~~ www.c.example\n"));
  EXPECT_NE(xml_of("a ~~b~~ www.c.example\n").find("<link destination=\"http://www.c.example\""),
            std::string::npos);
}

TEST(MarkdownParse, AbandonedParsesFromManyThreadsStayIsolated) {
  std::string slow = "-1";
  for (int i = 0; i < 100'000; ++i) slow += "<?x";
  const std::string body = extension_heavy_body();
  const std::string expected = xml_of(body);
  std::vector<std::thread> threads;
  std::vector<int> wrong(4, 0);
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < 3; ++i) {
        if (t % 2 == 0)
          wrong[t] +=
              parse_within(slow, CMARK_OPT_DEFAULT, std::chrono::milliseconds(50)) != nullptr;
        else
          wrong[t] += xml_of(body) != expected;
      }
    });
  for (auto& th : threads) th.join();
  for (int t = 0; t < 4; ++t) EXPECT_EQ(wrong[t], 0) << "thread " << t;
}

}  // namespace
}  // namespace pp
