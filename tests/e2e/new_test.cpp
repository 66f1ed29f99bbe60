// `polypress new`: bundles and translations that pass validate, never an
// overwrite, and clear refusals.
#include <gtest/gtest.h>

#include "support/temp_site.h"

namespace pp {

namespace fs = std::filesystem;

namespace {

// validate's findings about one file.
std::string findings_about(const fs::path& root, const std::string& rel) {
  const auto r = test::run_polypress({"-C", root.string(), "validate"});
  std::string out;
  std::size_t start = 0;
  for (auto end = r.err.find('\n'); end != std::string::npos; end = r.err.find('\n', start)) {
    const std::string line = r.err.substr(start, end - start);
    if (line.rfind(rel, 0) == 0) out += line + "\n";
    start = end + 1;
  }
  return out;
}

}  // namespace

TEST(New, CreatesDraftsOfEveryTypeThatPassValidate) {
  test::TempDir dir;
  test::make_minimal_site(dir.path());
  for (const auto& [id, type] :
       std::vector<std::pair<std::string, std::string>>{{"news/fresh-idea", "news"},
                                                        {"reviews/gadget", "review"},
                                                        {"news/deep-dive", "analysis"}}) {
    const auto r = test::run_polypress({"-C", dir.path().string(), "new", id, "--type", type});
    const std::string rel = "content/" + id + "/index.en.md";
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, rel + "\n");
    const std::string text = test::read_text(dir.path() / rel);
    EXPECT_NE(text.find("\ntype: " + type + "\n"), std::string::npos) << text;
    EXPECT_NE(text.find("\ndraft: true\n"), std::string::npos) << text;
    EXPECT_EQ(findings_about(dir.path(), rel), "") << text;
  }
  // Drafts are not published.
  ASSERT_EQ(test::run_polypress({"-C", dir.path().string(), "build", "--quiet"}).exit_code, 0);
  EXPECT_FALSE(fs::exists(dir.path() / "public/en/news/fresh-idea"));
}

// A started translation is in progress (unstamped) until the translator
// stamps it; a copy still identical to the source is not stamped by mistake.
TEST(New, AnExistingBundleGetsATranslationInProgress) {
  test::TempDir dir;
  test::make_minimal_site(dir.path());
  const std::string root = dir.path().string();
  ASSERT_EQ(test::run_polypress({"-C", root, "new", "news/fresh-idea"}).exit_code, 0);
  auto r = test::run_polypress({"-C", root, "new", "news/fresh-idea", "--lang", "ar"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "content/news/fresh-idea/index.ar.md\n");
  const std::string rel = "content/news/fresh-idea/index.ar.md";
  const std::string text = test::read_text(dir.path() / rel);
  EXPECT_NE(text.find("\ntranslation_of: en\ndraft: true  # in progress: `polypress translations "
                      "stamp` publishes it\n---\n"),
            std::string::npos)
      << text;
  EXPECT_EQ(text.find("source_digest:"), std::string::npos) << text;
  EXPECT_NE(text.find("\nWrite the article here.\n"), std::string::npos) << text;
  EXPECT_EQ(findings_about(dir.path(), rel), "");
  r = test::run_polypress({"-C", root, "translations"});
  EXPECT_NE(r.out.find("news/fresh-idea   source      unstamped\n"), std::string::npos) << r.out;
  // The site builds at once, the draft source aside. An English copy is
  // never published under the Arabic address: not before it is stamped.
  EXPECT_EQ(test::run_polypress({"-C", root, "build", "--quiet"}).exit_code, 0);
  EXPECT_FALSE(fs::exists(dir.path() / "public/ar/news/fresh-idea/index.html"));
  // Links to it say why and how to publish it.
  const fs::path chip = dir.path() / "content/news/chip-launch/index.ar.md";
  std::string linking = test::read_text(chip);
  test::write_text(chip.parent_path(), "index.ar.md", linking + "\n[فكرة](/news/fresh-idea)\n");
  std::string source = test::read_text(dir.path() / "content/news/fresh-idea/index.en.md");
  const std::string draft_line = "draft: true\n";
  source.erase(source.find(draft_line), draft_line.size());
  test::write_text(dir.path() / "content/news/fresh-idea", "index.en.md", source);
  r = test::run_polypress({"-C", root, "validate"});
  EXPECT_NE(r.err.find("content/news/chip-launch/index.ar.md:9:1: error: link to 'news/fresh-idea' "
                       "(ar), which this build does not publish: it is a translation in "
                       "progress, published once `polypress translations stamp` records it "
                       "(build --drafts publishes it now) [link/unpublished]\n"),
            std::string::npos)
      << r.err;
  test::write_text(chip.parent_path(), "index.ar.md", linking);
  // Stamping the untranslated copy is refused; the file is left as it is.
  r = test::run_polypress({"-C", root, "translations", "stamp", rel});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, rel +
                       ":1:1: error: its body is still the source's, byte for byte: translate it "
                       "first (or stamp it with --force) [i18n/stamp]\n");
  EXPECT_EQ(test::read_text(dir.path() / rel), text);
  r = test::run_polypress({"-C", root, "translations", "stamp", "--force", rel});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  r = test::run_polypress({"-C", root, "translations"});
  EXPECT_NE(r.out.find("news/fresh-idea   source      up to date\n"), std::string::npos) << r.out;
  // Translated, it is stamped without --force.
  test::write_text(dir.path(), "content/news/fresh-idea/index.ar.md",
                   text.substr(0, text.find("Write the article here.")) + "اكتب المقال هنا.\n");
  r = test::run_polypress({"-C", root, "translations", "stamp", rel});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const std::string stamped = test::read_text(dir.path() / rel);
  EXPECT_NE(stamped.find("\nsource_digest: "), std::string::npos);
  // Stamped, it is no draft any more: the build publishes it.
  EXPECT_EQ(stamped.find("draft:"), std::string::npos) << stamped;
  EXPECT_EQ(test::run_polypress({"-C", root, "build", "--quiet"}).exit_code, 0);
  EXPECT_TRUE(fs::exists(dir.path() / "public/ar/news/fresh-idea/index.html"));
}

TEST(New, NeverOverwritesAndRefusesBadNames) {
  test::TempDir dir;
  test::make_minimal_site(dir.path());
  const std::string root = dir.path().string();
  const fs::path existing = dir.path() / "content/news/chip-launch/index.en.md";
  const std::string before = test::read_text(existing);
  auto r = test::run_polypress({"-C", root, "new", "news/chip-launch"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "polypress new: " + existing.string() +
                       " exists; polypress new never overwrites a file\n");
  EXPECT_EQ(test::read_text(existing), before);
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"news"}, "give the bundle as SECTION/SLUG, e.g. news/chip-launch"},
      {{"blog/x"}, "section 'blog' is not configured in site.yaml"},
      {{"news/Bad_Slug"},
       "slug 'Bad_Slug' must match [a-z0-9]+(-[a-z0-9]+)* and have at most 100 characters"},
      {{"news/../../x"},
       "slug '../../x' must match [a-z0-9]+(-[a-z0-9]+)* and have at most 100 characters"},
      {{"news/x", "--lang", "xx"}, "--lang: 'xx' is not a configured language"},
      {{"news/x", "--type", "blog"}, "--type: 'blog' is not one of news, review, analysis"},
  };
  for (const auto& [args, message] : cases) {
    std::vector<std::string> argv = {"-C", root, "new"};
    argv.insert(argv.end(), args.begin(), args.end());
    r = test::run_polypress(argv);
    EXPECT_EQ(r.exit_code, 2) << args[0];
    EXPECT_EQ(r.err, "polypress new: " + message + "\n");
  }
  EXPECT_FALSE(fs::exists(dir.path() / "content/news/x"));
  EXPECT_FALSE(fs::exists(dir.path() / "content/blog"));
}

}  // namespace pp

namespace pp {

// A section folder that is a link (here to a folder outside the site) is
// never written through: nothing is created there.
TEST(New, NeverWritesThroughALinkedSectionFolder) {
  test::TempDir dir, outside;
  test::make_minimal_site(dir.path());
  fs::remove_all(dir.path() / "content/news");
  fs::create_directory_symlink(outside.path(), dir.path() / "content/news");
  const auto r = test::run_polypress({"-C", dir.path().string(), "new", "news/evil"});
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE(r.err.find("content/news is a symbolic link or special file; polypress new never "
                       "writes through one"),
            std::string::npos)
      << r.err;
  EXPECT_TRUE(fs::is_empty(outside.path()));
}

}  // namespace pp
