// The pathological Markdown of the cmark-gfm advisories (gfm.6 and gfm.7,
// docs/hardening.md M1–M10), each at ×1, ×10 and ×100 as upstream's
// pathological_tests.py runs them: parsed, checked, and rendered as page and
// email HTML and text in English and Arabic. Each either is refused with
// markdown/too-complex or renders within the time budget, to at most 20 times
// its size, and grows about linearly (a quadratic input takes ~100× longer
// from ×10 to ×100; a linear one ~10×).
#include <gtest/gtest.h>

#include <cctype>
#include <chrono>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

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
};

std::string make(const Pathological& p, std::size_t n) {
  return p.head + repeat(p.part, n) + p.middle + repeat(p.part2, n) + "\n";
}

const std::vector<Pathological>& inputs() {
  static const std::vector<Pathological> all = {
      // M1 CVE-2023-22483 (GHSA-29g3-96g3-jg6c): the advisory's quadratic set.
      {"M1 processing instructions", "-1", "<?x", "", ""},
      {"M1 table rows with a >", "", "|-\nt>|-\n", "", ""},
      {"M1 emphasis runs", "", "*t ", "", "_t*_ "},
      {"M1 a table of pipes", "x\n| - |\n", "|", "", ""},
      {"M1 autolink underscores", "", "z_www.", "", ""},
      {"M1 reference titles", "[f]:u\n\"\n", "[f]\n", "", ""},
      {"M1 autolink closing parens", "www.", ")", "", ""},
      {"M1 setext under a colon", ":-\n", ":\n", "", ""},
      {"M1 unclosed autolinks", "", "<http://s", "", ""},
      {"M1 strikethrough", "~e", ",z~~", "", ""},
      // M2 CVE-2023-22484 (handle_pointy_brace) and commonmark/cmark#457.
      {"M2 comment openers", "a", "<!--", "", ""},
      {"M2 pointy braces", "", "<a", "", ""},
      // M3 CVE-2023-22485: extended protocol autolinks at the start of a
      // text buffer; an out-of-bounds read is for ASan to catch.
      {"M3 protocol autolinks", "mailto:a@b.c ", "xmpp:a@b.c/r mailto:x@y.z ", "", ""},
      // M4 CVE-2023-22486 (handle_close_bracket).
      {"M4 image brackets", "", "![[]()", "", ""},
      // M5 CVE-2023-24824 (commonmark/cmark#520): the advisory's inputs.
      {"M5 quotes then emphasis", "", ">", "", "a*"},
      {"M5 list markers then blank lines", "", " -", "x", "\n"},
      // M6 CVE-2023-26485.
      {"M6 underscores", "", "_", ".", "_"},
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

#ifdef POLYPRESS_SANITIZED
constexpr double kBudget = 10.0;  // sanitizer builds run several times slower
#else
constexpr double kBudget = 2.5;  // a parse is abandoned at 2 s (kMarkdownParseLimit)
#endif

struct Timed {
  double seconds = 0;
  std::size_t input = 0;
  std::optional<std::size_t> output;
  std::string refusal;
};

Timed run(const std::string& body) {
  Timed r;
  r.input = body.size();
  const auto t0 = std::chrono::steady_clock::now();
  r.output = fuzz::render_markdown(body, &r.refusal);
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return r;
}

class PathologicalMarkdown : public ::testing::TestWithParam<std::size_t> {};

TEST_P(PathologicalMarkdown, StaysLinearAndBounded) {
  {
    const Pathological& p = inputs()[GetParam()];
    // ×100 stays under the 1 MiB file limit (with the front matter).
    const std::size_t per = p.part.size() + p.part2.size();
    const std::size_t n100 = (900'000 - p.head.size()) / per, n10 = n100 / 10, n1 = n100 / 100;
    Timed runs[3];
    for (int i = 0; i < 3; ++i) {
      runs[i] = run(make(p, i == 0 ? n1 : i == 1 ? n10 : n100));
      const Timed& r = runs[i];
      std::printf("%-34s %8zu bytes %8.3f s %s\n", p.name, r.input, r.seconds,
                  r.output ? std::to_string(*r.output).c_str() : r.refusal.c_str());
      std::fflush(stdout);
      EXPECT_LT(r.seconds, kBudget) << r.input << " bytes";
      if (r.output) {
        // Four renderings (page and email, two languages) plus the text part
        // twice: each at most 20× the input.
        EXPECT_LE(*r.output, 6 * (20 * r.input + 4096)) << r.input << " bytes";
      } else {
        EXPECT_TRUE(r.refusal == "markdown/too-complex" || r.refusal == "markdown/too-many-links")
            << r.refusal << " at " << r.input << " bytes";
      }
    }
    if (p.refused_at_largest) {
      EXPECT_FALSE(runs[2].output.has_value());
    }
    // Linear growth: 10× the input may not take 40× the time (timer noise
    // below 50 ms is ignored).
    EXPECT_LT(runs[2].seconds, 40 * runs[1].seconds + 0.05)
        << runs[1].seconds << " s at " << runs[1].input << " bytes, " << runs[2].seconds << " s at "
        << runs[2].input << " bytes";
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
