// Markdown nobody here wrote (tests/e2e/sites/real-world: READMEs and a
// changelog as Debian ships them, and links of every kind): validate gives
// exactly the findings an editor would agree with, build succeeds, and every
// page shows the visible text of cmark-gfm's own rendering, except what a
// finding says was lost.
#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm.h>
#include <gtest/gtest.h>
#include <gumbo.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/utf8.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/process.h"
#include "support/temp_site.h"

namespace pp {
namespace {

namespace fs = std::filesystem;

const fs::path kFixture = test::source_dir() / "tests/e2e/sites/real-world";

// The fixture plus the repository's templates and English catalog.
void make_real_world_site(const fs::path& root) {
  test::copy_tree(kFixture / "content", root / "content");
  test::copy_tree(kFixture / "pipeline", root / "pipeline");
  test::copy_tree(test::source_dir() / "pipeline/templates/html", root / "pipeline/templates/html");
  for (const char* file : {"en.po", "polypress.pot"})
    test::write_text(root, std::string("locales/") + file,
                     test::read_text(test::source_dir() / "locales" / file));
}

// cmark-gfm's rendering of `body` as `cmark-gfm --unsafe` gives it with the
// extensions polypress enables (but not tagfilter, which is part of sanitizing).
std::string cmark_gfm_html(const std::string& body) {
  cmark_gfm_core_extensions_ensure_registered();
  const int options = CMARK_OPT_DEFAULT | CMARK_OPT_FOOTNOTES | CMARK_OPT_UNSAFE;
  cmark_parser* parser = cmark_parser_new(options);
  for (const char* name : {"table", "strikethrough", "autolink", "tasklist"})
    cmark_parser_attach_syntax_extension(parser, cmark_find_syntax_extension(name));
  cmark_parser_feed(parser, body.data(), body.size());
  cmark_node* root = cmark_parser_finish(parser);
  char* html = cmark_render_html(root, options, cmark_parser_get_syntax_extensions(parser));
  std::string out = html;
  free(html);
  cmark_node_free(root);
  cmark_parser_free(parser);
  return out;
}

// What a reader sees of a node: its text, without scripts, styles and comments,
// with element boundaries as spaces.
void collect_text(const GumboNode* n, std::string& out) {
  if (n->type == GUMBO_NODE_TEXT || n->type == GUMBO_NODE_WHITESPACE ||
      n->type == GUMBO_NODE_CDATA) {
    out += n->v.text.text;
    return;
  }
  if (n->type != GUMBO_NODE_ELEMENT && n->type != GUMBO_NODE_DOCUMENT) return;
  if (n->type == GUMBO_NODE_ELEMENT) {
    const GumboTag tag = n->v.element.tag;
    if (tag == GUMBO_TAG_SCRIPT || tag == GUMBO_TAG_STYLE || tag == GUMBO_TAG_TEMPLATE) return;
  }
  // Inline elements join their text to what is around them; blocks separate it.
  static const GumboTag kInline[] = {
      GUMBO_TAG_A,   GUMBO_TAG_EM,    GUMBO_TAG_STRONG, GUMBO_TAG_CODE, GUMBO_TAG_SPAN,
      GUMBO_TAG_SUP, GUMBO_TAG_SUB,   GUMBO_TAG_KBD,    GUMBO_TAG_MARK, GUMBO_TAG_ABBR,
      GUMBO_TAG_B,   GUMBO_TAG_I,     GUMBO_TAG_DEL,    GUMBO_TAG_S,    GUMBO_TAG_INS,
      GUMBO_TAG_IMG, GUMBO_TAG_SMALL, GUMBO_TAG_U};
  const bool block =
      n->type == GUMBO_NODE_ELEMENT &&
      std::find(std::begin(kInline), std::end(kInline), n->v.element.tag) == std::end(kInline);
  const GumboVector& children =
      n->type == GUMBO_NODE_ELEMENT ? n->v.element.children : n->v.document.children;
  if (block) out += ' ';
  for (unsigned i = 0; i < children.length; ++i)
    collect_text(static_cast<const GumboNode*>(children.data[i]), out);
  if (block) out += ' ';
}

// The element whose class attribute is `cls`, depth first.
const GumboNode* find_by_class(const GumboNode* n, const char* cls) {
  if (n->type != GUMBO_NODE_ELEMENT && n->type != GUMBO_NODE_DOCUMENT) return nullptr;
  if (n->type == GUMBO_NODE_ELEMENT) {
    const GumboAttribute* a = gumbo_get_attribute(&n->v.element.attributes, "class");
    if (a && std::string(a->value) == cls) return n;
  }
  const GumboVector& children =
      n->type == GUMBO_NODE_ELEMENT ? n->v.element.children : n->v.document.children;
  for (unsigned i = 0; i < children.length; ++i)
    if (const GumboNode* hit = find_by_class(static_cast<const GumboNode*>(children.data[i]), cls))
      return hit;
  return nullptr;
}

std::vector<std::string> words_of(const std::string& html, const char* body_class) {
  GumboOutput* doc = gumbo_parse_with_options(&kGumboDefaultOptions, html.data(), html.size());
  std::string text;
  const GumboNode* from = body_class ? find_by_class(doc->root, body_class) : doc->root;
  if (from) collect_text(from, text);
  gumbo_destroy_output(&kGumboDefaultOptions, doc);
  std::vector<std::string> words;
  std::istringstream in(text);
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

std::string join(const std::vector<std::string>& w, std::size_t from, std::size_t to) {
  std::string out;
  for (std::size_t i = from; i < to && i < w.size(); ++i) out += (out.empty() ? "" : " ") + w[i];
  return out;
}

// Word runs of `theirs` missing from `ours`, and runs `ours` adds (or has in
// their place): a diff that resynchronises on the next three words in common.
struct TextDiff {
  std::vector<std::string> lost, added;
};

TextDiff diff_words(const std::vector<std::string>& theirs, const std::vector<std::string>& ours) {
  TextDiff d;
  std::size_t i = 0, j = 0;
  const auto same_at = [&](std::size_t a, std::size_t b) {
    for (std::size_t k = 0; k < 3; ++k)
      if (a + k >= theirs.size() || b + k >= ours.size() || theirs[a + k] != ours[b + k])
        return a + k >= theirs.size() && b + k >= ours.size();
    return true;
  };
  while (i < theirs.size() && j < ours.size()) {
    if (theirs[i] == ours[j]) {
      ++i, ++j;
      continue;
    }
    std::size_t skip = 1;
    for (; skip < 400; ++skip) {
      if (same_at(i + skip, j)) {
        d.lost.push_back(join(theirs, i, i + skip));
        i += skip;
        break;
      }
      if (same_at(i, j + skip)) {
        d.added.push_back(join(ours, j, j + skip));
        j += skip;
        break;
      }
      if (same_at(i + skip, j + skip)) {  // words in place of others: "[!NOTE]" → "Note"
        d.lost.push_back(join(theirs, i, i + skip));
        d.added.push_back(join(ours, j, j + skip));
        i += skip, j += skip;
        break;
      }
    }
    if (skip == 400) {  // no resynchronisation: report the rest
      d.lost.push_back(join(theirs, i, theirs.size()));
      d.added.push_back(join(ours, j, ours.size()));
      return d;
    }
  }
  if (i < theirs.size()) d.lost.push_back(join(theirs, i, theirs.size()));
  if (j < ours.size()) d.added.push_back(join(ours, j, ours.size()));
  return d;
}

// Text may be lost only where a finding of the article's file says so,
// quoting it.
void expect_losses_reported(const std::string& slug, const std::string& lang, const TextDiff& d,
                            const std::string& err) {
  const std::string file = "content/news/" + slug + "/index." + lang + ".md";
  for (const auto& lost : d.lost) {
    bool reported = false;
    std::istringstream lines(err);
    for (std::string line; std::getline(lines, line);)
      reported |= line.rfind(file, 0) == 0 && line.find("lost") != std::string::npos &&
                  line.find(lost.substr(0, 20)) != std::string::npos;
    reported |= lost.rfind("[!", 0) == 0;  // a GitHub alert's marker: its label now
    EXPECT_TRUE(reported) << slug << ": text lost without a finding: \"" << lost.substr(0, 300)
                          << "\"";
  }
}

TEST(RealWorld, ValidateGivesTheFindingsAnEditorWouldAgreeWith) {
  test::TempDir dir;
  make_real_world_site(dir.path());
  const auto r = test::run_polypress({"-C", dir.path().string(), "validate"});
  const fs::path expected = kFixture / "expected-findings";
  if (std::getenv("UPDATE_GOLDEN")) test::write_text(kFixture, "expected-findings", r.err);
  EXPECT_EQ(r.err, test::read_text(expected));
  EXPECT_EQ(r.exit_code, 0);
}

TEST(RealWorld, PagesShowWhatCmarkGfmShowsExceptWhatAFindingReports) {
  test::TempDir dir;
  make_real_world_site(dir.path());
  const auto r = test::run_polypress({"-C", dir.path().string(), "build"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const auto& e : fs::directory_iterator(kFixture / "content/news")) {
    const std::string slug = e.path().filename().string();
    const std::string source = test::read_text(e.path() / "index.en.md");
    const std::string body = source.substr(source.find("\n---\n", 4) + 5);
    const auto theirs = words_of(cmark_gfm_html(body), nullptr);
    const auto ours =
        words_of(test::read_text(dir.path() / "public/en/news" / slug / "index.html"), "body");
    ASSERT_GT(ours.size(), theirs.size() / 2) << slug;
    const TextDiff d = diff_words(theirs, ours);
    expect_losses_reported(slug, "en", d, r.err);
    for (const auto& added : d.added)
      ADD_FAILURE() << slug << ": text the source does not have: \"" << added.substr(0, 300)
                    << "\"";
  }
}

}  // namespace
}  // namespace pp

namespace pp {
namespace {

// `body` with each relative link to another document (inline, or in a
// reference definition) as an editor fixes it when publishing the documents
// as articles: to the article made of that document ("user_guide.md#x" → "/news/user-guide#x"), or,
// when none is, to the upstream copy (an absolute URL). A hand scan: std::regex recurses once per
// character.
std::string link_documents(const std::string& body, const std::set<std::string>& slugs) {
  auto fixed = [&](const std::string& target) {
    if (target.empty() || target[0] == '#' || target[0] == '/' ||
        target.find(':') != std::string::npos)
      return target;
    const auto hash = target.find('#');
    const std::string path = target.substr(0, hash);
    const std::string anchor = hash == std::string::npos ? "" : target.substr(hash);
    std::string slug = path.substr(path.rfind('/') == std::string::npos ? 0 : path.rfind('/') + 1);
    if (slug.size() > 3 && slug.compare(slug.size() - 3, 3, ".md") == 0)
      slug.resize(slug.size() - 3);
    for (char& c : slug) c = c == '_' ? '-' : static_cast<char>(std::tolower(c));
    if (slugs.count(slug)) return "/news/" + slug + anchor;
    return "https://upstream.example/docs/" + target;
  };
  std::string out;
  std::size_t from = 0;
  for (std::size_t at; (at = body.find("](", from)) != std::string::npos;) {
    const std::size_t start = at + 2, end = body.find_first_of(") \n", start);
    if (end == std::string::npos) break;
    out.append(body, from, start - from);
    out += fixed(body.substr(start, end - start));
    from = end;
  }
  out.append(body, from, std::string::npos);
  // Reference definitions: "[label]: target" at the start of a line.
  std::string defined;
  std::istringstream lines(out);
  for (std::string line; std::getline(lines, line);) {
    const std::size_t colon = line.find("]: ");
    if (!line.empty() && line[0] == '[' && colon != std::string::npos) {
      const std::size_t start = line.find_first_not_of(' ', colon + 3);
      const std::size_t end = std::min(line.find(' ', start), line.size());
      if (start != std::string::npos)
        line = line.substr(0, start) + fixed(line.substr(start, end - start)) + line.substr(end);
    }
    defined += line + "\n";
  }
  if (!out.empty() && out.back() != '\n') defined.pop_back();
  return defined;
}

}  // namespace

// A document as Debian ships it, published in `lang`.
struct Document {
  fs::path path;
  std::string lang;
};

// Documents Debian packages ship, in every script the site publishes: Google
// Benchmark's docs (a build dependency: <a name> anchors); Node.js's changelog
// and build guide where nodejs ships them (<a id> anchors, an escaped alert,
// emails over the limit); fonts-noto-core's Korean FAQ; and, unpacked by
// scripts/install-test-documents.sh, the Amiri font's Arabic README and news,
// three Japanese and two Chinese READMEs, Node.js's os API (raw HTML
// tables). Two READMEs of npm packages the
// validator tests install bring GitHub alerts.
std::vector<Document> debian_documents() {
  std::vector<Document> docs;
  for (const auto& e : fs::directory_iterator("/usr/share/doc/libbenchmark-dev/benchmark"))
    if (e.path().extension() == ".md" || e.path().string().ends_with(".md.gz"))
      docs.push_back({e.path(), "en"});
  for (const char* extra :
       {"/usr/share/doc/nodejs/changelogs/CHANGELOG_V21.md", "/usr/share/doc/nodejs/BUILDING.md"})
    if (fs::exists(extra)) docs.push_back({extra, "en"});
  const fs::path unpacked = test::source_dir() / "tests/documents/usr/share/doc";
  const fs::path npm = test::source_dir() / "tests/validators/node_modules";
  for (const Document& d :
       std::vector<Document>{{"/usr/share/doc/fonts-noto-core/FAQ-KR.md.gz", "ko"},
                             {unpacked / "texlive-doc/fonts/amiri/README-Arabic.md", "ar"},
                             {unpacked / "texlive-doc/fonts/amiri/NEWS-Arabic.md.gz", "ar"},
                             {unpacked / "elpa-php-mode/README.ja.md.gz", "ja"},
                             {unpacked / "puppet-module-puppetlabs-ntp/README_ja_JP.md.gz", "ja"},
                             {unpacked / "minetest-mod-maidroid/README-ja.md", "ja"},
                             {unpacked / "node-postcss/docs/README-cn.md.gz", "zh"},
                             {unpacked / "gita/README_CN.md.gz", "zh"},
                             {unpacked / "nodejs/api/os.md.gz", "en"},
                             {npm / "strip-ansi/readme.md", "en"},
                             {npm / "minimatch/README.md", "en"}}) {
    EXPECT_TRUE(fs::exists(d.path)) << d.path << " is missing: run scripts/test.sh, which "
                                    << "installs it (scripts/install-test-documents.sh)";
    if (fs::exists(d.path)) docs.push_back(d);
  }
  std::sort(docs.begin(), docs.end(),
            [](const Document& a, const Document& b) { return a.path < b.path; });
  return docs;
}

// The bundle a document is published as: "CHANGELOG_V21.md" → "changelog-v21";
// READMEs and news are told apart by their package's folder.
std::string slug_of(const fs::path& p) {
  std::string s = p.filename().string();
  s = s.substr(0, s.find(".md"));
  const std::string folder = p.parent_path().filename().string();
  for (char& c : s) c = c == '_' || c == '.' ? '-' : static_cast<char>(std::tolower(c));
  if (s.starts_with("readme") || s.starts_with("news")) s = folder + "-" + s;
  return s;
}

// Every `from` in `text` replaced by `to`.
std::string replaced(std::string text, const std::string& from, const std::string& to) {
  for (std::size_t at = 0; (at = text.find(from, at)) != std::string::npos; at += to.size())
    text.replace(at, from.size(), to);
  return text;
}

// Fixes an editor makes for what validate reports as dead: a link to a
// heading the translation does not have, to the upstream document.
std::string fix_dead_links(const std::string& body) {
  return replaced(body, "](#custom)", "](https://upstream.example/README.md#custom)");
}

// What an editor of a review site adds to a raw table: a figure in a header
// cell of the signals table (Node.js's os API), as written and as a reader of
// the English page sees it.
const std::string kTableCell = "<th>Description</th>";
const std::string kCellWithFigure = "<th>Description ({{fig:signals}} signals)</th>";
const std::string kCellAsSeen = "<th>Description (1,234 signals)</th>";

// A character of the scripts whose soft line breaks are no space (Han, kana,
// fullwidth punctuation: East Asian Width W or F, Hangul excepted), by ICU's
// properties, not polypress's own table.
bool wide_non_hangul(UChar32 c) {
  const auto width = u_getIntPropertyValue(c, UCHAR_EAST_ASIAN_WIDTH);
  UErrorCode status = U_ZERO_ERROR;
  return (width == U_EA_WIDE || width == U_EA_FULLWIDTH) &&
         uscript_getScript(c, &status) != USCRIPT_HANGUL;
}

// cmark-gfm's text as a Japanese or Chinese reader is to see it: a soft line
// break (a lone "\n") between two such characters removed.
std::string join_cjk_lines(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n' && i > 0 && i + 1 < text.size() && text[i - 1] != ' ' &&
        text[i + 1] != ' ' && text[i + 1] != '\n') {
      int before_at = static_cast<int>(out.size());
      UChar32 before = 0, after = 0;
      U8_PREV(out.data(), 0, before_at, before);
      int after_at = static_cast<int>(i + 1);
      U8_NEXT(text.data(), after_at, static_cast<int>(text.size()), after);
      if (wide_non_hangul(before) && wide_non_hangul(after)) continue;
    }
    out += text[i];
  }
  return out;
}

// Once their links to other documents are pointed at the articles made of
// them and the dead links validate names are fixed, validate and build exit 0
// and every page shows what cmark-gfm shows (as its readers see it), but for
// what a finding reports.
TEST(RealWorld, DocumentsDebianInstallsBuildOnceTheirDeadLinksAreFixed) {
  const std::vector<Document> docs = debian_documents();
  ASSERT_GE(docs.size(), 15u);
  test::TempDir dir;
  make_real_world_site(dir.path());
  fs::remove_all(dir.path() / "content/news");
  std::string yaml = test::read_text(dir.path() / "pipeline/site.yaml");
  const std::string en = "  - {code: en, name: English}\n";
  yaml.replace(yaml.find(en), en.size(),
               en + "  - {code: ko, name: 한국어}\n  - {code: ja, name: 日本語}\n"
                    "  - {code: zh, name: 中文}\n  - {code: ar, name: العربية}\n");
  test::write_text(dir.path(), "pipeline/site.yaml", yaml);
  for (const char* file : {"ko.po", "ja.po", "ar.po"})
    test::write_text(dir.path(), std::string("locales/") + file,
                     test::read_text(test::source_dir() / "locales" / file));
  std::map<std::string, Document> published;  // slug → its document
  std::map<std::string, std::string> bodies;  // slug → body as published
  std::set<std::string> slugs;
  for (const auto& d : docs) slugs.insert(slug_of(d.path));
  for (const auto& d : docs) {
    const std::string text = d.path.extension() == ".gz"
                                 ? run_process({"gzip", "-dc", d.path.string()}).out
                                 : test::read_text(d.path);
    const std::string slug = slug_of(d.path);
    ASSERT_FALSE(published.count(slug)) << slug;
    published[slug] = d;
    bodies[slug] = fix_dead_links(link_documents(text, slugs));
    std::string figures;
    if (slug == "os") {
      const std::size_t cell = bodies[slug].find(kTableCell);
      ASSERT_NE(cell, std::string::npos) << "os.md has no raw table with " << kTableCell;
      bodies[slug].replace(cell, kTableCell.size(), kCellWithFigure);
      figures = "figures:\n  signals: {value: 1234, format: integer}\n";
    }
    test::write_text(dir.path(), "content/news/" + slug + "/index." + d.lang + ".md",
                     "---\ntitle: \"" + slug +
                         "\"\ntype: news\ndate: 2026-11-20\nsummary: \"s\"\nverdict: \"v\"\n"
                         "sources:\n  - {title: \"t\", url: \"https://upstream.example/\", "
                         "publisher: \"Upstream\"}\n" +
                         figures + "---\n\n" + bodies[slug]);
  }
  const auto v = test::run_polypress({"-C", dir.path().string(), "validate"});
  EXPECT_EQ(v.exit_code, 0) << v.err;
  const auto r = test::run_polypress({"-C", dir.path().string(), "build"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const auto& [slug, body] : bodies) {
    const std::string lang = published[slug].lang;
    const std::string theirs_html = cmark_gfm_html(replaced(body, kCellWithFigure, kCellAsSeen));
    auto theirs =
        words_of(lang == "ja" || lang == "zh" ? join_cjk_lines(theirs_html) : theirs_html, nullptr);
    const auto ours = words_of(
        test::read_text(dir.path() / "public" / lang / "news" / slug / "index.html"), "body");
    ASSERT_GT(ours.size(), theirs.size() / 2) << slug;
    // Right to left: each block of the body finds its own direction (an
    // English name or URL inside Arabic text keeps its punctuation in place).
    if (lang == "ar") {
      const std::string page = test::read_text(dir.path() / "public/ar/news" / slug / "index.html");
      const std::size_t from = page.find("<div class=\"body\">");
      const std::string body_html = page.substr(from, page.find("\n  </div>", from) - from);
      EXPECT_NE(body_html.find("<p dir=\"auto\">"), std::string::npos) << slug;
      EXPECT_EQ(body_html.find("<p>"), std::string::npos) << slug;
    }
    if (slug == "os") {
      EXPECT_NE(test::read_text(dir.path() / "public/en/news/os/index.html").find(kCellAsSeen),
                std::string::npos);
    }
    const TextDiff d = diff_words(theirs, ours);
    expect_losses_reported(slug, lang, d, r.err);
    for (const auto& added : d.added)
      EXPECT_TRUE(added == "Note" || added == "Tip" || added == "Important" || added == "Warning" ||
                  added == "Caution")
          << slug << ": text the source does not have: \"" << added.substr(0, 300) << "\"";
  }
}

}  // namespace pp
