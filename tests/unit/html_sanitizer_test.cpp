// The raw HTML allow-list: what passes exactly, what never does, and what each
// dropped element is reported as.
#include <gtest/gtest.h>

#include "content/html_sanitizer.h"

namespace pp {

namespace {

// `html` as if the author wrote all of it in raw HTML.
SanitizedHtml all_raw(const std::string& html, RawHtmlMode mode = RawHtmlMode::sanitize) {
  return sanitize_html(html, {RawSpan{0, html.size(), 0}}, mode);
}

std::string clean(const std::string& html) {
  return all_raw(html).html;
}

// Each reported element as "tag:fate:message".
std::vector<std::string> report(const std::string& html, RawHtmlMode mode = RawHtmlMode::sanitize) {
  std::vector<std::string> out;
  for (const auto& e : all_raw(html, mode).elements)
    out.push_back(e.tag + ":" + std::to_string(static_cast<int>(e.fate)) + ":" +
                  raw_html_message(e, mode));
  return out;
}

}  // namespace

TEST(HtmlSanitizer, TheAllowListPassesExactly) {
  EXPECT_EQ(clean("<sup>2</sup><sub>n</sub><kbd>Ctrl</kbd><mark>m</mark>"
                  "<abbr title=\"HyperText\">HTML</abbr><br>"),
            "<sup>2</sup><sub>n</sub><kbd>Ctrl</kbd><mark>m</mark>"
            "<abbr title=\"HyperText\">HTML</abbr><br />");
  EXPECT_EQ(clean("<details open><summary>S</summary>x</details>"),
            "<details open=\"\"><summary>S</summary>x</details>");
  EXPECT_EQ(clean("<dl><dt>t</dt><dd>d</dd></dl><figure><figcaption>c</figcaption></figure>"),
            "<dl><dt>t</dt><dd>d</dd></dl><figure><figcaption>c</figcaption></figure>");
  EXPECT_EQ(clean("<table align=center><caption>c</caption><thead><tr><th colspan=2 "
                  "align=left>h</th></tr></thead><tbody><tr><td rowspan=\"3\">d</td></tr></tbody>"
                  "<tfoot><tr><td>f</td></tr></tfoot></table>"),
            "<table align=\"center\"><caption>c</caption><thead><tr><th colspan=\"2\" "
            "align=\"left\">h</th></tr></thead><tbody><tr><td rowspan=\"3\">d</td></tr></tbody>"
            "<tfoot><tr><td>f</td></tr></tfoot></table>");
  EXPECT_EQ(clean("<img src=\"https://x.example/a.png?a=1&amp;b=2\" alt='A \"q\"' width=100 "
                  "height=\"50%\">"),
            "<img src=\"https://x.example/a.png?a=1&amp;b=2\" alt=\"A &quot;q&quot;\" "
            "width=\"100\" height=\"50%\" />");
  EXPECT_TRUE(all_raw("<sup>2</sup><img src=\"http://x.example/a.png\">").elements.size() == 2);
  for (const auto& line : report("<sup>2</sup><img src=\"http://x.example/a.png\">"))
    EXPECT_EQ(line.substr(line.size() - 1), ":") << line;  // kept: nothing to report
}

TEST(HtmlSanitizer, ScriptsStylesAndEmbeddedDocumentsNeverPass) {
  for (const char* bad :
       {"<script>alert(1)</script>", "<SCRIPT SRC=//evil.example/x.js></SCRIPT>",
        "<style>body{display:none}</style>", "<iframe src=\"https://evil.example\"></iframe>",
        "<iframe srcdoc=\"&lt;script&gt;alert(1)&lt;/script&gt;\"></iframe>",
        "<object data=\"x.swf\"></object>", "<embed src=\"x.swf\">",
        "<svg><script>alert(1)</script></svg>", "<svg onload=alert(1)>",
        "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
        "<noscript><p title=\"</noscript><img src=x onerror=alert(1)>\">",
        "<template><script>alert(1)</script></template>", "<base href=\"https://evil.example/\">",
        "<meta http-equiv=refresh content=\"0;url=https://evil.example\">",
        "<link rel=stylesheet href=https://evil.example/x.css>", "<form><button>b</button></form>",
        "<textarea><script>alert(1)</script></textarea>", "<title>t</title>",
        "<scr<script>ipt>alert(1)</script>"}) {
    const std::string out = clean(bad);
    for (const char* never : {"<script", "<style", "<iframe", "<object", "<embed", "<svg", "<math",
                              "onerror", "onload", "srcdoc", "<base", "<meta", "<link", "<button",
                              "<textarea", "<title", "<noscript", "<form"})
      EXPECT_EQ(out.find(never), std::string::npos) << bad << " → " << out;
  }
}

TEST(HtmlSanitizer, EventAttributesStylesAndUnsafeUrlsAreLeftOut) {
  EXPECT_EQ(clean("<kbd onclick=\"x()\" style=\"color:red\" class=c id=i>k</kbd>"), "<kbd>k</kbd>");
  EXPECT_EQ(report("<kbd onclick=\"x()\" style=\"color:red\">k</kbd>"),
            (std::vector<std::string>{"kbd:0:raw HTML <kbd>: attributes onclick, style dropped"}));
  for (const char* src :
       {"javascript:alert(1)", "JaVaScRiPt:alert(1)", "java&#x09;script:alert(1)",
        " javascript:alert(1)", "vbscript:msgbox(1)",
        "data:image/svg+xml;base64,PHN2Zz4=", "data:text/html,<script>x</script>",
        "//evil.example/x.png", "/assets/x.png", "file:///etc/passwd", "../x.png",
        "img/../../x.png", "./../x.png", "x.png?v=2", "x\\y.png", "img//x.png", ".", "x:y.png"}) {
    const std::string html = std::string("<img src=\"") + src + "\" alt=\"Chart\">";
    EXPECT_EQ(clean(html), "") << src;
  }
  EXPECT_EQ(report("<img src=\"javascript:alert(1)\" alt=\"Chart\">"),
            (std::vector<std::string>{"img:2:raw HTML <img> dropped: its src "
                                      "\"javascript:alert(1)\" is not an absolute http(s) URL or "
                                      "a file of the bundle; its text \"Chart\" is lost"}));
  // A file of the bundle is kept as written (checked as a Markdown image is).
  const auto local = all_raw("<img src=\"./img/chart%20a.png\" alt=\"Chart\">");
  EXPECT_EQ(local.html, "<img src=\"./img/chart%20a.png\" alt=\"Chart\" />");
  EXPECT_EQ(local.elements.at(0).local_src, "./img/chart%20a.png");
  EXPECT_EQ(report("<img alt=\"\">"),
            (std::vector<std::string>{"img:2:raw HTML <img> dropped: it has no src"}));
  EXPECT_EQ(clean("<img src=\"https://x.example/a.png\" onerror=\"alert(1)\" width=\"1e9\">"),
            "<img src=\"https://x.example/a.png\" />");
  EXPECT_EQ(clean("<td colspan=\"2;x\">c</td>"), "c");  // a cell outside a table is text
}

TEST(HtmlSanitizer, WrappersKeepTheirContentAndDangerousElementsLoseIt) {
  EXPECT_EQ(clean("<div align=center><span class=x>one</span> <font color=red>two</font>"
                  "<center>three</center></div>"),
            "\n<span>one</span> two\nthree\n\n");
  EXPECT_EQ(report("<div align=center><span>one</span></div><a title=\"top\"></a>"
                   "<iframe>fallback  text</iframe><script>var x</script>"),
            (std::vector<std::string>{"div:1:raw HTML <div> dropped; its content is kept",
                                      "span:0:", "a:1:raw HTML <a> dropped: it has no href",
                                      "iframe:2:raw HTML <iframe> dropped; its text \"fallback "
                                      "text\" is lost",
                                      "script:2:raw HTML <script> dropped"}));
  // Raw headings stay headings, under the page's <h1>, without a Markdown
  // id: the id they were written with is theirs (an anchor, as on GitHub).
  EXPECT_EQ(report("<h1 align=center>Title</h1>"), (std::vector<std::string>{"h1:0:"}));
  EXPECT_EQ(clean("<h1 align=center>Title</h1><h3 id=x name=y>Sub</h3>"),
            "<h2 class=\"raw-heading\" align=\"center\">Title</h2>"
            "<h3 id=\"x\" class=\"raw-heading\">Sub</h3>");
  EXPECT_EQ(report("<h4 id=\"two words\">T</h4>"),
            (std::vector<std::string>{"h4:0:raw HTML <h4>: attribute id dropped"}));
  // An anchor whose id cannot be one says so (Node.js's errors.md has them).
  EXPECT_EQ(report("<a id=\"Time Validity Errors\"></a>"),
            (std::vector<std::string>{"a:1:raw HTML <a> dropped: its id \"Time Validity Errors\" "
                                      "cannot be an id (1 to 100 bytes without spaces) and it has "
                                      "no href"}));
  EXPECT_EQ(all_raw("<h1>T</h1>", RawHtmlMode::drop).html, "\nT\n");
}

TEST(HtmlSanitizer, LinksPassOnlyToAbsoluteUrlsAndAnchors) {
  EXPECT_EQ(
      clean("<a href=\"https://x.example/a?b=1&amp;c=2\" title=\"T\" target=\"_blank\">x</a>"),
      "<a href=\"https://x.example/a?b=1&amp;c=2\" title=\"T\">x</a>");
  EXPECT_EQ(clean("<a href=\"mailto:ed@x.example\">mail</a> <a href=\"#top\">up</a>"),
            "<a href=\"mailto:ed@x.example\">mail</a> <a href=\"#top\">up</a>");
  for (const char* href : {"javascript:alert(1)", " JaVaScRiPt:alert(1)", "data:text/html,x",
                           "vbscript:x", "guide/a.md", "/en/", "//evil.example/"}) {
    const std::string html = std::string("<a href=\"") + href + "\">text</a>";
    EXPECT_EQ(clean(html), "text") << href;
  }
  EXPECT_EQ(report("<a href=\"javascript:alert(1)\" onclick=\"x()\">text</a>"),
            (std::vector<std::string>{
                "a:1:raw HTML <a> dropped: its href \"javascript:alert(1)\" is not an absolute "
                "http(s) or mailto: URL or an anchor (#id); its content is kept"}));
}

TEST(HtmlSanitizer, CommentsGoSilentlyUnlessNeverClosed) {
  EXPECT_EQ(clean("a<!-- note -->b"), "ab");
  EXPECT_TRUE(report("a<!-- note -->b").empty());
  EXPECT_EQ(clean("a<!-- note\n\nthe rest of the body"), "a");
  EXPECT_EQ(report("a<!-- note\n\nthe rest"),
            (std::vector<std::string>{"!--:2:raw HTML comment is not closed, so it hides the rest "
                                      "of the body; its text \"note the rest\" is lost"}));
}

TEST(HtmlSanitizer, UnclosedAndMisnestedTagsAreBalanced) {
  EXPECT_EQ(clean("<sup>open"), "<sup>open</sup>");
  EXPECT_EQ(clean("<b><i>x</b>y</i>"), "<b><i>x</i></b><i>y</i>");
  EXPECT_EQ(clean("</sup>stray</kbd>"), "stray");
  EXPECT_EQ(clean("<table><tr><td>a<td>b</table>"),
            "<table><tbody><tr><td>a</td><td>b</td></tr></tbody></table>");
  EXPECT_EQ(clean("<sup title=\"unclosed>x"), "");
  EXPECT_EQ(clean("a < b & c > d \"q\""), "a &lt; b &amp; c &gt; d &quot;q&quot;");
}

TEST(HtmlSanitizer, OnlyTheRawSpansAreSanitized) {
  // cmark-gfm's own markup passes as it is; the author's <iframe> does not.
  const std::string html =
      "<p><a href=\"https://x.example/\" title=\"t\">x</a> <iframe>f</iframe></p>\n";
  const auto begin = html.find("<iframe>");
  const auto out = sanitize_html(html, {RawSpan{begin, begin + 8, 0}}, RawHtmlMode::sanitize);
  EXPECT_EQ(out.html, "<p><a href=\"https://x.example/\" title=\"t\">x</a> </p>\n");
  ASSERT_EQ(out.elements.size(), 1u);
  EXPECT_EQ(out.elements[0].offset, begin);
}

TEST(HtmlSanitizer, DropModePassesNoRawElement) {
  EXPECT_EQ(all_raw("<sup>2</sup><kbd>k</kbd><img src=\"https://x.example/a.png\" alt=\"A\">"
                    "<script>x</script>",
                    RawHtmlMode::drop)
                .html,
            "2k");
  EXPECT_EQ(
      report("<sup>2</sup><img src=\"https://x.example/a.png\" alt=\"A\">", RawHtmlMode::drop),
      (std::vector<std::string>{"sup:1:raw HTML <sup> dropped; its content is kept",
                                "img:2:raw HTML <img> dropped; its text \"A\" is lost"}));
  EXPECT_EQ(report("<sup>2</sup>", RawHtmlMode::error),
            (std::vector<std::string>{"sup:1:raw HTML <sup> is not allowed (markdown.raw_html: "
                                      "error)"}));
}

TEST(HtmlSanitizer, DeepNestingIsWrittenAsText) {
  std::string html;
  for (int i = 0; i < 5000; ++i) html += "<sup>";
  html += "deep";
  const std::string out = clean(html);
  EXPECT_NE(out.find("deep"), std::string::npos);
  EXPECT_LE(out.size(), 256 * 11 + 4 + 10);
}

TEST(HtmlSanitizer, VisibleTextOfABlockForTheTextPart) {
  EXPECT_EQ(raw_html_visible_text("<kbd>", RawHtmlMode::sanitize), "");
  EXPECT_EQ(raw_html_visible_text("<br>", RawHtmlMode::sanitize), "\n");
  EXPECT_EQ(raw_html_visible_text("<details><summary>More</summary>\n<p>Body  text</p>"
                                  "<script>x()</script></details>",
                                  RawHtmlMode::sanitize),
            "More\nBody text");
  EXPECT_EQ(raw_html_visible_text("<table><tr><th>a</th><td>b</td></tr><tr><td>c</td></tr></table>",
                                  RawHtmlMode::sanitize),
            "a b\nc");
  EXPECT_EQ(raw_html_visible_text("<p align=center><img src=\"https://x.example/l.png\" "
                                  "alt=\"Logo\"></p>",
                                  RawHtmlMode::sanitize),
            "[Logo]");
  EXPECT_EQ(raw_html_visible_text("<p align=center><img src=\"https://x.example/l.png\" "
                                  "alt=\"Logo\"></p>",
                                  RawHtmlMode::drop),
            "");
}

}  // namespace pp

namespace pp {

// Direction and language pass on every allowed element, and <bdi>, <bdo dir>
// and <span> pass, as GitHub keeps them; values off their forms do not.
TEST(HtmlSanitizer, DirectionAndLanguageSurvive) {
  EXPECT_EQ(clean("<p dir=\"ltr\" lang=\"en-GB\">Quoted.</p><bdi>Apple</bdi>"
                  "<bdo dir=rtl>abc</bdo><span dir=auto lang=zh-Hant-TW>x</span>"),
            "<p dir=\"ltr\" lang=\"en-GB\">Quoted.</p><bdi>Apple</bdi><bdo dir=\"rtl\">abc</bdo>"
            "<span dir=\"auto\" lang=\"zh-Hant-TW\">x</span>");
  EXPECT_EQ(clean("<td dir=\"rtl\">c</td>"), "c");  // a cell outside a table is text
  EXPECT_EQ(clean("<span dir=\"sideways\" lang=\"en_US!\">x</span>"), "<span>x</span>");
  EXPECT_EQ(report("<span dir=\"sideways\" lang=\"en-\">x</span>"),
            (std::vector<std::string>{"span:0:raw HTML <span>: attributes dir, lang dropped"}));
  // <bdo> without a direction to force means nothing: its text stays.
  EXPECT_EQ(clean("<bdo>abc</bdo><bdo dir=auto>d</bdo>"), "abcd");
  EXPECT_EQ(report("<bdo>abc</bdo>"),
            (std::vector<std::string>{
                "bdo:1:raw HTML <bdo> dropped: it has no dir=\"ltr\" or dir=\"rtl\"; its content "
                "is kept"}));
}

// <a name> and <a id> are anchors of the page, written as ids.
TEST(HtmlSanitizer, AnchorsWrittenTheGitHubWayAreKept) {
  const auto s = all_raw(
      "<a name=\"1.2.0\"></a><a id=\"install\" name=\"x\">Install</a>"
      "<a href=\"https://x.example/\" id=\"top\">t</a><a name=\"a b\"></a>");
  EXPECT_EQ(s.html,
            "<a id=\"1.2.0\"></a><a id=\"install\">Install</a>"
            "<a id=\"top\" href=\"https://x.example/\">t</a>");
  ASSERT_EQ(s.elements.size(), 4u);
  EXPECT_EQ(s.elements[0].anchor, "1.2.0");
  EXPECT_EQ(s.elements[1].anchor, "install");
  EXPECT_EQ(s.elements[2].anchor, "top");
  EXPECT_EQ(raw_html_message(s.elements[0], RawHtmlMode::sanitize), "");
  // Whitespace makes no id: the tag goes, and the message says why.
  EXPECT_EQ(raw_html_message(s.elements[3], RawHtmlMode::sanitize),
            "raw HTML <a> dropped: its name \"a b\" cannot be an id (1 to 100 bytes without "
            "spaces) and it has no href");
}

// What no reader sees go silently: target, rel, data-*, <picture> and its
// <source>s around the <img> every reader gets.
TEST(HtmlSanitizer, AttributesNoReaderSeesGoWithoutAFinding) {
  EXPECT_EQ(report("<a href=\"https://x.example/\" target=\"_blank\" rel=\"noopener\" "
                   "data-x=\"1\">x</a>"),
            (std::vector<std::string>{"a:0:"}));
  const auto s = all_raw(
      "<picture><source media=\"(prefers-color-scheme: dark)\" "
      "srcset=\"https://x.example/d.png\"><img src=\"https://x.example/l.png\" alt=\"Logo\">"
      "</picture>");
  EXPECT_EQ(s.html, "<img src=\"https://x.example/l.png\" alt=\"Logo\" />");
  for (const auto& e : s.elements)
    EXPECT_EQ(raw_html_message(e, RawHtmlMode::sanitize), "") << e.tag;
  // A <source> elsewhere (in <video>, itself dropped) is reported as before.
  EXPECT_EQ(report("<video><source src=\"https://x.example/v.mp4\"></video>")[0],
            "video:2:raw HTML <video> dropped");
}

}  // namespace pp

namespace pp {

// The tags of a translated raw HTML block are compared as written: a quote
// opens a value only after '=', a raw-text element's content is text, and a
// tag or comment left open is "<…".
TEST(RawHtmlTags, AreTheTagsAsHtmlTokenizesThem) {
  EXPECT_EQ(raw_html_tags("<p align=\"center\">A <a href='x>y'>b</a><br/>c</P>"),
            "<p> <a> </a> <br> </p>");
  EXPECT_EQ(raw_html_tags("<p title=a\"b>x</p>"), "<p> </p>");
  EXPECT_EQ(raw_html_tags("a < b <!-- <i> --> <!DOCTYPE x> <?pi?> </ x>"), "<!-- --> <! <? <!");
  EXPECT_EQ(raw_html_tags("<script>if (a<b) x('</p>')</script>"), "<script> </script>");
  EXPECT_EQ(raw_html_tags("<p>open <!-- never closed"), "<p> <!-- <…");
  EXPECT_EQ(raw_html_tags("<p title=\"unterminated>text</p>"), "<…");
}

TEST(RawHtmlTags, SelfContainedClosesWhatItOpens) {
  EXPECT_TRUE(raw_html_self_contained("<p>a <b>b</b><img src=x><br/></p>"));
  EXPECT_FALSE(raw_html_self_contained("<details>\n<summary>s</summary>"));
  EXPECT_FALSE(raw_html_self_contained("</div>"));
  EXPECT_FALSE(raw_html_self_contained("<p><b>x</p></b>"));
  EXPECT_FALSE(raw_html_self_contained("<div/>"));
  EXPECT_FALSE(raw_html_self_contained("<p>x</p><!-- open"));
}

TEST(RawHtmlTags, DepthCountsWhatStaysOpen) {
  std::size_t deepest = 0;
  EXPECT_EQ(raw_html_depth("<div><b><i>", 0, deepest), 3u);
  EXPECT_EQ(raw_html_depth("</i></b>", 3, deepest), 1u);
  EXPECT_EQ(deepest, 3u);
  // Omitted end tags (a table's cells, list items, paragraphs) are no depth.
  deepest = 0;
  EXPECT_EQ(raw_html_depth("<table><tr><td>a<tr><td>b<li>c<p>d", 0, deepest), 1u);
  EXPECT_EQ(deepest, 1u);
}

}  // namespace pp
