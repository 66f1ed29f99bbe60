// `polypress init` and the built-in theme, through the binary as a new user
// runs them (docs/templates.md).
#include <gtest/gtest.h>

#include "core/process.h"
#include "support/temp_site.h"

namespace pp {

namespace fs = std::filesystem;
using test::run_polypress;

namespace {

// Every file under `dir` whose text holds `word`.
std::vector<std::string> files_holding(const fs::path& dir, const std::string& word) {
  std::vector<std::string> out;
  for (const auto& [path, bytes] : test::read_tree(dir))
    if (bytes.find(word) != std::string::npos) out.push_back(path);
  return out;
}

// The fenced blocks of docs/templates.md marked `<!-- example-file: PATH -->`.
std::map<std::string, std::string> documented_example_files() {
  const std::string doc = test::read_text(test::source_dir() / "docs/templates.md");
  std::map<std::string, std::string> out;
  const std::string marker = "<!-- example-file: ";
  for (auto at = doc.find(marker); at != std::string::npos; at = doc.find(marker, at + 1)) {
    const auto name_end = doc.find(" -->", at);
    const std::string path = doc.substr(at + marker.size(), name_end - at - marker.size());
    const auto body = doc.find('\n', doc.find("```", name_end)) + 1;
    out[path] = doc.substr(body, doc.find("```", body) - body);
  }
  return out;
}

}  // namespace

// The first "done when": an empty folder, two commands, no file of the
// sample site.
TEST(Init, AnEmptyFolderBuildsAtOnce) {
  test::TempDir dir;
  const fs::path site = dir.path() / "site";
  auto r = run_polypress({"-C", dir.path().string(), "init", "site", "--languages", "en,ko,ar"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out,
            "created .gitignore\n"
            "created content/analysis/example-analysis/index.en.md\n"
            "created content/news/welcome/index.en.md\n"
            "created content/reviews/example-review/index.en.md\n"
            "created pipeline/site.yaml\n"
            "created locales/polypress.pot\n"
            "created locales/en.po\n"
            "created locales/ko.po\n"
            "created locales/ar.po\n"
            "\nNext: polypress -C " +
                site.string() + " serve   (preview on http://127.0.0.1:1313/)\n");
  EXPECT_FALSE(fs::exists(site / "pipeline/templates"));
  EXPECT_FALSE(fs::exists(site / "pipeline/static"));
  // One warning: the editor has a postal address to give (config/postal-address).
  const std::string no_address =
      "pipeline/site.yaml:20:3: warning: newsletter.address is not set: every email's footer "
      "should carry the sender's postal address (CAN-SPAM asks for one in bulk email) "
      "[config/postal-address]\n";
  for (const char* command : {"validate", "build"}) {
    r = run_polypress({"-C", site.string(), command});
    EXPECT_EQ(r.exit_code, 0) << command << ": " << r.err;
    EXPECT_EQ(r.err, no_address) << command;
  }
  // Given as the commented line in site.yaml shows, it ends every email.
  std::string yaml = test::read_text(site / "pipeline/site.yaml");
  const std::string commented = "  # address: \"Your name or company, street, city, country\"";
  ASSERT_NE(yaml.find(commented), std::string::npos) << yaml;
  yaml.replace(yaml.find(commented), commented.size(), "  address: \"Site Ltd, 1 Main St\"");
  test::write_text(site, "pipeline/site.yaml", yaml);
  for (const char* command : {"validate", "build"}) {
    r = run_polypress({"-C", site.string(), command});
    EXPECT_EQ(r.err, "") << command;
  }
  EXPECT_NE(test::read_text(site / "mail/en/news--welcome.eml").find("\nSite Ltd, 1 Main St"),
            std::string::npos);
  r = run_polypress({"-C", site.string(), "i18n", "check"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  for (const char* page : {"index.html", "en/index.html", "ko/index.html", "ar/index.html",
                           "en/news/welcome/index.html", "en/reviews/example-review/index.html",
                           "en/analysis/example-analysis/index.html", "ko/news/index.html"})
    EXPECT_TRUE(fs::exists(site / "public" / page)) << page;
  EXPECT_EQ(test::read_text(site / "public/assets/style.css"),
            test::read_text(test::source_dir() / "theme/static/style.css"));
  EXPECT_TRUE(fs::exists(site / "public/assets/favicon.svg"));
  // Nothing of the sample's brand or wording, in the site or what it builds.
  for (const char* word : {"ReviewRamble", "MCP", "AI reviews"}) {
    EXPECT_EQ(files_holding(site, word), std::vector<std::string>{}) << word;
  }
  // What a build makes stays out of git: committed, the build state is a
  // warning (CI never trusts state it did not make).
  EXPECT_EQ(test::read_text(site / ".gitignore"),
            "# Made by polypress: outputs, and this machine's build state and link cache.\n"
            "/.polypress/\n/public/\n/mail/\n");
  ASSERT_EQ(run_process({"git", "-C", site.string(), "init", "-q"}).exit_code, 0);
  ASSERT_EQ(run_process({"git", "-C", site.string(), "add", "-A"}).exit_code, 0);
  EXPECT_EQ(run_process({"git", "-C", site.string(), "ls-files", "public", ".polypress"}).out, "");
  r = run_polypress({"-C", site.string(), "validate"});
  EXPECT_EQ(r.err, "");
  ASSERT_EQ(run_process({"git", "-C", site.string(), "add", "-f", ".polypress"}).exit_code, 0);
  r = run_polypress({"-C", site.string(), "validate"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.err.find(".polypress: warning: .polypress/ is tracked by git ("), std::string::npos)
      << r.err;
  // check is all of validate.
  r = run_polypress({"-C", site.string(), "check"});
  EXPECT_NE(r.err.find(".polypress: warning: .polypress/ is tracked by git ("), std::string::npos)
      << r.err;
  // Each catalog has its language's plural forms, and as many msgstr[] slots.
  const std::string ar = test::read_text(site / "locales/ar.po");
  EXPECT_NE(ar.find("\"Plural-Forms: nplurals=6;"), std::string::npos) << ar;
  EXPECT_NE(ar.find("msgstr[5] \""), std::string::npos);
  EXPECT_EQ(ar.find("msgstr[6]"), std::string::npos);
  EXPECT_NE(test::read_text(site / "locales/ko.po").find("\"Plural-Forms: nplurals=1; plural=0;"),
            std::string::npos);
  // The Arabic pages are right to left; the untranslated articles are listed
  // there in English, marked as such (translations.fallback: source).
  const std::string ar_home = test::read_text(site / "public/ar/index.html");
  EXPECT_NE(ar_home.find("<html lang=\"ar\" dir=\"rtl\">"), std::string::npos);
  EXPECT_NE(ar_home.find("href=\"/en/news/welcome/\" hreflang=\"en\" lang=\"en\" dir=\"ltr\""),
            std::string::npos)
      << ar_home;
}

TEST(Init, OptionsShapeTheSite) {
  test::TempDir dir;
  auto r =
      run_polypress({"init", (dir.path() / "s").string(), "--quiet", "--languages", "pt_BR,es",
                     "--title", "Notas \"de\" campo", "--base-url", "https://example.org/notas"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "");
  const std::string yaml = test::read_text(dir.path() / "s/pipeline/site.yaml");
  EXPECT_NE(yaml.find("  name: \"Notas \\\"de\\\" campo\"\n"), std::string::npos) << yaml;
  EXPECT_NE(yaml.find("  base_url: \"https://example.org/notas/\"\n"), std::string::npos);
  EXPECT_NE(yaml.find("  default_language: pt-BR\n"), std::string::npos);
  EXPECT_NE(yaml.find("  - {code: pt-BR, name: \"Português (Brasil)\"}\n"), std::string::npos);
  EXPECT_NE(yaml.find("  - {code: es, name: \"Español\"}\n"), std::string::npos);
  EXPECT_NE(yaml.find("  from: \"\\\"Notas de campo\\\" <newsletter@example.org>\"\n"),
            std::string::npos)
      << yaml;
  EXPECT_TRUE(fs::exists(dir.path() / "s/content/news/welcome/index.pt-BR.md"));
  r = run_polypress({"-C", (dir.path() / "s").string(), "build"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err.find("error"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("[config/postal-address]"), std::string::npos) << r.err;
  // Under the base URL's path.
  const std::string page = test::read_text(dir.path() / "s/public/pt-BR/index.html");
  EXPECT_NE(page.find("href=\"/notas/assets/style.css\""), std::string::npos);
}

TEST(Init, BadOptionsAreUsageErrorsAndWriteNothing) {
  test::TempDir dir;
  const std::string target = (dir.path() / "s").string();
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--languages", "en,xx-qqq"},
       "polypress init: --languages: 'xx-qqq' is not a language ICU knows (give BCP 47 codes: "
       "en,ko,pt-BR)\n"},
      {{"--languages", "en,ko,en"}, "polypress init: --languages: 'en' is given twice\n"},
      {{"--languages", ","},
       "polypress init: --languages: give at least one language code, e.g. en,ko\n"},
      {{"--title", ""}, "polypress init: --title must not be empty\n"},
      {{"--title", "a\nb"}, "polypress init: --title holds a control character\n"},
      {{"--base-url", "ftp://example.org/"},
       "polypress init: --base-url: 'ftp://example.org/' is not an absolute http(s) URL\n"},
      {{"--base-url", "https://"},
       "polypress init: --base-url: 'https://' is not an absolute http(s) URL\n"},
  };
  for (const auto& [options, message] : cases) {
    std::vector<std::string> args = {"init", target};
    args.insert(args.end(), options.begin(), options.end());
    const auto r = run_polypress(args);
    EXPECT_EQ(r.exit_code, 2) << options.back();
    EXPECT_EQ(r.err, message);
    EXPECT_FALSE(fs::exists(target));
  }
}

TEST(Init, AFolderThatIsNotEmptyNeedsForceAndNothingIsOverwritten) {
  test::TempDir dir;
  const fs::path site = dir.path();
  test::write_text(site, "pipeline/site.yaml", "# mine\n");
  test::write_text(site, "notes.txt", "mine\n");
  test::write_text(site, ".gitignore", "node_modules/\n");
  auto r = run_polypress({"init", site.string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "polypress init: " + site.string() +
                       " is not empty; polypress init starts a site in an empty folder (--force "
                       "adds what is missing, and never overwrites a file)\n");
  EXPECT_FALSE(fs::exists(site / "content"));
  // --force: what is missing is added; what is there is kept as it is. The
  // site.yaml kept is not a site, so the catalogs cannot be made: said so.
  r = run_polypress({"init", site.string(), "--force"});
  EXPECT_EQ(test::read_text(site / "pipeline/site.yaml"), "# mine\n");
  EXPECT_EQ(test::read_text(site / "notes.txt"), "mine\n");
  EXPECT_TRUE(fs::exists(site / "content/news/welcome/index.en.md"));
  EXPECT_NE(r.out.find("kept    pipeline/site.yaml\n"), std::string::npos) << r.out;
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("pipeline/site.yaml"), std::string::npos) << r.err;
  EXPECT_EQ(test::read_text(site / ".gitignore"), "node_modules/\n");
  EXPECT_NE(r.err.find(".gitignore: warning: kept as it was, and it does not ignore .polypress/: "
                       "add /.polypress/, /public/ and /mail/ to it (the build state is this "
                       "machine's alone) [config/committed-state]"),
            std::string::npos)
      << r.err;
}

TEST(Init, NeverWritesThroughALink) {
  test::TempDir dir, outside;
  const fs::path site = dir.path() / "site";
  fs::create_directories(site);
  fs::create_directory_symlink(outside.path(), site / "content");
  const auto r = run_polypress({"init", site.string(), "--force"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("site/content is a symbolic link or special file; polypress init never "
                       "writes through one"),
            std::string::npos)
      << r.err;
  EXPECT_TRUE(fs::is_empty(outside.path()));
}

// --eject-theme gives the same site as the built-in theme, as files to edit;
// in a site's folder it adds the theme and nothing else.
TEST(Init, EjectedThemeBuildsTheSamePages) {
  test::TempDir dir;
  const fs::path plain = dir.path() / "plain", ejected = dir.path() / "ejected";
  ASSERT_EQ(run_polypress({"init", plain.string(), "--quiet"}).exit_code, 0);
  ASSERT_EQ(run_polypress({"init", ejected.string(), "--quiet", "--eject-theme"}).exit_code, 0);
  EXPECT_TRUE(fs::exists(ejected / "pipeline/templates/html/article.mustache"));
  EXPECT_TRUE(fs::exists(ejected / "pipeline/templates/email/brief.txt.mustache"));
  EXPECT_TRUE(fs::exists(ejected / "pipeline/static/style.css"));
  for (const auto& s : {plain, ejected})
    ASSERT_EQ(run_polypress({"-C", s.string(), "build", "--quiet"}).exit_code, 0);
  EXPECT_EQ(test::read_tree(plain / "public"), test::read_tree(ejected / "public"));
  EXPECT_EQ(test::read_tree(plain / "mail"), test::read_tree(ejected / "mail"));

  fs::remove_all(ejected / "pipeline/templates");
  test::write_text(ejected, "pipeline/templates/html/footer.mustache", "<footer>mine</footer>\n");
  const auto r = run_polypress({"-C", ejected.string(), "init", "--eject-theme"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("created pipeline/templates/html/article.mustache\n"), std::string::npos);
  EXPECT_NE(r.out.find("kept    pipeline/templates/html/footer.mustache\n"), std::string::npos);
  EXPECT_NE(r.out.find("kept    pipeline/static/style.css\n"), std::string::npos);
  EXPECT_EQ(r.out.find("content/"), std::string::npos) << r.out;
  EXPECT_EQ(test::read_text(ejected / "pipeline/templates/html/footer.mustache"),
            "<footer>mine</footer>\n");
}

// docs/templates.md's example: one template and the stylesheet replaced, the
// rest of the theme built in.
TEST(Theme, TheDocumentedOverrideBuilds) {
  test::TempDir dir;
  const fs::path site = dir.path() / "site";
  ASSERT_EQ(run_polypress({"init", site.string(), "--quiet", "--languages", "en,ko"}).exit_code, 0);
  test::give_postal_address(site);
  const auto examples = documented_example_files();
  ASSERT_EQ(examples.size(), 2u);
  for (const auto& [path, text] : examples) test::write_text(site, path, text);
  auto r = run_polypress({"-C", site.string(), "build"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(test::read_text(site / "public/assets/style.css"),
            examples.at("pipeline/static/style.css"));
  const std::string en = test::read_text(site / "public/en/news/welcome/index.html");
  EXPECT_NE(en.find("<a href=\"/en/feed.xml\">Atom feed</a> · <a "
                    "href=\"https://example.org/subscribe\">Subscribe</a></p>\n</footer>"),
            std::string::npos)
      << en;
  EXPECT_NE(en.find("<a class=\"skip-link\" href=\"#Main\">"),
            std::string::npos);  // built-in header
  // The override is the site's file: its strings are the site's (the pot
  // names it), and an edit to it shows on the next build.
  r = run_polypress({"-C", site.string(), "i18n", "extract"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(test::read_text(site / "locales/polypress.pot")
                .find("#: pipeline/templates/html/footer.mustache:2\n"),
            std::string::npos);
  // Without it, the built-in stylesheet is back.
  fs::remove(site / "pipeline/static/style.css");
  ASSERT_EQ(run_polypress({"-C", site.string(), "build", "--quiet"}).exit_code, 0);
  EXPECT_EQ(test::read_text(site / "public/assets/style.css"),
            test::read_text(test::source_dir() / "theme/static/style.css"));
}

}  // namespace pp
