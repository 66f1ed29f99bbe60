// Confinement (docs/hardening.md): hostile slugs, language codes, links,
// figure names and symbolic links in a site make polypress neither read
// outside the site nor write outside public/, mail/ and .polypress/.
#include <gtest/gtest.h>

#include "support/temp_site.h"

namespace pp {

namespace fs = std::filesystem;

namespace {

const char* kSecret = "TOP-SECRET-7f3a";

// Every file and folder under `dir` but the site's outputs, with the bytes
// of files and the targets of links.
std::map<std::string, std::string> snapshot(const fs::path& dir) {
  std::map<std::string, std::string> out;
  for (auto it = fs::recursive_directory_iterator(dir); it != fs::recursive_directory_iterator();
       ++it) {
    const std::string rel = fs::relative(it->path(), dir).string();
    if (rel == "site/public" || rel == "site/mail" || rel == "site/.polypress") {
      it.disable_recursion_pending();
      continue;
    }
    if (it->is_symlink())
      out[rel] = "-> " + fs::read_symlink(it->path()).string();
    else if (it->is_regular_file())
      out[rel] = test::read_text(it->path());
    else
      out[rel] = "(folder)";
  }
  return out;
}

// Whether any file under `dir` holds the secret.
bool leaks(const fs::path& dir) {
  std::error_code ec;
  for (const auto& e : fs::recursive_directory_iterator(dir, ec))
    if (e.is_regular_file() && test::read_text(e.path()).find(kSecret) != std::string::npos)
      return true;
  return false;
}

void add_link_article(const fs::path& site) {
  const std::string secret_rel = "../../../../outside/secret.txt";
  test::write_text(site, "content/news/hostile/index.en.md",
                   "---\ntitle: \"Hostile\"\ntype: news\ndate: 2026-11-21\nsummary: \"s\"\n"
                   "verdict: \"v\"\nsources:\n  - {title: \"t\", url: \"https://x.example/\", "
                   "publisher: \"P\"}\n---\n"
                   "[a](" +
                       secret_rel + ") ![b](" + secret_rel +
                       ") [c](/../../outside/secret.txt) [d](file:///etc/passwd)\n");
}

}  // namespace

TEST(Confinement, HostileNamesReadAndWriteNothingOutsideTheSite) {
  test::TempDir dir;
  const fs::path site = dir.path() / "site", outside = dir.path() / "outside";
  test::make_minimal_site(site);
  test::write_text(outside, "secret.txt", kSecret);
  test::write_text(outside, "secret.png", kSecret);
  // Fatal: slugs and language codes that name other folders, a figure name
  // with a path, links out of the site.
  fs::create_directories(site / "content/news/%2e%2e");
  test::write_text(site, "content/news/%2e%2e/index.en.md", "x");
  test::write_text(site, "content/news/chip-launch/index.en..md", "x");
  test::write_text(site, "content/news/chip-launch/index.e%2fn.md", "x");
  add_link_article(site);
  // Symbolic links out of the site: a bundle, an asset, a static file.
  fs::create_directory_symlink(outside, site / "content/news/escape");
  fs::create_symlink(outside / "secret.png", site / "content/news/chip-launch/leak.png");
  fs::create_directories(site / "pipeline/static");
  fs::create_symlink(outside / "secret.txt", site / "pipeline/static/leak.txt");
  fs::create_directory_symlink(outside, site / "locales/escape");

  const auto before = snapshot(dir.path());
  for (const std::vector<std::string>& command : {std::vector<std::string>{"validate"},
                                                  {"check"},
                                                  {"build"},
                                                  {"edition", "--week", "2026-W47"},
                                                  {"i18n", "check"},
                                                  {"i18n", "stats"},
                                                  {"translations", "status"}}) {
    std::vector<std::string> args = {"-C", site.string()};
    args.insert(args.end(), command.begin(), command.end());
    const auto r = test::run_polypress(args);
    SCOPED_TRACE(command[0]);
    EXPECT_TRUE(r.exit_code == 0 || r.exit_code == 1 || r.exit_code == 2) << r.err;
    EXPECT_EQ(r.out.find(kSecret), std::string::npos);
    EXPECT_EQ(r.err.find(kSecret), std::string::npos);
  }
  EXPECT_EQ(snapshot(dir.path()), before);

  // Without the fatal inputs the build writes; the symbolic links are
  // skipped, the secret is nowhere in the output.
  fs::remove_all(site / "content/news/%2e%2e");
  fs::remove(site / "content/news/chip-launch/index.en..md");
  fs::remove(site / "content/news/chip-launch/index.e%2fn.md");
  fs::remove_all(site / "content/news/hostile");
  const auto before_build = snapshot(dir.path());
  const auto r = test::run_polypress({"-C", site.string(), "build"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(fs::exists(site / "public/en/index.html"));
  EXPECT_FALSE(leaks(site / "public"));
  EXPECT_FALSE(leaks(site / "mail"));
  EXPECT_FALSE(leaks(site / ".polypress"));
  EXPECT_EQ(snapshot(dir.path()), before_build);
}

}  // namespace pp
