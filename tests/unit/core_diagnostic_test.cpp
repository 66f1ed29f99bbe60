#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "core/diagnostic.h"

namespace pp {

namespace {

DiagnosticSink sample() {
  DiagnosticSink s;
  s.warning({"content/b.md", 2, 1}, "figure/unused", "figure 'x' is defined but never used");
  s.error({"content/a.md", 4, 7}, "front-matter/date", "'date' is not a date: \"2026-13-01\"");
  s.error({"content/a.md", 1, 1}, "front-matter/required", "missing required key 'title'");
  return s;
}

// site.yaml's `rules:` levels: a rule's findings at another level, or none.
TEST(Diagnostics, LevelsChangeOrDropARulesFindings) {
  DiagnosticSink sink;
  sink.warning({"a.md", 1, 1}, "link/untranslated", "before");
  sink.set_levels({{"link/untranslated", std::nullopt}, {"bundle/stray-file", Severity::error}});
  sink.warning({"a.md", 2, 1}, "link/untranslated", "dropped");
  sink.warning({"a.md", 3, 1}, "bundle/stray-file", "raised");
  DiagnosticSink worker;  // a parallel stage's own sink, merged
  worker.warning({"b.md", 1, 1}, "link/untranslated", "dropped too");
  worker.warning({"b.md", 2, 1}, "bundle/stray-file", "raised too");
  sink.merge(worker);
  EXPECT_EQ(format_diagnostics(sink.sorted(), OutputFormat::text),
            "a.md:1:1: warning: before [link/untranslated]\n"
            "a.md:3:1: error: raised [bundle/stray-file]\n"
            "b.md:2:1: error: raised too [bundle/stray-file]\n");
  EXPECT_TRUE(sink.has_errors());
}

}  // namespace

TEST(Diagnostics, TextIsSortedCompilerStyle) {
  EXPECT_EQ(format_diagnostics(sample().sorted(), OutputFormat::text),
            "content/a.md:1:1: error: missing required key 'title' [front-matter/required]\n"
            "content/a.md:4:7: error: 'date' is not a date: \"2026-13-01\" [front-matter/date]\n"
            "content/b.md:2:1: warning: figure 'x' is defined but never used [figure/unused]\n");
}

TEST(Diagnostics, GithubEscapesProperties) {
  DiagnosticSink s;
  s.error({"a,b:c.md", 3, 2}, "link/anchor", "50% done\nnext");
  EXPECT_EQ(format_diagnostics(s.sorted(), OutputFormat::github),
            "::error file=a%2Cb%3Ac.md,line=3,col=2,title=link/anchor::50%25 done\\nnext\n");
}

// Issue 15 finding 10: a percent-decoded link target or a file name cannot
// forge a workflow command, move the cursor or reorder the line.
DiagnosticSink hostile() {
  DiagnosticSink s;
  s.error({"content/x\n::error file=y.md::z/index.en.md", 3, 2}, "link/internal",
          "link target \"\n::error file=README.md,line=1::Forged\r\x1b]0;t\x07\xC2\x85"
          "\xE2\x80\xA8\xE2\x80\xAE\xFF\" is unknown");
  return s;
}

TEST(Diagnostics, TextWritesOutControlsLineBreaksAndBidi) {
  EXPECT_EQ(format_diagnostics(hostile().sorted(), OutputFormat::text),
            "content/x\\n::error file=y.md::z/index.en.md:3:2: error: link target "
            "\"\\n::error file=README.md,line=1::Forged\\r\\x1B]0;t\\x07U+0085U+2028U+202E\\xFF\" "
            "is unknown [link/internal]\n");
}

TEST(Diagnostics, GithubAnnotationIsOneLineWithoutForgedCommands) {
  EXPECT_EQ(format_diagnostics(hostile().sorted(), OutputFormat::github),
            "::error file=content/x\\n%3A%3Aerror file=y.md%3A%3Az/index.en.md,line=3,col=2,"
            "title=link/internal::link target \"\\n::error file=README.md,line=1::Forged\\r"
            "\\x1B]0;t\\x07U+0085U+2028U+202E\\xFF\" is unknown\n");
}

TEST(Diagnostics, JsonAndSarifCarryNoRawControl) {
  for (const auto format : {OutputFormat::json, OutputFormat::sarif}) {
    const std::string out = format_diagnostics(hostile().sorted(), format);
    for (const char* raw :
         {"\r", "\x1b", "\x07", "\xC2\x85", "\xE2\x80\xA8", "\xE2\x80\xAE", "\n::"})
      EXPECT_EQ(out.find(raw), std::string::npos) << out;
    EXPECT_NE(out.find(R"(\n::error file=README.md,line=1::Forged\r\u001b]0;t\u0007\u0085)"
                       R"(\u2028\u202e)"),
              std::string::npos)
        << out;
  }
}

TEST(Diagnostics, JsonHasEveryField) {
  const auto j = nlohmann::json::parse(format_diagnostics(sample().sorted(), OutputFormat::json));
  ASSERT_EQ(j.size(), 3u);
  EXPECT_EQ(j[1]["file"], "content/a.md");
  EXPECT_EQ(j[1]["line"], 4);
  EXPECT_EQ(j[1]["column"], 7);
  EXPECT_EQ(j[1]["severity"], "error");
  EXPECT_EQ(j[1]["rule"], "front-matter/date");
}

TEST(Diagnostics, SarifIsVersion210WithRulesAndRegions) {
  const auto j = nlohmann::json::parse(format_diagnostics(sample().sorted(), OutputFormat::sarif));
  EXPECT_EQ(j["version"], "2.1.0");
  const auto& run = j["runs"][0];
  EXPECT_EQ(run["tool"]["driver"]["rules"].size(), 3u);
  EXPECT_EQ(run["results"][1]["locations"][0]["physicalLocation"]["region"]["startLine"], 4);
  EXPECT_EQ(run["results"][2]["level"], "warning");
}

TEST(Diagnostics, CountsAndDeduplicates) {
  DiagnosticSink s = sample();
  s.merge(sample());
  EXPECT_EQ(s.sorted().size(), 3u);
  EXPECT_TRUE(s.has_errors());
}

}  // namespace pp
