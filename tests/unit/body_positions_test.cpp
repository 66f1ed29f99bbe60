// Link and figure positions: cmark-gfm's inline columns are wrong on continuation
// lines and inside containers, so polypress finds each one in the source.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "content/content.h"

namespace pp {
namespace {

// "url line:col" for every link of a body, in document order.
std::vector<std::string> link_places(const std::string& body) {
  DiagnosticSink sink;
  const std::string text = "---\ntitle: \"T\"\n---\n" + body;  // body starts at line 4
  auto a = parse_article("a.md", "en", text, sink);
  std::vector<std::string> out;
  if (!a) return out;
  for (const auto& l : a->links)
    out.push_back(l.url + " " + std::to_string(l.where.line) + ":" +
                  std::to_string(l.where.column));
  for (const auto& f : a->figure_refs)
    out.push_back("fig:" + f.value + " " + std::to_string(f.where.line) + ":" +
                  std::to_string(f.where.column));
  return out;
}

TEST(BodyPositions, LinksOnContinuationLinesAndInContainers) {
  const std::string body =
      "first line\n"                              // 4
      "   second <ftp://a/1> x [l](ftp://a/2)\n"  // 5
      "\n"
      "> quote <ftp://a/3>\n"      // 7
      ">   more [q](ftp://a/4)\n"  // 8
      "\n"
      "- item <ftp://a/5>\n"   // 10
      "  cont  ![i](x.png)\n"  // 11
      "\n"
      "   Indented <ftp://a/7>\n"  // 13
      "\n"
      "| a | b |\n"
      "|---|---|\n"
      "| x | <ftp://a/8> |\n";  // 17
  EXPECT_EQ(link_places(body),
            (std::vector<std::string>{"ftp://a/1 5:11", "ftp://a/2 5:25", "ftp://a/3 7:9",
                                      "ftp://a/4 8:10", "ftp://a/5 10:8", "x.png 11:9",
                                      "ftp://a/7 13:13", "ftp://a/8 17:7"}));
}

TEST(BodyPositions, AutolinksReferencesRepeatsAndFigures) {
  const std::string body =
      "See <URL:http://e.org/x> and <a@e.org>, www.e.org, [r][ref] {{fig:f}}.\n"  // 4
      "  Again [é](http://e.org/) and [é](http://e.org/) {{fig:g}}\n"             // 5
      "\n"
      "[ref]: ftp://a/9\n";
  EXPECT_EQ(link_places(body),
            (std::vector<std::string>{"URL:http://e.org/x 4:5", "mailto:a@e.org 4:30",
                                      "http://www.e.org 4:41", "ftp://a/9 7:8", "http://e.org/ 5:9",
                                      "http://e.org/ 5:32", "fig:f 4:61", "fig:g 5:51"}));
}

}  // namespace
}  // namespace pp
