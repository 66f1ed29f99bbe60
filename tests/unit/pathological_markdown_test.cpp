// The pathological Markdown of the cmark-gfm advisories (gfm.6 and gfm.7,
// docs/hardening.md M1–M10), each at ×1, ×10 and ×100 as upstream's
// pathological_tests.py runs them: parsed, checked, and rendered as page and
// email HTML and text in English and Arabic. Each either is refused with
// markdown/too-complex or renders to at most 20 times its size; those gfm.6
// parses in quadratic time are refused at ×100 by counting, before parsing.
#include <gtest/gtest.h>

#include <cctype>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "content/content.h"
#include "content/markdown_guard.h"
#include "core/diagnostic.h"
#include "targets.h"

namespace pp {
namespace {

std::string repeat(const std::string& s, std::size_t n) {
  std::string out;
  out.reserve(s.size() * n);
  for (std::size_t i = 0; i < n; ++i) out += s;
  return out;
}

/// One advisory input: a fixed head, a part repeated N times, a fixed tail
/// and a second part repeated N times (empty when the input has one).
struct Pathological {
  const char* name;
  std::string head, part, middle, part2;
  /// Whether the largest size must be refused rather than rendered.
  bool refused_at_largest = false;
  /// Whether gfm.6 parses it in quadratic time (measured with the library
  /// alone, docs/hardening.md): the largest size must be refused by counting.
  bool quadratic = false;
};

std::string make(const Pathological& p, std::size_t n) {
  return p.head + repeat(p.part, n) + p.middle + repeat(p.part2, n) + "\n";
}

const std::vector<Pathological>& inputs() {
  static const std::vector<Pathological> all = {
      // M1 CVE-2023-22483 (GHSA-29g3-96g3-jg6c): the advisory's quadratic set.
      {"M1 processing instructions", "-1", "<?x", "", "", false, true},
      {"M1 table rows with a >", "", "|-\nt>|-\n", "", "", false, true},
      {"M1 emphasis runs", "", "*t ", "", "_t*_ ", false, true},
      {"M1 a table of pipes", "x\n| - |\n", "|", "", "", false, true},
      {"M1 autolink underscores", "", "z_www.", "", "", false, true},
      {"M1 reference titles", "[f]:u\n\"\n", "[f]\n", "", ""},
      {"M1 autolink closing parens", "www.", ")", "", "", false, true},
      {"M1 setext under a colon", ":-\n", ":\n", "", ""},
      {"M1 unclosed autolinks", "", "<http://s", "", "", false, true},
      {"M1 strikethrough", "~e", ",z~~", "", "", false, true},
      // M2 CVE-2023-22484 (handle_pointy_brace) and commonmark/cmark#457.
      {"M2 comment openers", "a", "<!--", "", ""},
      {"M2 pointy braces", "", "<a", "", ""},
      // M3 CVE-2023-22485: extended protocol autolinks at the start of a
      // text buffer; an out-of-bounds read is for ASan to catch.
      {"M3 protocol autolinks", "mailto:a@b.c ", "xmpp:a@b.c/r mailto:x@y.z ", "", "", false, true},
      // M4 CVE-2023-22486 (handle_close_bracket).
      {"M4 image brackets", "", "![[]()", "", "", false, true},
      // M5 CVE-2023-24824 (commonmark/cmark#520): the advisory's inputs.
      {"M5 quotes then emphasis", "", ">", "", "a*", false, true},
      {"M5 list markers then blank lines", "", " -", "x", "\n", false, true},
      // M6 CVE-2023-26485.
      {"M6 underscores", "", "_", ".", "_", false, true},
      // M7 CVE-2023-37463: footnote definitions, then blank lines.
      {"M7 footnote definitions", "", "[^1]:\n", "", "\n"},
      // M8 table autocompletion: few columns, many short rows (the 20×
      // expansion estimate refuses the largest).
      {"M8 table autocompletion", repeat("x|", 1000) + "\n" + repeat("-|", 1000) + "\n", "x|\n", "",
       "", true},
      // M10 CVE-2022-39209: quadratic autolink.
      {"M10 image openers with autolink", "", "![l", "", ""},
  };
  return all;
}

// What decides is counted, never timed (issue 15, finding 17): each input is
// either refused before cmark-gfm runs (markdown_work.cpp counts the work its
// shape costs gfm.6) or parsed and rendered; the processor-time backstop of
// the parse never decides one.
struct Outcome {
  std::optional<std::size_t> output;
  std::string refusal;  // the rule
  bool refused_before_parsing = false;
  bool parse_abandoned = false;
};

Outcome run(const std::string& body) {
  Outcome r;
  r.refused_before_parsing = prescan_markdown(body).has_value();
  DiagnosticSink sink;
  (void)parse_article("content/news/x/index.en.md", "en", "---\ntitle: T\n---\n" + body, sink);
  for (const auto& d : sink.sorted())
    if (d.message.find("seconds of processor time") != std::string::npos) r.parse_abandoned = true;
  r.output = fuzz::render_markdown(body, &r.refusal);
  return r;
}

class PathologicalMarkdown : public ::testing::TestWithParam<std::size_t> {};

TEST_P(PathologicalMarkdown, IsRefusedByCountingOrRenderedWithinBounds) {
  const Pathological& p = inputs()[GetParam()];
  // ×100 stays under the 1 MiB file limit (with the front matter).
  const std::size_t per = p.part.size() + p.part2.size();
  const std::size_t n100 = (900'000 - p.head.size()) / per, n10 = n100 / 10, n1 = n100 / 100;
  Outcome runs[3];
  for (int i = 0; i < 3; ++i) {
    const std::string body = make(p, i == 0 ? n1 : i == 1 ? n10 : n100);
    runs[i] = run(body);
    const Outcome& r = runs[i];
    std::printf("%-34s %8zu bytes %s\n", p.name, body.size(),
                r.output ? std::to_string(*r.output).c_str()
                         : (r.refusal + (r.refused_before_parsing ? " (counted)" : "")).c_str());
    std::fflush(stdout);
    EXPECT_FALSE(r.parse_abandoned) << body.size() << " bytes: the backstop decided";
    if (r.output) {
      // Four renderings (page and email, two languages) plus the text part
      // twice: each at most 20× the input.
      EXPECT_LE(*r.output, 6 * (20 * body.size() + 4096)) << body.size() << " bytes";
    } else {
      EXPECT_TRUE(r.refusal == "markdown/too-complex" || r.refusal == "markdown/too-many-links")
          << r.refusal << " at " << body.size() << " bytes";
    }
  }
  if (p.refused_at_largest) {
    EXPECT_FALSE(runs[2].output.has_value());
  }
  if (p.quadratic) {
    EXPECT_TRUE(runs[2].refused_before_parsing) << "gfm.6 is quadratic on this shape";
  }
}

INSTANTIATE_TEST_SUITE_P(Advisories, PathologicalMarkdown,
                         ::testing::Range<std::size_t>(0, inputs().size()),
                         [](const ::testing::TestParamInfo<std::size_t>& info) {
                           std::string name;
                           for (const char* c = inputs()[info.param].name; *c; ++c)
                             name += std::isalnum(static_cast<unsigned char>(*c)) ? *c : '_';
                           return name;
                         });

}  // namespace
}  // namespace pp
