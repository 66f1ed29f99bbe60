// site.yaml's `rules:` levels reach every output format, validate and build
// alike, and `polypress rules` shows them.
#include <gtest/gtest.h>

#include <string>

#include "support/temp_site.h"

namespace pp {
namespace {

namespace fs = std::filesystem;

// The minimal site (whose Arabic article links an untranslated review: a
// link/untranslated warning) with `rules` appended to its site.yaml.
void make_site(const fs::path& root, const std::string& rules) {
  test::make_minimal_site(root);
  test::write_text(root, "pipeline/site.yaml",
                   test::read_text(root / "pipeline/site.yaml") + "rules:\n" + rules);
}

TEST(RuleLevels, AnIgnoredRuleLeavesEveryFormat) {
  test::TempDir dir;
  test::make_minimal_site(dir.path());
  auto r = test::run_polypress({"-C", dir.path().string(), "validate"});
  ASSERT_NE(r.err.find("[link/untranslated]"), std::string::npos) << r.err;
  make_site(dir.path(), "  link/untranslated: ignore\n");
  for (const char* format : {"text", "json", "github", "sarif"}) {
    r = test::run_polypress(
        {"-C", dir.path().string(), "validate", "--strict", "--format", format});
    EXPECT_EQ(r.exit_code, 0) << format << r.out << r.err;
    EXPECT_EQ((r.out + r.err).find("link/untranslated"), std::string::npos) << format;
  }
  r = test::run_polypress({"-C", dir.path().string(), "build", "--quiet"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err.find("link/untranslated"), std::string::npos) << r.err;
  r = test::run_polypress({"-C", dir.path().string(), "rules"});
  EXPECT_NE(r.out.find("link/untranslated             ignore   "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(" (site.yaml; its own level: warning)\n"), std::string::npos);
  r = test::run_polypress({"-C", dir.path().string(), "rules", "--format", "json"});
  EXPECT_NE(r.out.find("\"default_severity\": \"warning\",\n    \"id\": \"link/untranslated\",\n"
                       "    \"severity\": \"ignore\""),
            std::string::npos)
      << r.out;
}

TEST(RuleLevels, ARaisedWarningStopsValidateAndBuildAlike) {
  test::TempDir dir;
  make_site(dir.path(), "  link/untranslated: error\n");
  auto r = test::run_polypress({"-C", dir.path().string(), "validate"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("content/news/chip-launch/index.ar.md:7:70: error: 'reviews/tool' has no "
                       "'ar' translation; linked in 'en' [link/untranslated]\n"),
            std::string::npos)
      << r.err;
  r = test::run_polypress({"-C", dir.path().string(), "build"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_FALSE(fs::exists(dir.path() / "public/en/index.html"));
}

}  // namespace
}  // namespace pp
