// Finding paths for CI: relative to the repository's root when the site is a
// folder of a git work tree (or to --path-base), so that annotations land on
// the files of a pull request.
#include <gtest/gtest.h>

#include <string>

#include "support/temp_site.h"

namespace pp {
namespace {

namespace fs = std::filesystem;

TEST(FindingPaths, ASiteInARepositoryFolderNamesRepositoryPaths) {
  test::TempDir dir;
  fs::create_directory(dir.path() / ".git");  // the work tree's top
  const fs::path site = dir.path() / "docs/site";
  test::make_minimal_site(site);
  const std::string finding = "docs/site/content/news/chip-launch/index.ar.md";
  auto r = test::run_polypress({"-C", site.string(), "validate"});
  EXPECT_EQ(r.err, finding +
                       ":7:70: warning: 'reviews/tool' has no 'ar' translation; linked in 'en' "
                       "[link/untranslated]\n");
  r = test::run_polypress({"-C", site.string(), "validate", "--format", "github"});
  EXPECT_EQ(r.out.rfind("::warning file=" + finding + ",line=7,col=70,", 0), 0u) << r.out;
  r = test::run_polypress({"-C", site.string(), "validate", "--format", "json"});
  EXPECT_NE(r.out.find("\"file\": \"" + finding + "\""), std::string::npos) << r.out;
  r = test::run_polypress({"-C", site.string(), "validate", "--format", "sarif"});
  EXPECT_NE(
      r.out.find("\"uri\": \"" + finding + "\",\n                  \"uriBaseId\": \"SRCROOT\""),
      std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\"SRCROOT\": {\n          \"description\": {\n            \"text\": \"the "
                       "root of the git work tree holding the site\""),
            std::string::npos)
      << r.out;
  // --path-base chooses another base; the site itself gives site paths.
  r = test::run_polypress(
      {"-C", site.string(), "validate", "--path-base", (dir.path() / "docs").string()});
  EXPECT_EQ(r.err.rfind("site/content/news/chip-launch/index.ar.md:7:70: warning:", 0), 0u)
      << r.err;
  r = test::run_polypress(
      {"-C", site.string(), "validate", "--path-base", site.string(), "--format", "sarif"});
  EXPECT_NE(r.out.find("\"uri\": \"content/news/chip-launch/index.ar.md\",\n                  "
                       "\"uriBaseId\": \"SITEROOT\""),
            std::string::npos)
      << r.out;
}

TEST(FindingPaths, ASiteAtTheTopOfItsRepositoryKeepsSitePaths) {
  test::TempDir dir;
  fs::create_directory(dir.path() / ".git");
  test::make_minimal_site(dir.path());
  const auto r = test::run_polypress({"-C", dir.path().string(), "validate"});
  EXPECT_EQ(r.err.rfind("content/news/chip-launch/index.ar.md:7:70: warning:", 0), 0u) << r.err;
}

}  // namespace
}  // namespace pp
