// `--env NAME` (pipeline/site.NAME.yaml over site.yaml) and `--base-url URL`
// for build and edition (docs/spec.md §2, "Environments").
#include <gtest/gtest.h>

#include "support/temp_site.h"

namespace pp {

namespace fs = std::filesystem;
using test::run_polypress;

namespace {

fs::path init_site(const test::TempDir& dir) {
  const fs::path site = dir.path() / "site";
  EXPECT_EQ(run_polypress({"init", site.string(), "--quiet", "--languages", "en,ko"}).exit_code, 0);
  test::give_postal_address(site);
  return site;
}

}  // namespace

TEST(Environments, AnOverlayChangesWhatItGivesOnly) {
  test::TempDir dir;
  const fs::path site = init_site(dir);
  test::write_text(site, "pipeline/site.staging.yaml",
                   "# staging: another address, the same site\n"
                   "site:\n  base_url: https://staging.example.org/preview/\n"
                   "newsletter:\n  subscribe_url: https://staging.example.org/subscribe\n");
  auto r = run_polypress({"-C", site.string(), "build", "--env", "staging"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  const std::string page = test::read_text(site / "public/ko/index.html");
  EXPECT_NE(page.find("<link rel=\"canonical\" href=\"https://staging.example.org/preview/ko/\">"),
            std::string::npos)
      << page;
  EXPECT_NE(page.find("href=\"/preview/assets/style.css\""), std::string::npos);
  EXPECT_NE(page.find("action=\"https://staging.example.org/subscribe\""), std::string::npos);
  EXPECT_NE(page.find("<title>My site</title>"), std::string::npos);  // site.name kept
  // Without --env the next build is the site's own again (not the last one reused).
  r = run_polypress({"-C", site.string(), "build"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(test::read_text(site / "public/ko/index.html")
                .find("<link rel=\"canonical\" href=\"https://example.org/ko/\">"),
            std::string::npos);
}

TEST(Environments, AnOverlaysFindingsNameItsFile) {
  test::TempDir dir;
  const fs::path site = init_site(dir);
  test::write_text(site, "pipeline/site.bad.yaml",
                   "site:\n  base_url: ftp://example.org/\n  colour: red\nnewsletters: {}\n");
  auto r = run_polypress({"-C", site.string(), "build", "--env", "bad"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(
      r.err,
      "pipeline/site.bad.yaml:2:13: error: 'base_url' is not an absolute http(s) URL: "
      "\"ftp://example.org/\" [config/url]\n"
      "pipeline/site.bad.yaml:3:3: error: unknown key 'colour' in 'site' [config/unknown-key]\n"
      "pipeline/site.bad.yaml:4:1: error: unknown key 'newsletters' in site.bad.yaml; did you "
      "mean 'newsletter'? [config/unknown-key]\n");
  // validate and check see the site as that build would: the same findings.
  for (const char* command : {"validate", "check"}) {
    const auto v = run_polypress({"-C", site.string(), command, "--env", "bad"});
    EXPECT_EQ(v.exit_code, 2) << command;
    EXPECT_EQ(v.err, r.err) << command;
  }
  EXPECT_EQ(run_polypress({"-C", site.string(), "validate"}).exit_code, 0);
  r = run_polypress({"-C", site.string(), "build", "--env", "prod"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("pipeline/site.prod.yaml: error: cannot read --env prod: "),
            std::string::npos)
      << r.err;
  r = run_polypress({"-C", site.string(), "build", "--env", "../x"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "polypress build: --env must be a name [a-z0-9]+(-[a-z0-9]+)*, not '../x'\n");
  EXPECT_FALSE(fs::exists(site / "public"));
}

TEST(Environments, BaseUrlOnTheCommandLine) {
  test::TempDir dir;
  const fs::path site = init_site(dir);
  auto r =
      run_polypress({"-C", site.string(), "build", "--base-url", "http://127.0.0.1:8080/blog"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string page = test::read_text(site / "public/en/news/welcome/index.html");
  EXPECT_NE(page.find("href=\"/blog/assets/style.css\""), std::string::npos) << page;
  EXPECT_NE(
      page.find("<link rel=\"canonical\" href=\"http://127.0.0.1:8080/blog/en/news/welcome/\">"),
      std::string::npos);
  EXPECT_NE(test::read_text(site / "public/sitemap.xml")
                .find("<loc>http://127.0.0.1:8080/blog/en/</loc>"),
            std::string::npos);
  for (const char* bad : {"ftp://x.example/", "https://", "https://x.example/a b/"}) {
    r = run_polypress({"-C", site.string(), "build", "--base-url", bad});
    EXPECT_EQ(r.exit_code, 2) << bad;
    EXPECT_NE(r.err.find("polypress build: --base-url: '"), std::string::npos) << r.err;
  }
}

}  // namespace pp
