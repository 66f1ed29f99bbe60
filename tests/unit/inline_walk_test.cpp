// The one inline walk (render/inline_walk.h): what each piece of a body is.
#include <gtest/gtest.h>

#include <cmark-gfm.h>

#include "render/inline_walk.h"

namespace pp {

namespace {

// The events of every block of `body` as one line each: "kind:text" or
// "kind:url->destination".
std::vector<std::string> events_of(const std::string& body) {
  DiagnosticSink sink;
  const auto a = parse_article("content/news/x/index.en.md", "en",
                               "---\ntitle: T\nfigures:\n  share: {value: 0.965, format: percent}\n"
                               "---\n" +
                                   body,
                               sink);
  if (!a) ADD_FAILURE() << "no article";
  if (!a) return {};
  SiteConfig c;
  c.base_path = "/";
  c.base_url = "https://test.example/";
  c.time_zone = "UTC";
  Corpus corpus;
  const Locale en(c, {"en", "English", "en"}, "");
  static const char* names[] = {"text",       "figure",       "code",     "soft_break",
                                "line_break", "link_start",   "link_end", "image_start",
                                "image_end",  "footnote_ref", "raw_html", "span_start",
                                "span_end"};
  std::vector<std::string> out;
  const std::string page_url;
  walk_all_inlines(a->doc->root(), {*a, corpus, c, en, page_url}, [&](const InlineEvent& e) {
    std::string line = names[static_cast<int>(e.kind)];
    if (!e.text.empty()) line += ":" + e.text;
    if (e.kind == InlineKind::link_start || e.kind == InlineKind::image_start)
      line += ":" + e.url + "->" + e.destination.value_or("(none)");
    out.push_back(line);
  });
  return out;
}

using Events = std::vector<std::string>;

}  // namespace

TEST(InlineWalk, FiguresOnlyInProse) {
  EXPECT_EQ(
      events_of("a {{fig:share}} b `{{fig:share}}` {{fig:nope}}\n"),
      (Events{"text:a ", "figure:96.5%", "text: b ", "code:{{fig:share}}", "text: {{fig:nope}}"}));
}

TEST(InlineWalk, LinksAndImagesCarryTheirDestination) {
  EXPECT_EQ(
      events_of("[*x*](https://e.example/) ![d](p.png) [y](javascript:z)\n"),
      (Events{"link_start:https://e.example/->https://e.example/", "span_start", "text:x",
              "span_end", "link_end", "text: ", "image_start:p.png->p.png", "text:d", "image_end",
              "text: ", "link_start:javascript:z->(none)", "text:y", "link_end"}));
}

TEST(InlineWalk, BreaksFootnotesAndRawHtml) {
  EXPECT_EQ(events_of("a  \nb\nc<b>d</b>[^n]\n\n[^n]: e\n"),
            (Events{"text:a", "line_break", "text:b", "soft_break", "text:c", "raw_html:<b>",
                    "text:d", "raw_html:</b>", "footnote_ref:1", "text:e"}));
}

TEST(InlineWalk, EveryBlockWithInlinesInDocumentOrder) {
  EXPECT_EQ(events_of("# h\n\n> q\n\n- i\n\n| t |\n|---|\n| c |\n\n```\nnot walked\n```\n"),
            (Events{"text:h", "text:q", "text:i", "text:t", "text:c"}));
}

TEST(InlineWalk, ExpandFiguresReadsLikeTheWalk) {
  DiagnosticSink sink;
  const auto a = parse_article("content/news/x/index.en.md", "en",
                               "---\ntitle: T\nfigures:\n  share: {value: 0.965, format: percent}\n"
                               "---\nx\n",
                               sink);
  ASSERT_TRUE(a);
  SiteConfig c;
  c.time_zone = "UTC";
  const Locale en(c, {"en", "English", "en"}, "");
  EXPECT_EQ(expand_figures("{{fig:share}} and {{fig:nope}} {{fig:", *a, en),
            "96.5% and {{fig:nope}} {{fig:");
}

}  // namespace pp
