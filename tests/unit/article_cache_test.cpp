// The parse cache: an article comes back from its bytes exactly as parsed,
// damaged bytes are refused, and a body changed under a build is an error.
#include <gtest/gtest.h>

#include "content/article_cache.h"
#include "content/front_matter_fields.h"
#include "support/front_matter_samples.h"
#include "support/temp_site.h"

namespace pp {
namespace {

const char* kRich =
    "---\ntitle: \"T\"\ntype: review\ndate: 2026-11-29T10:00:00+09:00\nupdated: 2026-11-30\n"
    "summary: \"S\"\nverdict: \"V\"\nauthors: [A, B]\ntags: [x]\nrelated: [news/a, news/b]\n"
    "rating: 4.5\nprice: {amount: 12.5, currency: EUR, period: month}\n"
    "product: {name: P, url: \"https://p.example/\", kind: tool}\nchecked: 2026-11-28\n"
    "sources:\n  - {title: \"Post\", url: \"https://v.example/p\", publisher: \"V\", accessed: "
    "2026-11-20}\n"
    "figures:\n  share: {value: 0.965, format: percent}\nsummary2:\n---\n"
    "# Head\n\nText {{fig:share}} [a](/news/a#x) ![i](pic.png) <b>raw</b> <span "
    "onclick=x>s</span>\n";

TEST(ArticleCache, AnArticleComesBackExactlyAsParsed) {
  DiagnosticSink sink;
  auto a = parse_article("content/reviews/r/index.en.md", "en", kRich, sink);
  ASSERT_TRUE(a);
  a->stamp = "1 2 3";
  const auto findings = sink.sorted();
  ASSERT_FALSE(findings.empty());  // the unknown key, the raw HTML: findings to keep
  const std::string bytes = encode_article(*a, findings);
  const auto back = decode_article(bytes);
  ASSERT_TRUE(back);
  const Article& b = back->article;
  EXPECT_EQ(b.own, a->own);  // every field, every position
  EXPECT_EQ(b.meta, a->own);
  EXPECT_EQ(b.path, a->path);
  EXPECT_EQ(b.stamp, "1 2 3");
  EXPECT_EQ(b.own.title->value, "T");
  EXPECT_EQ(b.own.date->value.hour, 10);
  EXPECT_EQ(b.own.date->value.offset_minutes, 540);
  EXPECT_EQ(b.own.date->where.line, 4);
  EXPECT_EQ(b.own.date->where.path, a->path);
  EXPECT_EQ(b.own.sources.at(0).accessed->text, "2026-11-20");
  EXPECT_EQ(b.own.figures.at("share").value, 0.965);
  EXPECT_EQ(b.own.price->amount, 12.5);
  EXPECT_EQ(b.own.related.size(), 2u);
  EXPECT_EQ(b.heading_ids, a->heading_ids);
  ASSERT_EQ(b.links.size(), a->links.size());
  EXPECT_EQ(b.links[1].url, "pic.png");
  EXPECT_TRUE(b.links[1].image);
  EXPECT_EQ(b.links[0].where.column, a->links[0].where.column);
  ASSERT_EQ(a->raw_html.size(), 2u);  // <b> kept, <span> dropped
  EXPECT_EQ(b.raw_html, a->raw_html);
  EXPECT_EQ(b.raw_html_dropped, a->raw_html_dropped);
  EXPECT_EQ(b.raw_html[1].where.column, 60);
  ASSERT_EQ(back->findings.size(), findings.size());
  EXPECT_EQ(back->findings[0].message, findings[0].message);
  EXPECT_FALSE(b.doc);  // no tree: rendering reads the body again
}

// Every field of the table, each given a value unlike its default, comes back
// equal: a field left out of the codec (or a row without a codec) fails here.
// A value without a position (a source with no `accessed`) came back with
// the bundle's path as its position: what lists show of the bundle differed
// between a parsed and a cached article, and every list was made again on
// the build after a first parse (issue 39, found by build --explain).
TEST(ArticleCache, AValueWithoutAPositionComesBackWithout) {
  const char* text =
      "---\ntitle: \"T\"\ntype: news\ndate: 2026-11-18\nsummary: \"S\"\nverdict: \"V\"\n"
      "sources:\n  - {title: \"T\", url: \"https://x.example/\", publisher: \"P\"}\n---\nB.\n";
  DiagnosticSink sink;
  auto a = parse_article("content/news/n/index.en.md", "en", text, sink);
  ASSERT_TRUE(a);
  ASSERT_FALSE(a->own.sources.at(0).accessed);
  const std::string bytes = encode_article(*a, sink.sorted());
  const auto back = decode_article(bytes);
  ASSERT_TRUE(back);
  EXPECT_EQ(back->article.own.sources.at(0).accessed_where.path, "");
  EXPECT_EQ(back->article.own, a->own);
  EXPECT_EQ(encode_article(back->article, back->findings), bytes);
}

TEST(ArticleCache, EveryFieldOfTheTableComesBackEqual) {
  std::vector<std::string> keys;
  for (const FrontMatterField& f : front_matter_fields()) {
    ASSERT_TRUE(test::front_matter_samples().count(std::string(f.key)))
        << f.key << ": add a sample to tests/support/front_matter_samples.h";
    keys.emplace_back(f.key);
  }
  DiagnosticSink sink;
  auto a = parse_article("content/reviews/r/index.en.md", "en",
                         test::front_matter_with(keys) + "Body {{fig:share}}\n", sink);
  ASSERT_TRUE(a);
  EXPECT_EQ(format_diagnostics(sink.sorted(), OutputFormat::text), "");
  for (const FrontMatterField& f : front_matter_fields())
    EXPECT_TRUE(f.ops.has_value(a->own)) << f.key << " has no value";
  const auto back = decode_article(encode_article(*a, {}));
  ASSERT_TRUE(back);
  EXPECT_EQ(back->article.own, a->own);
  // operator== sees every field: taking one away makes the front matter differ.
  for (const FrontMatterField& f : front_matter_fields()) {
    FrontMatter without = a->own;
    f.ops.copy(without, FrontMatter{});
    EXPECT_FALSE(without == a->own) << f.key;
  }
}

// Locations elsewhere than the article's own file keep their path.
TEST(ArticleCache, PositionsInOtherFilesKeepTheirPath) {
  Article a;
  a.lang = "en";
  a.path = "content/news/a/index.en.md";
  a.own.title = Located<std::string>{"T", {"other.md", 3, 4}};
  a.own.type = Located<ArticleType>{ArticleType::analysis, {a.path, 2, 7}};
  const auto back = decode_article(encode_article(a, {}));
  ASSERT_TRUE(back);
  EXPECT_EQ(back->article.own, a.own);
}

TEST(ArticleCache, DamagedBytesAreRefused) {
  DiagnosticSink sink;
  auto a = parse_article("a.md", "en", kRich, sink);
  ASSERT_TRUE(a);
  const std::string bytes = encode_article(*a, sink.sorted());
  // Every shortened copy, and one with a byte more, is refused without a crash.
  for (std::size_t n = 0; n < bytes.size(); ++n)
    EXPECT_FALSE(decode_article(bytes.substr(0, n))) << n;
  EXPECT_FALSE(decode_article(bytes + "x"));
  EXPECT_FALSE(decode_article("ppa1" + bytes.substr(4)));  // the layout before the table
  // A byte changed inside a value leaves the entry well formed: its seal
  // refuses it all the same (a title changed so was once published as read;
  // the referee found it, seed 1234). Every single byte, every change.
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    std::string changed = bytes;
    changed[i] = static_cast<char>(changed[i] ^ 0x20);
    EXPECT_FALSE(decode_article(changed)) << i;
  }
}

// An entry names the table it was written under (kMagic, then a digest of the
// keys in order): one written under another table is refused, not misread.
TEST(ArticleCache, AnEntryOfAnotherTableIsRefused) {
  DiagnosticSink sink;
  auto a = parse_article("a.md", "en", kRich, sink);
  ASSERT_TRUE(a);
  const std::string bytes = encode_article(*a, sink.sorted());
  ASSERT_TRUE(decode_article(bytes));
  ASSERT_GT(bytes.size(), 12u);
  EXPECT_EQ(bytes.substr(0, 4), "ppa5");
  EXPECT_EQ(bytes.substr(4, 8).find_first_not_of("0123456789abcdef"), std::string::npos);
  for (std::size_t i = 4; i < 12; ++i) {
    std::string other = bytes;
    other[i] = other[i] == '0' ? '1' : '0';
    EXPECT_FALSE(decode_article(other)) << i;
  }
}

TEST(ArticleCache, ABodyChangedDuringTheBuildIsAnError) {
  test::TempDir dir;
  test::make_minimal_site(dir.path());
  const std::string rel = "content/reviews/tool/index.en.md";
  DiagnosticSink sink;
  auto a = parse_article(rel, "en", test::read_text(dir.path() / rel), sink);
  ASSERT_TRUE(a);
  a->stamp = file_stamp((dir.path() / rel).string());
  a->body.clear();
  a->doc.reset();
  DiagnosticSink render;
  const auto full = read_article_body(dir.path(), *a, render);
  ASSERT_TRUE(full);
  EXPECT_NE(full->body.find("Twelve euros"), std::string::npos);
  EXPECT_TRUE(full->doc);
  // Longer: the size is in the stamp, whatever the clock's resolution.
  test::write_text(dir.path(), rel, test::read_text(dir.path() / rel) + "More.\n");
  EXPECT_FALSE(read_article_body(dir.path(), *a, render));
  EXPECT_EQ(format_diagnostics(render.sorted(), OutputFormat::text),
            rel +
                ": error: the file changed while the site was being built; build again "
                "[bundle/changed]\n");
}

}  // namespace
}  // namespace pp

namespace pp {

TEST(ArticleCache, AStampsModificationTimeIsReadBack) {
  test::TempDir dir;
  test::write_text(dir.path(), "a.md", "x");
  long long mtime_ns = 0;
  const std::string stamp = file_stamp((dir.path() / "a.md").string(), &mtime_ns);
  ASSERT_GT(mtime_ns, 0);
  EXPECT_EQ(stamp_mtime_ns(stamp), mtime_ns);
  EXPECT_EQ(stamp_mtime_ns(""), std::nullopt);
  EXPECT_EQ(stamp_mtime_ns(file_stamp(dir.path().string())), std::nullopt);  // a folder
}

}  // namespace pp
