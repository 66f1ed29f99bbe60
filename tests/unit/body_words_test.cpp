// The page (HTML) and the email's text part of one body say the same words:
// both print the events of the one inline walk (render/inline_walk.h).
#include <gtest/gtest.h>

#include <regex>
#include <sstream>

#include "render/render.h"
#include "support/temp_site.h"

namespace pp {

namespace {

// A UTF-8 encoding of code point `cp`.
std::string utf8(unsigned long cp) {
  std::string out;
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
  return out;
}

// `s` with HTML entities decoded (the named ones cmark writes, and numeric ones).
std::string decode_entities(const std::string& s) {
  static const std::regex entity("&(#[0-9]+|#[xX][0-9a-fA-F]+|amp|lt|gt|quot);");
  std::string out;
  auto from = s.cbegin();
  for (std::sregex_iterator it(s.begin(), s.end(), entity), end; it != end; ++it) {
    out.append(from, (*it)[0].first);
    const std::string name = (*it)[1];
    if (name == "amp")
      out += '&';
    else if (name == "lt")
      out += '<';
    else if (name == "gt")
      out += '>';
    else if (name == "quot")
      out += '"';
    else if (name[1] == 'x' || name[1] == 'X')
      out += utf8(std::stoul(name.substr(2), nullptr, 16));
    else
      out += utf8(std::stoul(name.substr(1)));
    from = (*it)[0].second;
  }
  out.append(from, s.cend());
  return out;
}

// `s` as words separated by one space.
std::string words(const std::string& s) {
  std::istringstream in(s);
  std::string word, out;
  while (in >> word) out += (out.empty() ? "" : " ") + word;
  return out;
}

// What a reader sees of body HTML: tags stripped (a block tag separates
// words, an inline one does not), entities decoded. An image reads as
// "[its description]", as in the text part; footnote numbers and back
// links, which only the page has, are left out.
std::string visible_words(std::string html) {
  html = std::regex_replace(html, std::regex("<sup class=\"footnote-ref\">.*?</sup>"), "");
  html = std::regex_replace(html, std::regex("<a href=\"#fnref-[^>]*>[^<]*</a>"), "");
  html = std::regex_replace(html, std::regex("<img [^>]*alt=\"([^\"]*)\"[^>]*>"), "[$1]");
  html = std::regex_replace(
      html, std::regex("</?(a|em|strong|b|i|del|code|sup|sub|kbd|mark|abbr)( [^>]*)?>"), "");
  html = std::regex_replace(html, std::regex("<[^>]*>"), " ");
  return words(decode_entities(html));
}

// The words of a text part, without what only the text part has: link
// numbers "[n]", footnote marks "[^1]", heading underlines, list bullets,
// quote marks, table cell separators and thematic breaks.
std::string text_words(const std::string& text) {
  std::string out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (std::regex_match(line, std::regex("\\s*(=+|[-+]+|\\* \\* \\*)"))) continue;
    line = std::regex_replace(line, std::regex("^(\\s*(> |- |[0-9]+\\. |\\[[ x]\\] ))+"), "");
    line = std::regex_replace(line, std::regex(" \\[[0-9]+\\]|\\[\\^[^\\]]*\\]"), "");
    // The text part's marks of what the page shows otherwise: ~~struck~~, notes' ¹.
    line = std::regex_replace(line, std::regex("~~|(¹|²|³|⁴|⁵|⁶|⁷|⁸|⁹|⁰)+"), "");
    line = std::regex_replace(line, std::regex(" \\| "), " ");
    out += line + "\n";
  }
  return words(out);
}

// The minimal test site: its config, and reviews/tool to link to.
struct Site {
  test::TempDir dir;
  SiteConfig config;
  Corpus corpus;
  Site() {
    test::make_minimal_site(dir.path());
    DiagnosticSink sink;
    config = *load_site_config(dir.path(), sink);
    corpus = load_corpus(dir.path(), config, sink);
  }
};

struct Rendered {
  std::string html, text;
};

// `body` (with figures share = 96.5 % and price = ₩20,000) rendered both ways
// in language `lang`, as for the email of news/x.
Rendered render_both(const Site& site, const std::string& body, const std::string& lang) {
  const std::string file =
      "---\ntitle: T\ntype: news\ndate: 2026-11-20\nsummary: S\nfigures:\n"
      "  share: {value: 0.965, format: percent}\n"
      "  price: {value: 19999.5, format: currency, currency: KRW}\n---\n" +
      body;
  DiagnosticSink sink;
  const auto a = parse_article("content/news/x/index." + lang + ".md", lang, file, sink);
  if (!a) ADD_FAILURE() << format_diagnostics(sink.sorted(), OutputFormat::text);
  if (!a) return {};
  const Locale loc(site.config, *site.config.language(lang), "");
  const std::string page_url = "https://test.example/" + lang + "/news/x/";
  LinkRefs refs;
  return {render_body_html(*a, site.corpus, site.config, loc, page_url),
          render_body_text(*a, site.corpus, site.config, loc, page_url, refs, 100000)};
}

struct Case {
  const char* name;
  const char* lang;
  const char* body;
  const char* expected_words;  ///< what both say
};

const Case kCases[] = {
    {"figure_in_text", "en", "Share {{fig:share}}, price {{fig:price}}.\n",
     "Share 96.5%, price ₩20,000."},
    {"figure_in_code_span", "en", "Literal `{{fig:share}}` here.\n", "Literal {{fig:share}} here."},
    {"unknown_figure", "en", "Kept {{fig:nope}} as written.\n", "Kept {{fig:nope}} as written."},
    {"figure_in_link", "en",
     "See [costs {{fig:price}}](https://vendor.example/p) and [`{{fig:share}}`](/reviews/tool).\n",
     "See costs ₩20,000 and {{fig:share}}."},
    {"figure_in_emphasis", "en", "*{{fig:share}}* **`{{fig:price}}`** ~~{{fig:price}}~~\n",
     "96.5% {{fig:price}} ₩20,000"},
    {"figure_in_heading", "en", "## Share {{fig:share}} `{{fig:share}}`\n\nText.\n",
     "Share 96.5% {{fig:share}} Text."},
    {"figure_in_table", "en", "| Share | Code |\n|---|---|\n| {{fig:share}} | `{{fig:share}}` |\n",
     "Share Code 96.5% {{fig:share}}"},
    {"autolinks", "en", "Go to <https://example.com/a> or www.example.org today.\n",
     "Go to https://example.com/a or www.example.org today."},
    {"image", "en", "![chart of {{fig:share}} and `{{fig:price}}`](chart.png)\n",
     "[chart of 96.5% and {{fig:price}}]"},
    {"footnote", "en", "Claim[^n] made.\n\n[^n]: Source says {{fig:share}} `{{fig:share}}`.\n",
     "Claim made. Source says 96.5% {{fig:share}}."},
    {"breaks", "en", "hard  \nbreak and\nsoft {{fig:share}}\\\nend\n",
     "hard break and soft 96.5% end"},
    {"raw_html", "en", "<div>block</div>\n\nInline <b>bold</b> {{fig:share}}.\n",
     "block Inline bold 96.5%."},
    {"raw_html_sanitized", "en",
     "Press <kbd>Ctrl</kbd>+<kbd>C</kbd>, H<sub>2</sub>O<br>next\n\n"
     "<details><summary>More</summary>\n\nHidden *text*.\n\n</details>\n\n"
     "<script>alert(1)</script>\n\n<table><tr><td>cell</td></tr></table>\n",
     "Press Ctrl+C, H2O next More Hidden text. cell"},
    {"entities", "en", "&amp; &lt;tag&gt; &copy; &#x41; &quot;q&quot; `&amp;`\n",
     "& <tag> © A \"q\" &amp;"},
    {"code_block", "en", "```\n{{fig:share}} stays\n```\n", "{{fig:share}} stays"},
    {"lists_and_quotes", "en",
     "- one {{fig:share}}\n- `{{fig:share}}`\n\n> quoted *{{fig:price}}*\n",
     "one 96.5% {{fig:share}} quoted ₩20,000"},
    {"cjk", "en", "株価は{{fig:share}}上昇した。`{{fig:share}}`はコード。\n",
     "株価は96.5%上昇した。{{fig:share}}はコード。"},
    {"arabic", "ar", "ارتفعت الحصة {{fig:share}} اليوم، و`{{fig:share}}` رمز.\n",
     "ارتفعت الحصة ٩٦٫٥٪\u061c اليوم، و{{fig:share}} رمز."},
};

}  // namespace

TEST(BodyWords, PageAndTextPartSayTheSameWords) {
  const Site site;
  for (const Case& c : kCases) {
    SCOPED_TRACE(c.name);
    const Rendered r = render_both(site, c.body, c.lang);
    EXPECT_EQ(visible_words(r.html), c.expected_words) << r.html;
    EXPECT_EQ(text_words(r.text), c.expected_words) << r.text;
  }
}

TEST(BodyWords, CodeSpanFigureStaysLiteralInBoth) {
  const Site site;
  const Rendered r = render_both(site, "`{{fig:share}}` and {{fig:share}}\n", "en");
  EXPECT_EQ(r.html, "<p><code>{{fig:share}}</code> and 96.5%</p>\n");
  EXPECT_EQ(r.text, "{{fig:share}} and 96.5%\n");
}

TEST(BodyWords, LinksAreNumberedInTheTextPartOnly) {
  const Site site;
  const Rendered r =
      render_both(site,
                  "[tool](/reviews/tool#pricing), <https://example.com/a>, ![img](c.png), "
                  "[bad](javascript:x)\n",
                  "en");
  EXPECT_EQ(
      r.html,
      "<p><a href=\"https://test.example/en/reviews/tool/#pricing\">tool</a>, <a "
      "href=\"https://example.com/a\">https://example.com/a</a>, <img "
      "src=\"https://test.example/en/news/x/c.png\" alt=\"img\" />, <a href=\"#\">bad</a></p>\n");
  EXPECT_EQ(r.text, "tool [1], https://example.com/a, [img] [2], bad\n");
}

}  // namespace pp
