#include <gtest/gtest.h>

#include "core/builtin_theme.h"
#include "emit/emit.h"
#include "support/temp_site.h"

namespace pp {

TEST(Emit, WritesOnlyChangedFilesAndNeverOutside) {
  test::TempDir dir;
  const auto out = dir.path() / "public";
  DiagnosticSink sink;
  std::vector<OutputFile> files = {{"a/index.html", "A", ""}, {"b.xml", "B", ""}};
  EmitStats s = write_outputs(out, "public", files, sink);
  EXPECT_EQ(s.written, 2);
  s = write_outputs(out, "public", files, sink);
  EXPECT_EQ(s.written, 0);
  EXPECT_EQ(s.unchanged, 2);
  s = write_outputs(out, "public", {{"../escape.html", "x", ""}}, sink);
  EXPECT_EQ(s.failed, 1);
  s = write_outputs(out, "public", {{"/abs.html", "x", ""}}, sink);
  EXPECT_EQ(s.failed, 1);
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "escape.html"));
  EXPECT_EQ(
      format_diagnostics(sink.sorted(), OutputFormat::text),
      "public/../escape.html: error: refusing to write outside the output folder [emit/path]\n"
      "public//abs.html: error: refusing to write outside the output folder [emit/path]\n");
}

TEST(Emit, CopiesStaticFilesUnderAssets) {
  test::TempDir dir;
  test::write_text(dir.path(), "pipeline/static/css/site.css", "x");
  DiagnosticSink sink;
  test::write_text(dir.path(), "pipeline/static/favicon.svg", "<svg/>");
  const auto files = collect_static(dir.path(), false, sink);
  // The site's files are copied; the built-in stylesheet and share card fill
  // in what the site does not give, with their bytes.
  ASSERT_EQ(files.size(), 4u);
  EXPECT_EQ(files[0].path, "assets/card.png");
  EXPECT_EQ(files[0].copy_from, "");
  EXPECT_EQ(files[0].bytes, builtin_static_files().at("card.png"));
  EXPECT_EQ(files[1].path, "assets/css/site.css");
  EXPECT_NE(files[1].copy_from, "");
  EXPECT_EQ(files[2].path, "assets/favicon.svg");
  EXPECT_NE(files[2].copy_from, "");
  EXPECT_EQ(files[3].path, "assets/style.css");
  EXPECT_EQ(files[3].copy_from, "");
  EXPECT_EQ(files[3].bytes, builtin_static_files().at("style.css"));
}

}  // namespace pp
