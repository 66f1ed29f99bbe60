// The table of front matter fields: the keys, inheritance of each field by a
// translation (through load_corpus), the required keys, `new`'s skeleton and
// the Markdown table of docs/spec.md.
#include <gtest/gtest.h>

#include <cstdlib>

#include "config/config.h"
#include "content/front_matter_fields.h"
#include "content/front_matter_skeleton.h"
#include "support/front_matter_samples.h"
#include "support/temp_site.h"

namespace pp {

namespace fs = std::filesystem;

namespace {

std::vector<std::string> table_keys() {
  std::vector<std::string> keys;
  for (const FrontMatterField& f : front_matter_fields()) keys.emplace_back(f.key);
  return keys;
}

// A site whose bundle reviews/full has an English source giving every key
// but translation_of and source_digest, and an Arabic translation giving
// `translation` (its own keys) and translation_of.
Corpus load_full_bundle(const fs::path& root, const std::vector<std::string>& translation) {
  test::make_minimal_site(root);
  std::vector<std::string> source_keys;
  for (const auto& key : table_keys())
    if (key != "translation_of" && key != "source_digest") source_keys.push_back(key);
  test::write_text(root, "content/reviews/full/index.en.md",
                   test::front_matter_with(source_keys) + "Body {{fig:share}}\n");
  std::vector<std::string> keys = translation;
  keys.push_back("translation_of");
  std::string ar = test::front_matter_with(keys);
  ar.replace(ar.find("translation_of: de"), 18, "translation_of: en");
  test::write_text(root, "content/reviews/full/index.ar.md", ar + "نص {{fig:share}}\n");
  DiagnosticSink sink;
  const auto config = load_site_config(root, sink);
  EXPECT_TRUE(config);
  Corpus corpus = load_corpus(root, *config, sink);
  EXPECT_FALSE(sink.has_errors()) << format_diagnostics(sink.sorted(), OutputFormat::text);
  return corpus;
}

}  // namespace

// The keys in the order of docs/spec.md: the unknown-key check suggests the
// first nearest key in this order.
TEST(FrontMatterFields, TheKeysAreTheTableInOrder) {
  EXPECT_EQ(
      front_matter_keys(),
      (std::vector<std::string>{
          "title", "type",    "date",    "updated", "expires", "summary",        "authors",
          "tags",  "draft",   "verdict", "related", "sources", "figures",        "rating",
          "price", "product", "checked", "cover",   "extra",   "translation_of", "source_digest"}));
  EXPECT_EQ(front_matter_field("authors")->scope, FieldScope::inherited);
  EXPECT_EQ(front_matter_field("nope"), nullptr);
}

TEST(FrontMatterFields, AnUnknownKeySuggestsTheNearestFromTheTable) {
  DiagnosticSink sink;
  parse_article("a.md", "en", "---\ntitel: \"T\"\nauthor: [A]\n---\n", sink);
  EXPECT_EQ(format_diagnostics(sink.sorted(), OutputFormat::text),
            "a.md:2:1: error: unknown key 'titel' in front matter; did you mean 'title'? "
            "[front-matter/unknown-key]\n"
            "a.md:3:1: error: unknown key 'author' in front matter; did you mean 'authors'? "
            "[front-matter/unknown-key]\n");
}

TEST(FrontMatterFields, ArticleTypesHaveOneName) {
  for (const ArticleType t : article_types()) EXPECT_EQ(article_type_from(to_string(t)), t);
  EXPECT_EQ(to_string(ArticleType::analysis), "analysis");
  EXPECT_FALSE(article_type_from("blog"));
  EXPECT_FALSE(article_type_from("News"));
}

// One test per field: a translation that leaves the field out has the
// source's value when the field is shared or inherited, and its own (none)
// when it is per language.
class Inheritance : public testing::TestWithParam<std::string> {};

TEST_P(Inheritance, ATranslationLeavingTheFieldOutFollowsItsScope) {
  const FrontMatterField& f = *front_matter_field(GetParam());
  test::TempDir dir;
  const Corpus corpus = load_full_bundle(dir.path(), {"title", "summary", "verdict"});
  const Bundle* b = corpus.find("reviews/full");
  ASSERT_TRUE(b);
  ASSERT_EQ(b->source_lang, "en");
  const FrontMatter& source = b->articles.at("en").own;
  const Article& t = b->articles.at("ar");
  if (f.key == "translation_of" || f.key == "source_digest") {
    EXPECT_EQ(f.scope, FieldScope::per_language);
    return;
  }
  ASSERT_TRUE(f.ops.has_value(source)) << "the source gives every field";
  if (f.scope == FieldScope::per_language) {
    const bool given = f.key == "title" || f.key == "summary" || f.key == "verdict";
    EXPECT_EQ(f.ops.has_value(t.meta), given);
  } else {
    EXPECT_FALSE(f.ops.given(t.own, f.key));
    EXPECT_TRUE(f.ops.has_value(t.meta));
    EXPECT_TRUE(f.ops.same(t.meta, source));
  }
}

INSTANTIATE_TEST_SUITE_P(EveryField, Inheritance, testing::ValuesIn(table_keys()),
                         [](const auto& info) { return info.param; });

TEST(FrontMatterFields, TheScopesAreTheDocumentedOnes) {
  std::vector<std::string> shared, inherited;
  for (const FrontMatterField& f : front_matter_fields()) {
    if (f.scope == FieldScope::shared) shared.emplace_back(f.key);
    if (f.scope == FieldScope::inherited) inherited.emplace_back(f.key);
  }
  EXPECT_EQ(shared, (std::vector<std::string>{"type", "date", "updated", "related", "sources",
                                              "figures", "rating", "price", "product", "checked"}));
  EXPECT_EQ(inherited, (std::vector<std::string>{"expires", "authors", "tags", "cover", "extra"}));
}

// Authors and tags are inherited but may differ: a translation's own win,
// and an empty list given is kept empty.
TEST(FrontMatterFields, ATranslationKeepsItsOwnAuthorsAndTags) {
  test::TempDir dir;
  test::make_minimal_site(dir.path());
  const std::string en = "content/news/chip-launch/index.en.md";
  std::string source = test::read_text(dir.path() / en);
  source.replace(source.find("authors:"), 0, "tags: [chips]\n");
  test::write_text(dir.path(), en, source);
  test::write_text(dir.path(), "content/news/chip-launch/index.ar.md",
                   "---\ntitle: \"شريحة\"\nsummary: \"شريحة.\"\nverdict: \"جيدة.\"\n"
                   "translation_of: en\nauthors: [\"لينا\"]\ntags: []\n---\nنص\n");
  DiagnosticSink sink;
  const auto config = load_site_config(dir.path(), sink);
  ASSERT_TRUE(config);
  const Corpus corpus = load_corpus(dir.path(), *config, sink);
  const Bundle* b = corpus.find("news/chip-launch");
  ASSERT_TRUE(b);
  EXPECT_EQ(b->source()->own.authors, (std::vector<std::string>{"Ana Lima", "Ben Ode"}));
  EXPECT_EQ(b->source()->own.tags, std::vector<std::string>{"chips"});
  const Article& ar = b->articles.at("ar");
  EXPECT_EQ(ar.meta.authors, std::vector<std::string>{"لينا"});
  EXPECT_TRUE(ar.meta.tags.empty());
}

TEST(FrontMatterFields, RequirementsFollowTheTypeAndTheFile) {
  const auto none = [](std::string_view) { return false; };
  const auto rated = [](std::string_view key) { return key == "rating"; };
  std::string why;
  EXPECT_TRUE(field_required(*front_matter_field("title"), false, std::nullopt, none, why));
  EXPECT_EQ(why, "");
  EXPECT_TRUE(field_required(*front_matter_field("date"), true, std::nullopt, none, why));
  EXPECT_EQ(why, " in the source file");
  EXPECT_FALSE(field_required(*front_matter_field("date"), false, ArticleType::news, none, why));
  EXPECT_TRUE(
      field_required(*front_matter_field("verdict"), false, ArticleType::review, none, why));
  EXPECT_EQ(why, " for review");
  EXPECT_FALSE(
      field_required(*front_matter_field("verdict"), true, ArticleType::analysis, none, why));
  EXPECT_FALSE(field_required(*front_matter_field("verdict"), true, std::nullopt, none, why));
  EXPECT_FALSE(field_required(*front_matter_field("checked"), true, ArticleType::news, none, why));
  EXPECT_TRUE(field_required(*front_matter_field("checked"), true, ArticleType::news, rated, why));
  EXPECT_EQ(why, " where rating or price is given");
  EXPECT_FALSE(field_required(*front_matter_field("authors"), true, ArticleType::news, none, why));
}

// `polypress new`'s files, exactly as they were before the table drove them.
TEST(NewSkeleton, ASourceFileOfEachTypeHasItsRequiredKeys) {
  const std::string head =
      "---\ntitle: \"Chip launch\"\ntype: TYPE\ndate: 2026-12-01\ndraft: true\n"
      "summary: \"One or two sentences: the dek, and the email's preheader.\"\n";
  const std::string verdict = "verdict: \"The one-line takeaway.\"\n";
  const std::string sources =
      "sources:\n  - {title: \"The source's title\", url: \"https://example.com/\", "
      "publisher: \"Publisher\"}\n";
  auto with_type = [&](const std::string& type) {
    std::string h = head;
    return h.replace(h.find("TYPE"), 4, type);
  };
  EXPECT_EQ(new_source_front_matter("chip-launch", ArticleType::news, "2026-12-01"),
            with_type("news") + verdict + sources + "---\n");
  EXPECT_EQ(new_source_front_matter("chip-launch", ArticleType::analysis, "2026-12-01"),
            with_type("analysis") + sources + "---\n");
  EXPECT_EQ(new_source_front_matter("chip-launch", ArticleType::review, "2026-12-01"),
            with_type("review") + verdict +
                "rating: 3\nchecked: 2026-12-01\n"
                "product: {name: \"Chip launch\", url: \"https://example.com/\", kind: tool}\n"
                "---\n");
}

TEST(NewSkeleton, ATranslationHasTheSourcesOwnLanguageKeys) {
  DiagnosticSink sink;
  auto src = parse_article("content/news/x/index.en.md", "en",
                           "---\ntitle: \"Say \\\"hi\\\"\"\ntype: analysis\ndate: 2026-12-01\n"
                           "summary: \"S\"\nauthors: [A]\n---\nBody\n",
                           sink);
  ASSERT_TRUE(src);
  const std::string in_progress =
      "draft: true  # in progress: `polypress translations stamp` publishes it\n---\n";
  EXPECT_EQ(new_translation_front_matter(*src),
            "---\ntitle: \"Say \\\"hi\\\"\"\nsummary: \"S\"\ntranslation_of: en\n" + in_progress);
  src->meta.verdict = Located<std::string>{"V", {}};
  EXPECT_EQ(new_translation_front_matter(*src),
            "---\ntitle: \"Say \\\"hi\\\"\"\nsummary: \"S\"\nverdict: \"V\"\n"
            "translation_of: en\n" +
                in_progress);
  // A cover's alt text is the translation's to write; its src stays.
  src->own.cover = Cover{"c.png", "A \"chart\"", {}, {}};
  EXPECT_EQ(new_translation_front_matter(*src),
            "---\ntitle: \"Say \\\"hi\\\"\"\nsummary: \"S\"\nverdict: \"V\"\n"
            "cover: {src: \"c.png\", alt: \"A \\\"chart\\\"\"}\ntranslation_of: en\n" +
                in_progress);
}

TEST(FrontMatterTable, EveryKeyHasARow) {
  const std::string md = front_matter_table_markdown();
  EXPECT_EQ(md.rfind("| key | type | required | scope | rule |\n|---|---|---|---|---|\n", 0), 0u);
  for (const auto& key : table_keys()) EXPECT_NE(md.find("\n| " + key + " | "), std::string::npos);
  EXPECT_NE(md.find("| verdict | string, 1–1000 chars | in every file, for news and review | "
                    "per language |  |\n"),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("| checked | date | in the source file, where rating or price is given | "
                    "shared | "),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("| authors | list of strings | no | inherited | "), std::string::npos) << md;
}

// docs/spec.md holds the table between two markers; UPDATE_GOLDEN=1 rewrites
// the block. Skipped while the file or its markers are absent.
TEST(FrontMatterTable, DocsSpecHoldsTheGeneratedTable) {
  const fs::path spec = test::source_dir() / "docs/spec.md";
  const std::string begin = "<!-- front-matter-table:begin -->\n";
  const std::string end = "<!-- front-matter-table:end -->";
  std::string text = test::read_text(spec);
  const auto b = text.find(begin);
  const auto e = b == std::string::npos ? b : text.find(end, b);
  if (e == std::string::npos) GTEST_SKIP() << "no front matter table markers in docs/spec.md";
  const std::size_t from = b + begin.size();
  const std::string table = front_matter_table_markdown();
  if (std::getenv("UPDATE_GOLDEN")) {
    test::write_text(spec.parent_path(), "spec.md", text.replace(from, e - from, table));
    GTEST_SKIP() << "docs/spec.md front matter table refreshed";
  }
  EXPECT_EQ(text.substr(from, e - from), table)
      << "run the unit tests with UPDATE_GOLDEN=1 to refresh docs/spec.md";
}

}  // namespace pp
