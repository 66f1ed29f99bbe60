#include <gtest/gtest.h>

#include <regex>
#include <set>

#include "render/render.h"
#include "support/temp_site.h"

namespace pp {

// Every literal the code translates is in code_messages(), so `i18n extract`
// puts it in the .pot.
TEST(Messages, CodeMessagesListEveryTranslatedLiteral) {
  std::set<std::string> listed, in_context;
  for (const auto& m : code_messages()) (m.context.empty() ? listed : in_context).insert(m.msgid);
  const std::regex call(R"re(\btr(?:_fill|_n)?\("((?:[^"\\]|\\.)*)")re");
  const std::regex call_in_context(R"re(\btr_ctx\(kArticleTypeContext, "((?:[^"\\]|\\.)*)")re");
  int found = 0;
  for (const auto& e : std::filesystem::recursive_directory_iterator(test::source_dir() / "src")) {
    if (e.path().extension() != ".cpp") continue;
    const std::string text = test::read_text(e.path());
    for (auto it = std::sregex_iterator(text.begin(), text.end(), call);
         it != std::sregex_iterator(); ++it) {
      ++found;
      EXPECT_TRUE(listed.count((*it)[1].str())) << (*it)[1].str() << " in " << e.path();
    }
    for (auto it = std::sregex_iterator(text.begin(), text.end(), call_in_context);
         it != std::sregex_iterator(); ++it) {
      ++found;
      EXPECT_TRUE(in_context.count((*it)[1].str())) << (*it)[1].str() << " in " << e.path();
    }
  }
  EXPECT_GT(found, 10);
}

TEST(Messages, ExtractFindsTemplateSiteAndCodeStrings) {
  test::TempDir dir;
  test::make_minimal_site(dir.path());
  DiagnosticSink sink;
  const auto config = load_site_config(dir.path(), sink);
  ASSERT_TRUE(config);
  const auto messages = extract_messages(*config, TemplateSet::load(dir.path(), sink));
  std::map<std::string, CatalogMessage> by_id;
  for (const auto& m : messages) by_id[catalog_key(m.context, m.msgid)] = m;
  EXPECT_EQ(by_id.at("Skip to main content").references,
            std::vector<std::string>{"theme/templates/html/header.mustache:1"});
  // A section title that a (built-in) email template also uses.
  EXPECT_EQ(by_id.at("Reviews").references,
            (std::vector<std::string>{"theme/templates/html/brief.mustache:14",
                                      "theme/templates/email/brief.html.mustache:19",
                                      "pipeline/site.yaml:11"}));
  // The type label has a context of its own, beside a section of that name.
  EXPECT_EQ(by_id.at(catalog_key("article type", "Review")).references,
            std::vector<std::string>{"src/render/pages.cpp"});
  EXPECT_EQ(by_id.at("{site} weekly brief, {week}").references,
            std::vector<std::string>{"src/render/edition.cpp"});
  EXPECT_EQ(by_id.at("{count} article").plural, "{count} articles");
  const std::string pot = format_pot(messages);
  EXPECT_NE(pot.find("#, python-brace-format\nmsgid \"Updated {date}\"\nmsgstr \"\"\n"),
            std::string::npos);
}

}  // namespace pp
