// Where a template's syntax goes wrong: each kind of mistake at its place.
#include <gtest/gtest.h>

#include "render/template_syntax.h"
#include "render/template_tags.h"

namespace pp {

namespace {

// "offset: message", or "" when there is no mistake.
std::string mistake(std::string_view text) {
  const auto m = template_mistake(text);
  return m ? std::to_string(m->offset) + ": " + m->message : "";
}

}  // namespace

TEST(TemplateSyntax, EachMistakeIsFoundWhereItIs) {
  EXPECT_EQ(mistake("{{#a}}x{{/a}}{{{raw}}}{{! note }}{{> p}}"), "");
  EXPECT_EQ(mistake("{{#languages}}\n{{/langauges}}"),
            "15: closing tag {{/langauges}} does not close section \"languages\" opened at 1:1; "
            "write {{/languages}}");
  EXPECT_EQ(mistake("x{{/a}}"), "1: closing tag {{/a}} closes no open section");
  EXPECT_EQ(mistake("{{#a}}{{^b}}{{/b}}"), "0: section \"a\" is never closed (write {{/a}})");
  EXPECT_EQ(mistake("{{#a}}{{/a}}{{b"), "12: tag opened here is never closed with }}");
  EXPECT_EQ(mistake("{{{b}}"), "0: tag opened here is never closed with }}}");
  // Another delimiter: kainjow's own message is used.
  EXPECT_EQ(mistake("{{=<% %>=}}<%#a%>"), "");
}

TEST(TemplateSyntax, TagsAreReadOnceEachWithTheirSigils) {
  const TemplateTags t = find_tags("a {{ #items }}{{{ body }}}{{&raw}}{{/items}} {{=| |=}} {{x}}");
  ASSERT_EQ(t.tags.size(), 4u);
  EXPECT_EQ(t.tags[0].text, "#items");
  EXPECT_EQ(t.tags[0].position, 2u);
  EXPECT_EQ(t.tags[1].text, "&body");
  EXPECT_EQ(t.tags[2].text, "&raw");
  EXPECT_EQ(t.tags[3].text, "/items");
  EXPECT_TRUE(t.changes_delimiters);
  EXPECT_FALSE(t.unclosed);
}

}  // namespace pp
