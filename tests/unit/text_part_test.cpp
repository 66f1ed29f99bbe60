// The email's text part, golden: each tests/data/text_part/NAME.LANG.md and
// the text it reads as, NAME.LANG.txt (UPDATE_GOLDEN=1 refreshes them).
#include <gtest/gtest.h>

#include <cstdlib>

#include "render/render.h"
#include "support/temp_site.h"

namespace pp {

namespace fs = std::filesystem;

// Strikethrough keeps its marks, tasks their boxes, footnotes their numbers
// and notes, code its lines unwrapped, a table every column (an empty header
// cell included), in English, Arabic and Korean.
TEST(TextPart, EachCaseReadsAsItsGoldenText) {
  const fs::path folder = test::source_dir() / "tests/data/text_part";
  int cases = 0;
  for (const auto& entry : fs::directory_iterator(folder)) {
    const fs::path md = entry.path();
    if (md.extension() != ".md") continue;
    const std::string lang = md.stem().extension().string().substr(1);  // marks.en.md → en
    DiagnosticSink sink;
    auto a = parse_article(md.filename().string(), lang, test::read_text(md), sink);
    ASSERT_TRUE(a) << md;
    SiteConfig c;
    c.base_path = "/";
    c.time_zone = "UTC";
    Corpus corpus;
    const Locale loc(c, {lang, lang, lang}, "");
    LinkRefs refs;
    const std::string text = render_body_text(*a, corpus, c, loc, "https://x.example/", refs);
    const fs::path golden = fs::path(md).replace_extension(".txt");
    if (std::getenv("UPDATE_GOLDEN"))
      test::write_text(folder, golden.filename().string(), text);
    else
      EXPECT_EQ(text, test::read_text(golden)) << md;
    ++cases;
  }
  EXPECT_GE(cases, 3);
}

}  // namespace pp
