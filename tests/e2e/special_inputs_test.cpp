// Inputs that are not plain files (issue 15, findings 5, 9 and 12): FIFOs,
// sockets and links are never read or waited on; folders nested too deep are
// refused before they cost time; editors' leftovers are not published; file
// names that would travel badly are refused; SVGs with script are flagged.
// A hang would show as this test's timeout (ctest), never as a wrong answer.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cstring>

#include "core/process.h"
#include "support/temp_site.h"

namespace pp {

namespace fs = std::filesystem;

namespace {

void make_fifo(const fs::path& p) {
  fs::remove(p);
  ASSERT_EQ(::mkfifo(p.c_str(), 0644), 0) << p;
}

test::Run run(const fs::path& site, std::vector<std::string> args) {
  args.insert(args.begin(), {"-C", site.string()});
  return test::run_polypress(args);
}

}  // namespace

TEST(SpecialInputs, AFifoWhereAnArticleCatalogTemplateOrConfigIsIsAnErrorNotAHang) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"content/news/chip-launch/index.ar.md",
       "content/news/chip-launch/index.ar.md: error: cannot read: a FIFO, not a regular file "
       "[bundle/read]"},
      {"locales/ar.po",
       "locales/ar.po: error: cannot read: a FIFO, not a regular file [i18n/read]"},
      {"pipeline/templates/html/article.mustache", "article.mustache"},
      {"pipeline/site.yaml", "pipeline/site.yaml"},
  };
  for (const auto& [rel, expected] : cases) {
    test::TempDir dir;
    test::make_minimal_site(dir.path());
    make_fifo(dir.path() / rel);
    // validate reads articles and site.yaml (not catalogs or templates):
    // it must answer, and build must refuse.
    const bool validate_reads = rel.starts_with("content/") || rel == "pipeline/site.yaml";
    for (const char* command : {"validate", "build"}) {
      const auto r = run(dir.path(), {command});
      if (std::string(command) == "validate" && !validate_reads) continue;
      EXPECT_NE(r.exit_code, 0) << rel << " " << command;
      EXPECT_NE(r.err.find(expected), std::string::npos) << rel << " " << command << "\n" << r.err;
      if (rel != "pipeline/site.yaml") {
        EXPECT_NE(r.err.find("FIFO"), std::string::npos) << rel << " " << command << "\n" << r.err;
      }
    }
    EXPECT_FALSE(fs::exists(dir.path() / "public/en/index.html")) << rel;
  }
}

TEST(SpecialInputs, CatalogCommandsNeverOpenAFifoOrALink) {
  test::TempDir dir;
  test::make_minimal_site(dir.path());
  make_fifo(dir.path() / "locales/ar.po");
  auto r = run(dir.path(), {"i18n", "check"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("locales/ar.po: error: cannot read: a FIFO, not a regular file [i18n/read]"),
            std::string::npos)
      << r.err;
  r = run(dir.path(), {"i18n", "update"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("locales/ar.po: error: cannot read: a FIFO"), std::string::npos) << r.err;
  // A catalog that is a link to a file elsewhere: never read through.
  test::write_text(dir.path(), "../outside.po", "msgid \"\"\nmsgstr \"SECRET\"\n");
  fs::remove(dir.path() / "locales/ar.po");
  fs::create_symlink(dir.path() / "../outside.po", dir.path() / "locales/ar.po");
  r = run(dir.path(), {"i18n", "check"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("locales/ar.po: error: cannot read: a symbolic link out of locales/ or "
                       "to something not a regular file (never followed) [i18n/read]"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(r.err.find("SECRET"), std::string::npos) << r.err;
  fs::remove(dir.path() / "../outside.po");
  // The template msgmerge reads by its path.
  fs::remove(dir.path() / "locales/ar.po");
  make_fifo(dir.path() / "locales/polypress.pot");
  r = run(dir.path(), {"i18n", "update"});
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE(r.err.find("locales/polypress.pot"), std::string::npos) << r.err;
}

TEST(SpecialInputs, FifosAndSocketsAmongAssetsAreSkippedWithAWarning) {
  test::TempDir dir;
  test::make_minimal_site(dir.path());
  make_fifo(dir.path() / "content/news/chip-launch/chart.png");
  make_fifo(dir.path() / "pipeline/static/fifo.css");
  // A socket (bound, so that it exists in the file system).
  const fs::path sock = dir.path() / "content/news/chip-launch/s.sock";
  const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  ASSERT_LT(sock.string().size(), sizeof addr.sun_path);
  std::strcpy(addr.sun_path, sock.c_str());
  ASSERT_EQ(::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
  const auto r = run(dir.path(), {"build"});
  ::close(fd);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("content/news/chip-launch/chart.png: warning: a FIFO, not a regular file; "
                       "never read, not published [bundle/stray-file]"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("content/news/chip-launch/s.sock: warning: a socket, not a regular file"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("pipeline/static/fifo.css: warning: a FIFO, not a regular file; never "
                       "read, not published [emit/stray-file]"),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(dir.path() / "public/en/news/chip-launch/chart.png"));
}

TEST(SpecialInputs, FoldersNestedTooDeepAreRefusedAtTheFirstTooDeepFolder) {
  test::TempDir dir;
  test::make_minimal_site(dir.path());
  // 3,000 levels in a bundle (made one level at a time: the whole path is
  // longer than PATH_MAX) and 40 in pipeline/static/; the walks stop at 16.
  const fs::path bundle = dir.path() / "content/news/chip-launch";
  int fd = ::open(bundle.c_str(), O_RDONLY | O_DIRECTORY);
  for (int i = 0; i < 3000 && fd >= 0; ++i) {
    ASSERT_EQ(::mkdirat(fd, "d", 0755), 0);
    const int next = ::openat(fd, "d", O_RDONLY | O_DIRECTORY);
    ::close(fd);
    fd = next;
  }
  ASSERT_GE(fd, 0);
  ::close(fd);
  // The first folder too deep is the 17th.
  std::string deep17 = "content/news/chip-launch";
  for (int i = 0; i < 17; ++i) deep17 += "/d";
  for (const char* command : {"validate", "build"}) {
    const auto r = run(dir.path(), {command});
    EXPECT_EQ(r.exit_code, 1) << command;
    EXPECT_NE(r.err.find(deep17 + ": error: folders nest more than 16 deep in this bundle; move "
                                  "the files up [bundle/too-deep]"),
              std::string::npos)
        << command << "\n"
        << r.err;
  }
  // The test's own clean-up cannot remove 3,000 levels by path; rm can.
  EXPECT_EQ(run_process({"rm", "-rf", (bundle / "d").string()}).exit_code, 0);
  // 40 levels in pipeline/static/.
  fs::path stat = dir.path() / "pipeline/static";
  for (int i = 0; i < 40; ++i) stat /= "s";
  fs::create_directories(stat);
  test::write_text(stat, "x.css", "x");
  std::string static16 = "pipeline/static";
  for (int i = 0; i < 16; ++i) static16 += "/s";
  const auto r = run(dir.path(), {"build"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find(static16 + ": error: folders nest more than 16 deep in pipeline/static/; "
                                  "move the files up [emit/too-deep]"),
            std::string::npos)
      << r.err;
}

TEST(SpecialInputs, EditorsLeftoversAreNotPublishedAndBadNamesAreRefused) {
  test::TempDir dir;
  test::make_minimal_site(dir.path());
  const fs::path b = dir.path() / "content/news/chip-launch";
  for (const char* name : {"index.en.md~", "#index.en.md#", ".index.en.md.swp", ".#index.en.md",
                           "chart.png.bak", "chart.png.orig"})
    test::write_text(b, name, "leftover");
  test::write_text(dir.path(), "pipeline/static/style.css~", "leftover");
  auto r = run(dir.path(), {"build"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  for (const char* name : {"index.en.md~", "#index.en.md#", ".index.en.md.swp", ".#index.en.md",
                           "chart.png.bak", "chart.png.orig"}) {
    EXPECT_NE(r.err.find(std::string("content/news/chip-launch/") + name +
                         ": warning: an editor's backup, swap or lock file; not published "
                         "[bundle/stray-file]"),
              std::string::npos)
        << name << "\n"
        << r.err;
    EXPECT_FALSE(fs::exists(dir.path() / "public/en/news/chip-launch" / name)) << name;
  }
  EXPECT_FALSE(fs::exists(dir.path() / "public/assets/style.css~"));
  // Names with a line break, a control character, bytes that are not UTF-8,
  // a bidi override: refused, each with its reason.
  const std::vector<std::pair<std::string, std::string>> bad = {
      {"a\nb.png", "holds a line break (U+000A)"},
      {"a\x1b[31m.png", "holds a control character (U+001B)"},
      {"a\xe2\x80\xa8.png", "holds a line break (U+2028)"},
      {"caf\xe9.png", "is not valid UTF-8"},
      {"gnp.\xe2\x80\xae"
       "exe",
       "holds a bidirectional control (U+202E)"},
      {"x\xe2\x81\xa6y.png", "holds a bidirectional control (U+2066)"},
      {"a\xc2\x85.png", "holds a line break (U+0085)"}};
  for (const auto& [name, reason] : bad) {
    test::TempDir d;
    test::make_minimal_site(d.path());
    test::write_text(d.path() / "content/news/chip-launch", name, "x");
    r = run(d.path(), {"validate"});
    EXPECT_EQ(r.exit_code, 1) << reason;
    EXPECT_NE(r.err.find("error: the file name " + reason + "; rename it [bundle/file-name]"),
              std::string::npos)
        << reason << "\n"
        << r.err;
    EXPECT_EQ(r.err.find(name), std::string::npos) << "echoed raw: " << reason;
  }
}

TEST(SpecialInputs, AnSvgWithScriptIsFlagged) {
  test::TempDir dir;
  test::make_minimal_site(dir.path());
  const std::vector<std::string> scripted = {
      "<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>",
      "<svg xmlns=\"http://www.w3.org/2000/svg\" onload=\"alert(1)\"/>",
      "<SVG><rect ONCLICK = 'x()'/></SVG>",
      "<svg><a href=\"javascript:alert(1)\"><text>x</text></a></svg>",
      "<svg><image/onerror=alert(1)></svg>",
      // What a substring search missed (issue 37): a prefixed script, a '>'
      // in a quoted value before the event, an entity that expands to a
      // script, a character reference in the scheme.
      "<svg xmlns='http://www.w3.org/2000/svg' xmlns:x='http://www.w3.org/2000/svg'>"
      "<x:script>alert(1)</x:script></svg>",
      "<svg xmlns='http://www.w3.org/2000/svg'><rect title='a>b' onload='alert(1)'/></svg>",
      "<!DOCTYPE svg [<!ENTITY s \"<script>alert(1)</script>\">]>"
      "<svg xmlns='http://www.w3.org/2000/svg'>&s;</svg>",
      "<svg xmlns='http://www.w3.org/2000/svg' xmlns:xlink='http://www.w3.org/1999/xlink'>"
      "<a xlink:href='&#106;avascript:alert(1)'><text>x</text></a></svg>",
      // And what the audit of that fix ran in Chromium.
      "<svg xmlns='http://www.w3.org/2000/svg'><foreignObject><iframe "
      "xmlns='http://www.w3.org/1999/xhtml' srcdoc='&lt;script&gt;x()&lt;/script&gt;'/>"
      "</foreignObject></svg>",
      "<?xml-stylesheet type='text/xsl' href='sty.svg'?><svg xmlns='http://www.w3.org/2000/svg'/>",
      "<svg xmlns='http://www.w3.org/2000/svg'><a><animate attributeName='href' "
      "values='#;javascript:alert(1)'/><text>x</text></a></svg>",
      "<svg xmlns='http://www.w3.org/2000/svg'><rect><set attributeName='onclick' "
      "to='alert(1)'/></rect></svg>"};
  for (std::size_t i = 0; i < scripted.size(); ++i)
    test::write_text(dir.path(), "content/news/chip-launch/s" + std::to_string(i) + ".svg",
                     scripted[i]);
  test::write_text(
      dir.path(), "content/news/chip-launch/clean.svg",
      "<svg xmlns=\"http://www.w3.org/2000/svg\"><text>once upon a time, one = one</text>"
      "<rect class=\"onion\"/><a href=\"https://x.example/\"><text>a</text></a></svg>");
  const auto r = run(dir.path(), {"validate"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  for (std::size_t i = 0; i < scripted.size(); ++i)
    EXPECT_NE(
        r.err.find("content/news/chip-launch/s" + std::to_string(i) + ".svg: warning: this SVG "),
        std::string::npos)
        << scripted[i] << "\n"
        << r.err;
  EXPECT_EQ(r.err.find("clean.svg"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("s5.svg: warning: this SVG holds a <x:script> element, which runs when a "
                       "reader opens the file directly [bundle/svg-script]"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("s6.svg: warning: this SVG holds an event attribute (onload)"),
            std::string::npos);
  EXPECT_NE(r.err.find("s7.svg: warning: this SVG declares a DTD"), std::string::npos);
  EXPECT_NE(r.err.find("s8.svg: warning: this SVG holds a javascript: URL (in href)"),
            std::string::npos);
  // One too large to read cannot be checked: it says so.
  test::write_text(dir.path(), "content/news/chip-launch/huge.svg",
                   "<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'><!--" +
                       std::string(17u << 20, ' ') + "--></svg>");
  EXPECT_NE(run(dir.path(), {"validate"})
                .err.find("huge.svg: warning: this SVG is larger than 16 MiB: what it would run "
                          "when a reader opens the file cannot be told [bundle/svg-script]"),
            std::string::npos);
  fs::remove(dir.path() / "content/news/chip-launch/huge.svg");
  // Nor can a compressed one, which a server sends as an SVG to run: a
  // static file's too (audit of issue 37).
  test::write_text(dir.path(), "pipeline/static/logo.SVGZ", std::string("\x1f\x8b\x08\0", 4));
  EXPECT_NE(
      run(dir.path(), {"validate"})
          .err.find("pipeline/static/logo.SVGZ: warning: this SVG is compressed (.svgz): what it "
                    "would run when a reader opens the file cannot be told; publish it as "
                    ".svg [emit/svg-script]"),
      std::string::npos);
  fs::remove(dir.path() / "pipeline/static/logo.SVGZ");
  // markdown.svg: refuse makes each an error.
  const std::string yaml = test::read_text(dir.path() / "pipeline/site.yaml");
  test::write_text(dir.path(), "pipeline/site.yaml", yaml + "markdown:\n  svg: refuse\n");
  const auto refused = run(dir.path(), {"validate"});
  EXPECT_EQ(refused.exit_code, 1);
  EXPECT_NE(refused.err.find("s5.svg: error: this SVG holds a <x:script> element, which runs when "
                             "a reader opens the file directly (markdown.svg: refuse) "
                             "[bundle/svg-refused]"),
            std::string::npos)
      << refused.err;
}

}  // namespace pp

namespace pp {

// Files beside an article are published by type (images, audio, video, PDF,
// fonts, subtitles, data), never because they are there: notes, drafts and
// tools' temporary files are each a warning saying why (issue 37).
TEST(SpecialInputs, OnlyAssetTypesArePublishedBesideAnArticle) {
  test::TempDir dir;
  test::make_minimal_site(dir.path());
  const fs::path b = dir.path() / "content/news/chip-launch";
  const std::vector<std::string> kept = {"notes.md",  "draft.md",      "README.md",  "chart.old",
                                         "notes.txt", "post.draft",    "x.rej",      "x.tmp",
                                         "x.save",    "x___jb_old___", "x.kate-swp", "4913"};
  for (const auto& name : kept) test::write_text(b, name, "private");
  for (const char* name : {"CHART.PNG", "data.csv", "img/route.gpx"})
    test::write_text(b, name, "asset");
  auto r = run(dir.path(), {"build"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const fs::path out = dir.path() / "public/en/news/chip-launch";
  for (const auto& name : kept) {
    EXPECT_FALSE(fs::exists(out / name)) << name;
    EXPECT_NE(r.err.find("content/news/chip-launch/" + name + ": warning: not published: "),
              std::string::npos)
        << name << "\n"
        << r.err;
  }
  EXPECT_NE(r.err.find("content/news/chip-launch/notes.md: warning: not published: a Markdown "
                       "file other than index.<lang>.md (notes, a draft, a README): only articles "
                       "are published [bundle/stray-file]"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("content/news/chip-launch/notes.txt: warning: not published: '.txt' is not "
                       "a type bundles publish (images, audio, video, PDF, fonts, subtitles, "
                       "data); list its extension under assets.publish in site.yaml to publish "
                       "it [bundle/stray-file]"),
            std::string::npos)
      << r.err;
  for (const char* name : {"CHART.PNG", "data.csv", "img/route.gpx"})
    EXPECT_TRUE(fs::exists(out / name)) << name;
  // A site adds a type; Markdown never.
  std::string yaml = test::read_text(dir.path() / "pipeline/site.yaml");
  test::write_text(dir.path(), "pipeline/site.yaml", yaml + "assets:\n  publish: [txt, .Draft]\n");
  r = run(dir.path(), {"build"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(fs::exists(out / "notes.txt"));
  EXPECT_TRUE(fs::exists(out / "post.draft"));
  EXPECT_FALSE(fs::exists(out / "notes.md"));
  test::write_text(dir.path(), "pipeline/site.yaml", yaml + "assets:\n  publish: [html]\n");
  r = run(dir.path(), {"validate"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("'publish' entry \"html\" names pages (or compressed SVG) that would run "
                       "script on the site's origin, unchecked [config/value-type]"),
            std::string::npos)
      << r.err;
  test::write_text(dir.path(), "pipeline/site.yaml", yaml + "assets:\n  publish: [md]\n");
  r = run(dir.path(), {"validate"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("error: 'publish' entry \"md\" names Markdown files, which are never "
                       "published [config/value-type]"),
            std::string::npos)
      << r.err;
}

}  // namespace pp
