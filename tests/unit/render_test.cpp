#include <gtest/gtest.h>

#include <random>

#include "render/body_cut.h"
#include "render/render.h"
#include "support/temp_site.h"

namespace pp {

namespace {

struct Loaded {
  SiteConfig config;
  Corpus corpus;
};

// A site configuration with nothing but what rendering a lone article needs.
SiteConfig bare_config() {
  SiteConfig c;
  c.base_path = "/";
  c.time_zone = "UTC";
  return c;
}

Loaded load(const std::filesystem::path& root) {
  DiagnosticSink sink;
  Loaded l{*load_site_config(root, sink), {}};
  l.corpus = load_corpus(root, l.config, sink);
  return l;
}

}  // namespace

TEST(Render, BodyHasFiguresLinksAndHeadingIds) {
  test::TempDir dir;
  test::make_minimal_site(dir.path());
  const Loaded l = load(dir.path());
  const Locale en(l.config, *l.config.language("en"), "");
  DiagnosticSink sink;
  // Loaded articles keep no body; rendering reads it again.
  const auto read =
      read_article_body(dir.path(), l.corpus.find("news/chip-launch")->articles.at("en"), sink);
  ASSERT_TRUE(read) << format_diagnostics(sink.sorted(), OutputFormat::text);
  const Article& a = *read;
  EXPECT_EQ(render_body_html(a, l.corpus, l.config, en),
            "<p>The chip passes 96.5% of tests and costs ₩20,000. See the\n"
            "<a href=\"/en/reviews/tool/#pricing\">pricing</a> of the <a "
            "href=\"/en/reviews/tool/\">tool</a>.</p>\n"
            "<h2 id=\"details\">Details</h2>\n"
            "<p><code>{{fig:share}}</code> in code stays as it is.</p>\n");
  // The shared tree is restored after rendering.
  EXPECT_EQ(a.links[0].url, "/reviews/tool#pricing");
  EXPECT_EQ(render_body_html(a, l.corpus, l.config, en),
            render_body_html(a, l.corpus, l.config, en));
}

TEST(Render, UntranslatedTargetsLinkTheSourceLanguage) {
  test::TempDir dir;
  test::make_minimal_site(dir.path());
  const Loaded l = load(dir.path());
  const Locale ar(l.config, *l.config.language("ar"), "");
  DiagnosticSink sink;
  const auto read =
      read_article_body(dir.path(), l.corpus.find("news/chip-launch")->articles.at("ar"), sink);
  ASSERT_TRUE(read);
  const Article& a = *read;
  const std::string html = render_body_html(a, l.corpus, l.config, ar);
  EXPECT_NE(html.find("href=\"/en/reviews/tool/\""), std::string::npos) << html;
  EXPECT_NE(html.find("٩٦٫٥٪"), std::string::npos) << html;
}

TEST(Render, RawHtmlAndForbiddenSchemesNeverReachThePage) {
  DiagnosticSink sink;
  auto a =
      parse_article("x.md", "en",
                    "---\ntitle: x\n---\n<script>alert(1)</script>\n\n[x](javascript:alert(1)) "
                    "<img src=x onerror=alert(1)>\n",
                    sink);
  ASSERT_TRUE(a);
  const SiteConfig c = bare_config();
  Corpus corpus;
  const Locale en(c, {"en", "English", "en"}, "");
  const std::string html = render_body_html(*a, corpus, c, en);
  EXPECT_EQ(html.find("<script"), std::string::npos) << html;
  EXPECT_EQ(html.find("javascript:"), std::string::npos) << html;
  EXPECT_EQ(html.find("onerror"), std::string::npos) << html;
}

TEST(Render, TemplatesRejectUnescapedFields) {
  test::TempDir dir;
  test::make_minimal_site(dir.path());
  test::write_text(dir.path(), "pipeline/templates/html/home.mustache",
                   "<p>{{{title}}}</p>\n<a href={{home_url}}>x</a>\n<p class= {{dir}}>\n"
                   "<p class =\n  {{dir}}>\n<p title=\"{{dir}}\" data-x='{{dir}}'>\n");
  DiagnosticSink sink;
  TemplateSet::load(dir.path(), sink);
  EXPECT_EQ(format_diagnostics(sink.sorted(), OutputFormat::text),
            "pipeline/templates/html/home.mustache:1:4: error: unescaped 'title' is not allowed; "
            "only body_html "
            "and json_ld may be raw [template/raw]\n"
            "pipeline/templates/html/home.mustache:2:9: error: attribute value from a tag must be "
            "in quotes "
            "[template/unquoted-attribute]\n"
            "pipeline/templates/html/home.mustache:3:11: error: attribute value from a tag must be "
            "in quotes [template/unquoted-attribute]\n"
            "pipeline/templates/html/home.mustache:5:3: error: attribute value from a tag must be "
            "in quotes [template/unquoted-attribute]\n");
}

}  // namespace pp

namespace pp {

// A cut body renders its first blocks and its footnotes; the tree is whole
// again when the cut goes, the blocks back in their places.
TEST(BodyCut, KeepsTheFirstBlocksAndFootnotesThenPutsTheRestBack) {
  DiagnosticSink sink;
  auto a =
      parse_article("x.md", "en",
                    "---\ntitle: x\n---\nOne[^n].\n\n## Two\n\nThree[^m].\n\n[^n]: The note.\n\n"
                    "[^m]: The other note.\n\n- four\n",
                    sink);
  ASSERT_TRUE(a);
  const SiteConfig c = bare_config();
  Corpus corpus;
  const Locale en(c, {"en", "English", "en"}, "");
  const std::string whole = render_body_html(*a, corpus, c, en);
  ASSERT_EQ(cuttable_blocks(a->doc->root()).size(), 4u);
  ASSERT_NE(whole.find("The other note."), std::string::npos);
  {
    BodyCut cut(a->doc->root(), 1);
    const std::string first = render_body_html(*a, corpus, c, en);
    EXPECT_NE(first.find("<p>One<sup"), std::string::npos) << first;
    EXPECT_NE(first.find("The note."), std::string::npos) << first;
    EXPECT_EQ(first.find("Two"), std::string::npos) << first;
    EXPECT_EQ(first.find("four"), std::string::npos) << first;
    // A note goes with the block that calls it.
    EXPECT_EQ(first.find("The other note."), std::string::npos) << first;
  }
  EXPECT_EQ(render_body_html(*a, corpus, c, en), whole);
  {
    BodyCut none(a->doc->root(), 10);
    EXPECT_EQ(render_body_html(*a, corpus, c, en), whole);
  }
  {
    BodyCut all(a->doc->root(), 0);
    EXPECT_EQ(render_body_html(*a, corpus, c, en).find("One"), std::string::npos);
  }
  EXPECT_EQ(render_body_html(*a, corpus, c, en), whole);
}

}  // namespace pp

namespace pp {

// `## Title {#id}` sets the heading's id and leaves the text; `<a name>`,
// `<a id>` and a raw heading's id are anchors: ids a link may name, as
// heading ids are.
TEST(Render, OwnHeadingIdsAndRawAnchorsAreIdsOfThePage) {
  DiagnosticSink sink;
  auto a = parse_article(
      "x.md", "en",
      "---\ntitle: x\n---\n## Install {#setup}\n\n## Setup\n\n"
      "<a name=\"v1.0.0\"></a>\n\n## 1.0.0\n\nText <a id=\"here\">here</a>.\n\n"
      "<a name=\"setup\"></a> <a id=\"here\" href=\"https://x.example/\">again</a>\n\n"
      "<h2 id=\"usage\">Usage</h2>\n\n<h1 id=\"setup\" align=\"center\">Again</h1>\n",
      sink);
  ASSERT_TRUE(a);
  EXPECT_TRUE(sink.empty()) << format_diagnostics(sink.sorted(), OutputFormat::text);
  EXPECT_EQ(a->heading_ids,
            (std::vector<std::string>{"setup", "setup-1", "100", "v1.0.0", "here", "usage"}));
  const SiteConfig c = bare_config();
  Corpus corpus;
  const Locale en(c, {"en", "English", "en"}, "");
  EXPECT_EQ(
      render_body_html(*a, corpus, c, en),
      "<h2 id=\"setup\">Install</h2>\n<h2 id=\"setup-1\">Setup</h2>\n<p><a id=\"v1.0.0\"></a></p>\n"
      "<h2 id=\"100\">1.0.0</h2>\n<p>Text <a id=\"here\">here</a>.</p>\n"
      // An id the page has already (a heading's, an anchor's) is not given
      // twice: READMEs put <a name="x"></a> beside their ## X.
      "<p><a></a> <a href=\"https://x.example/\">again</a></p>\n"
      // A raw heading keeps the id it was written with, unless the page has it.
      "<h2 id=\"usage\" class=\"raw-heading\">Usage</h2>\n"
      "<h2 class=\"raw-heading\" align=\"center\">Again</h2>\n");
}

TEST(Render, AMalformedOrRepeatedHeadingIdIsAnError) {
  DiagnosticSink sink;
  auto a = parse_article("x.md", "en",
                         "---\ntitle: x\n---\n## One {#same}\n\n## Two {#same}\n\n"
                         "## Three {#not an id}\n",
                         sink);
  ASSERT_TRUE(a);
  EXPECT_EQ(format_diagnostics(sink.sorted(), OutputFormat::text),
            "x.md:6:1: error: heading id 'same' is already the id of an earlier heading or "
            "anchor of this page [markdown/heading-id]\n"
            "x.md:8:1: error: \"{#not an id}\" is not a heading id: write {#id} with letters, "
            "digits, '-', '_', '.' or ':' (at most 100 bytes) [markdown/heading-id]\n");
  EXPECT_EQ(a->heading_ids[2], "three-not-an-id");
}

}  // namespace pp

namespace pp {

// GitHub alerts are labelled notes; raw HTML keeps a bundle file's image, a
// figure's caption and the figures written inside it.
TEST(Render, AlertsBundleImagesAndFiguresInRawHtml) {
  DiagnosticSink sink;
  auto a = parse_article("x.md", "en",
                         "---\ntitle: x\nfigures:\n  price: {value: 1499, format: integer}\n---\n"
                         "> [!WARNING]\n> Back up first.\n\n> [!tip]\n>\n> Two paragraphs.\n\n"
                         "> [!NOTE] not alone on its line\n\n> \\[!NOTE]\n> shown as written\n\n"
                         "<figure><img src=\"chart.png\" alt=\"Chart\"><figcaption>Costs "
                         "{{fig:price}}</figcaption></figure>\n\n"
                         "<table><tr><td colspan=\"2\">{{fig:price}}</td></tr></table>\n",
                         sink);
  ASSERT_TRUE(a);
  EXPECT_TRUE(sink.empty()) << format_diagnostics(sink.sorted(), OutputFormat::text);
  // The raw image is a link of the article: its file is checked.
  ASSERT_FALSE(a->links.empty());
  EXPECT_EQ(a->links.back().url, "chart.png");
  EXPECT_TRUE(a->links.back().image);
  ASSERT_EQ(a->figure_refs.size(), 2u);
  const SiteConfig c = bare_config();
  Corpus corpus;
  const Locale en(c, {"en", "English", "en"}, "");
  const std::string page = render_body_html(*a, corpus, c, en);
  EXPECT_EQ(
      page,
      "<div class=\"alert alert-warning\" role=\"note\">\n<p class=\"alert-title\"><strong>"
      "Warning</strong></p>\n<p>Back up first.</p>\n</div>\n"
      "<div class=\"alert alert-tip\" role=\"note\">\n<p class=\"alert-title\"><strong>Tip"
      "</strong></p>\n<p>Two paragraphs.</p>\n</div>\n"
      "<blockquote>\n<p>[!NOTE] not alone on its line</p>\n</blockquote>\n"
      "<blockquote>\n<p>[!NOTE]\nshown as written</p>\n</blockquote>\n"
      "<figure><img src=\"chart.png\" alt=\"Chart\" /><figcaption>Costs "
      "1,499</figcaption></figure>\n"
      "<div class=\"table-scroll\"><table><tbody><tr><td colspan=\"2\">1,499</td></tr></tbody>"
      "</table></div>\n");
  // In an email every link is absolute: so is the bundle file's image.
  const std::string mail = render_body_html(*a, corpus, c, en, "https://x.example/en/news/x/");
  EXPECT_NE(mail.find("<img src=\"https://x.example/en/news/x/chart.png\""), std::string::npos)
      << mail;
  LinkRefs refs;
  const std::string text =
      render_body_text(*a, corpus, c, en, "https://x.example/en/news/x/", refs);
  EXPECT_NE(text.find("> Warning: Back up first.\n"), std::string::npos) << text;
  EXPECT_NE(text.find("> Tip:\n\n> Two paragraphs.\n"), std::string::npos) << text;
  EXPECT_NE(text.find("1,499"), std::string::npos) << text;
  EXPECT_EQ(text.find("{{fig:"), std::string::npos) << text;
}

}  // namespace pp

namespace pp {

// A soft line break inside Japanese or Chinese text reads as nothing, in the
// page and the text part; Korean keeps its space, as does Latin text.
TEST(Render, ASoftBreakInsideCjkTextIsNoSpace) {
  DiagnosticSink sink;
  auto a = parse_article(
      "x.md", "ja",
      "---\ntitle: x\n---\n日本語の文章は\n改行しても続きます。\n\n中文句子\n**很长**。\n\n"
      "한국어 문장은\n띄어 씁니다.\n\nLatin\ntext。\n",
      sink);
  ASSERT_TRUE(a);
  const SiteConfig c = bare_config();
  Corpus corpus;
  const Locale ja(c, {"ja", "日本語", "ja"}, "");
  const std::string html = render_body_html(*a, corpus, c, ja);
  EXPECT_EQ(html,
            "<p>日本語の文章は改行しても続きます。</p>\n<p>中文句子<strong>很长</strong>。</p>\n"
            "<p>한국어 문장은\n띄어 씁니다.</p>\n<p>Latin\ntext。</p>\n");
  LinkRefs refs;
  const std::string text = render_body_text(*a, corpus, c, ja, "https://x.example/", refs);
  EXPECT_EQ(text,
            "日本語の文章は改行しても続きます。\n\n中文句子很长。\n\n한국어 문장은 띄어 "
            "씁니다.\n\nLatin text。\n");
  // The tree is whole again: the same render twice.
  EXPECT_EQ(render_body_html(*a, corpus, c, ja), html);
}

}  // namespace pp

namespace pp {

// Emphasis beside CJK punctuation renders as emphasis (markdown-it-cjk-
// friendly's outcome), in pages and text parts; what CommonMark pairs, and
// escaped or lone asterisks, stay as they were; an unpaired ** beside CJK
// text is a warning.
TEST(Render, EmphasisBesideCjkPunctuationIsEmphasis) {
  DiagnosticSink sink;
  auto a = parse_article("x.md", "ko",
                         "---\ntitle: x\n---\n**“강조”**는 중요합니다.\n\n**テスト。**です\n\n"
                         "**中文（注）**的\n\nこれは**「強調」**です。*「斜体」*も。\n\n"
                         "**foo**bar and 2 * 3 * 4\n\n\\*\\*“강조”\\*\\*는 그대로\n\n"
                         "***両方。***です\n\n**“열림”만\n",
                         sink);
  ASSERT_TRUE(a);
  EXPECT_EQ(format_diagnostics(sink.sorted(), OutputFormat::text),
            "x.md:18:1: warning: \"**\" beside CJK text is shown as written: its pair cannot be "
            "found (write <strong>…</strong>, or put the closing ** right after the text) "
            "[markdown/cjk-emphasis]\n");
  const SiteConfig c = bare_config();
  Corpus corpus;
  const Locale ko(c, {"ko", "한국어", "ko"}, "");
  EXPECT_EQ(render_body_html(*a, corpus, c, ko),
            "<p><strong>“강조”</strong>는 중요합니다.</p>\n<p><strong>テスト。</strong>です</p>\n"
            "<p><strong>中文（注）</strong>的</p>\n"
            "<p>これは<strong>「強調」</strong>です。<em>「斜体」</em>も。</p>\n"
            "<p><strong>foo</strong>bar and 2 * 3 * 4</p>\n<p>**“강조”**는 그대로</p>\n"
            "<p><em><strong>両方。</strong></em>です</p>\n<p>**“열림”만</p>\n");
  LinkRefs refs;
  EXPECT_NE(
      render_body_text(*a, corpus, c, ko, "https://x.example/", refs).find("“강조”는 중요합니다."),
      std::string::npos);
}

// GFM's strikethrough beside CJK punctuation too (the cjk-friendly
// strikethrough outcome): "~~" runs pair as "**" runs do; a single "~" (a
// range, 3~5日) and an escaped one stay text; an unpaired "~~" beside CJK text
// is a warning.
TEST(Render, StrikethroughBesideCjkPunctuationIsStrikethrough) {
  DiagnosticSink sink;
  auto a = parse_article("x.md", "ja",
                         "---\ntitle: x\n---\n価格は~~旧価格（999円）~~現在799円。\n\n"
                         "~~中文（注）~~的，**粗体（注）**。3~5日\n\n~~删除**粗体（注）**了~~。\n\n"
                         "\\~~旧（999円）~~現在\n\n取り消し~~（閉じない\n",
                         sink);
  ASSERT_TRUE(a);
  EXPECT_EQ(format_diagnostics(sink.sorted(), OutputFormat::text),
            "x.md:12:5: warning: \"~~\" beside CJK text is shown as written: its pair cannot be "
            "found (write <del>…</del>, or put the closing ~~ right after the text) "
            "[markdown/cjk-emphasis]\n");
  const SiteConfig c = bare_config();
  Corpus corpus;
  const Locale ja(c, {"ja", "日本語", "ja"}, "");
  EXPECT_EQ(render_body_html(*a, corpus, c, ja),
            "<p>価格は<del>旧価格（999円）</del>現在799円。</p>\n"
            "<p><del>中文（注）</del>的，<strong>粗体（注）</strong>。3~5日</p>\n"
            "<p><del>删除<strong>粗体（注）</strong>了</del>。</p>\n"
            "<p>~~旧（999円）~~現在</p>\n<p>取り消し~~（閉じない</p>\n");
  LinkRefs refs;
  EXPECT_NE(render_body_text(*a, corpus, c, ja, "https://x.example/", refs)
                .find("価格は~~旧価格（999円）~~現在799円。"),
            std::string::npos);
}

// Where CommonMark paired runs one way and the CJK-friendly rules pair them
// another (its flanking says a run beside CJK punctuation can close), the
// page shows what markdown-it-cjk-friendly shows: CommonMark's spans are
// taken apart and the runs paired again. Latin text keeps CommonMark's.
TEST(Render, CjkPairingFollowsTheAmendmentWhereCommonMarkPairedOtherwise) {
  DiagnosticSink sink;
  auto a =
      parse_article("x.md", "zh",
                    "---\ntitle: x\n---\n**（999元）**现在**（1元）**\n\n"
                    "~~旧价格（999元）~~現在~~新价格（1元）~~\n\n~~**「強調」**~~です\n\n"
                    "***（b）**c*\n\n1**！**a\n\n**「[链接](https://x.example/)」**的`代码`\n\n"
                    "**foo**bar, *x*, ***y*** and ~~z~~ *a **b** c*\n",
                    sink);
  ASSERT_TRUE(a);
  EXPECT_TRUE(sink.empty()) << format_diagnostics(sink.sorted(), OutputFormat::text);
  const SiteConfig c = bare_config();
  Corpus corpus;
  const Locale zh(c, {"zh", "中文", "zh"}, "");
  EXPECT_EQ(
      render_body_html(*a, corpus, c, zh),
      "<p><strong>（999元）</strong>现在<strong>（1元）</strong></p>\n"
      "<p><del>旧价格（999元）</del>現在<del>新价格（1元）</del></p>\n"
      "<p><del><strong>「強調」</strong></del>です</p>\n"
      "<p><em><strong>（b）</strong>c</em></p>\n<p>1<strong>！</strong>a</p>\n"
      "<p><strong>「<a href=\"https://x.example/\">链接</a>」</strong>的<code>代码</code></p>\n"
      "<p><strong>foo</strong>bar, <em>x</em>, <em><strong>y</strong></em> and <del>z</del> "
      "<em>a <strong>b</strong> c</em></p>\n");
  LinkRefs refs;
  EXPECT_NE(
      render_body_text(*a, corpus, c, zh, "https://x.example/", refs).find("（999元）现在（1元）"),
      std::string::npos);
}

// Generated runs of '*' and '~' among CJK punctuation, letters and spaces
// (a fixed seed): pairing them again never loses or adds a character of the
// text, whatever spans it makes.
TEST(Render, CjkPairingKeepsEveryCharacterOfGeneratedText) {
  const std::vector<std::string> pieces = {"*",  "**", "~~", "~",  "「", "」", "（", "）",
                                           "。", "a",  "テ", "강", " ",  "!",  "“",  "”"};
  std::mt19937 random(35);
  const SiteConfig c = bare_config();
  Corpus corpus;
  const Locale ja(c, {"ja", "日本語", "ja"}, "");
  for (int n = 0; n < 2000; ++n) {
    std::string text = "x";
    for (int k = 0; k < 12; ++k) text += pieces[random() % pieces.size()];
    text += "x";
    DiagnosticSink sink;
    auto a = parse_article("x.md", "ja", "---\ntitle: x\n---\n" + text + "\n", sink);
    ASSERT_TRUE(a) << text;
    std::string html = render_body_html(*a, corpus, c, ja), seen;
    for (std::size_t i = 0; i < html.size(); ++i) {
      if (html[i] == '<') {
        i = html.find('>', i);
        continue;
      }
      if (html.compare(i, 5, "&lt;") == 0 || html.compare(i, 6, "&amp;") == 0) {
        seen += html[i + 1] == 'l' ? '<' : '&';
        i = html.find(';', i);
        continue;
      }
      if (html[i] != '*' && html[i] != '~' && html[i] != '\n') seen += html[i];
    }
    std::string want;
    for (char ch : text)
      if (ch != '*' && ch != '~') want += ch;
    EXPECT_EQ(seen, want) << text << "\n" << html;
  }
}

}  // namespace pp
