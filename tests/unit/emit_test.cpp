#include <gtest/gtest.h>

#include "emit/emit.h"
#include "support/temp_site.h"

namespace pp {

TEST(Emit, WritesOnlyChangedFilesAndNeverOutside) {
  test::TempDir dir;
  const auto out = dir.path() / "public";
  DiagnosticSink sink;
  std::vector<OutputFile> files = {{"a/index.html", "A", ""}, {"b.xml", "B", ""}};
  EmitStats s = write_outputs(out, files, sink);
  EXPECT_EQ(s.written, 2);
  s = write_outputs(out, files, sink);
  EXPECT_EQ(s.written, 0);
  EXPECT_EQ(s.unchanged, 2);
  s = write_outputs(out, {{"../escape.html", "x", ""}, {"/abs.html", "x", ""}}, sink);
  EXPECT_EQ(s.failed, 2);
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "escape.html"));
  EXPECT_EQ(sink.count(Severity::error), 2);
}

TEST(Emit, CopiesStaticFilesUnderAssets) {
  test::TempDir dir;
  test::write_text(dir.path(), "pipeline/static/css/site.css", "x");
  DiagnosticSink sink;
  const auto files = collect_static(dir.path(), sink);
  ASSERT_EQ(files.size(), 1u);
  EXPECT_EQ(files[0].path, "assets/css/site.css");
}

}  // namespace pp
