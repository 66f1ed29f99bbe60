// Markdown nobody here wrote (tests/e2e/sites/real-world: READMEs and a
// changelog as Debian ships them, and links of every kind): validate gives
// exactly the findings an editor would agree with, build succeeds, and every
// page shows the visible text of cmark-gfm's own rendering, except what a
// finding says was lost.
#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm.h>
#include <gtest/gtest.h>
#include <gumbo.h>

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

// Word runs of `theirs` missing from `ours`, and runs `ours` adds: a diff that
// resynchronises on the next three words in common.
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
void expect_losses_reported(const std::string& slug, const TextDiff& d, const std::string& err) {
  const std::string file = "content/news/" + slug + "/index.en.md";
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
    expect_losses_reported(slug, d, r.err);
    for (const auto& added : d.added)
      ADD_FAILURE() << slug << ": text the source does not have: \"" << added.substr(0, 300)
                    << "\"";
  }
}

}  // namespace
}  // namespace pp

namespace pp {
namespace {

// `body` with each relative link to another document as an editor fixes it
// when publishing the documents as articles: to the article made of that
// document ("user_guide.md#x" → "/news/user-guide#x"), or, when none is, to
// the upstream copy (an absolute URL). A hand scan: std::regex recurses once
// per character.
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
  return out;
}

}  // namespace

// Documents Debian installs (Google Benchmark's, a build dependency; Node.js's
// changelog and build guide where nodejs ships them: <a name>/<a id> anchors,
// GitHub alerts, names in CJK scripts, an email over the limit) published as
// articles: once their links to other documents are pointed at the articles
// made of them, validate and build exit 0 and every page shows what
// cmark-gfm shows, but for what a finding reports.
TEST(RealWorld, DocumentsDebianInstallsBuildOnceTheirDeadLinksAreFixed) {
  std::vector<fs::path> docs;
  for (const auto& e : fs::directory_iterator("/usr/share/doc/libbenchmark-dev/benchmark"))
    if (e.path().extension() == ".md" || e.path().string().ends_with(".md.gz"))
      docs.push_back(e.path());
  for (const char* extra :
       {"/usr/share/doc/nodejs/changelogs/CHANGELOG_V21.md", "/usr/share/doc/nodejs/BUILDING.md"})
    if (fs::exists(extra)) docs.push_back(extra);
  std::sort(docs.begin(), docs.end());
  ASSERT_GE(docs.size(), 5u);
  test::TempDir dir;
  make_real_world_site(dir.path());
  fs::remove_all(dir.path() / "content/news");
  std::map<std::string, std::string> bodies;  // slug → body as published
  std::set<std::string> slugs;
  auto slug_of = [](const fs::path& p) {
    std::string s = p.filename().string();
    s = s.substr(0, s.find(".md"));
    for (char& c : s) c = c == '_' ? '-' : static_cast<char>(std::tolower(c));
    return s;
  };
  for (const auto& p : docs) slugs.insert(slug_of(p));
  for (const auto& p : docs) {
    const std::string text =
        p.extension() == ".gz" ? run_process({"gzip", "-dc", p.string()}).out : test::read_text(p);
    const std::string slug = slug_of(p);
    bodies[slug] = link_documents(text, slugs);
    test::write_text(dir.path(), "content/news/" + slug + "/index.en.md",
                     "---\ntitle: \"" + slug +
                         "\"\ntype: news\ndate: 2026-11-20\nsummary: \"s\"\nverdict: \"v\"\n"
                         "sources:\n  - {title: \"t\", url: \"https://upstream.example/\", "
                         "publisher: \"Upstream\"}\n---\n\n" +
                         bodies[slug]);
  }
  const auto v = test::run_polypress({"-C", dir.path().string(), "validate"});
  EXPECT_EQ(v.exit_code, 0) << v.err;
  const auto r = test::run_polypress({"-C", dir.path().string(), "build"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const auto& [slug, body] : bodies) {
    const auto theirs = words_of(cmark_gfm_html(body), nullptr);
    const auto ours =
        words_of(test::read_text(dir.path() / "public/en/news" / slug / "index.html"), "body");
    const TextDiff d = diff_words(theirs, ours);
    expect_losses_reported(slug, d, r.err);
    for (const auto& added : d.added)
      EXPECT_TRUE(added == "Note" || added == "Tip" || added == "Important" || added == "Warning" ||
                  added == "Caution")
          << slug << ": text the source does not have: \"" << added.substr(0, 300) << "\"";
  }
}

}  // namespace pp
