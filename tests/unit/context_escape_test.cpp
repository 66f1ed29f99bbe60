// Template values escaped for where they land (docs/templates.md, "Where a
// value lands"): the contexts a template's holes are found in, and what a
// value becomes in each.
#include <gtest/gtest.h>

#include "render/context_escape.h"
#include "render/template_contexts.h"

namespace pp {

namespace {

// Each hole of `text` as "name:context" ("#t" for a translation).
std::vector<std::string> contexts(std::string_view text) {
  std::vector<std::string> out;
  for (const auto& h : find_value_contexts(text).holes)
    out.push_back((h.translation ? "#t" : h.name) + ":" + static_cast<char>(h.context));
  return out;
}

std::vector<std::string> problems(std::string_view text) {
  std::vector<std::string> out;
  for (const auto& p : find_value_contexts(text).problems)
    out.push_back(std::to_string(p.position) + " " + p.rule);
  return out;
}

// What a template holding one marked hole of `context` gives for `value`:
// the value escaped by html_escape, as render_template's escape does, then
// finished.
std::string finished(ValueContext context, const std::string& html_escaped) {
  return finish_marked_values(std::string(kMarkStart) + static_cast<char>(context) +
                              std::string(kValueStart) + html_escaped + std::string(kValueEnd));
}

using V = std::vector<std::string>;

}  // namespace

TEST(TemplateContexts, AttributesByName) {
  EXPECT_EQ(contexts("<p title=\"{{t}}\">{{body}}</p><a href=\"{{u}}\" class='{{c}}'>"),
            (V{"t:h", "body:h", "u:u", "c:h"}));
  EXPECT_EQ(contexts("<img SRC=\"{{a}}\" data-src=\"{{b}}\" data-Url='{{c}}' srcset=\"{{d}} 1x, "
                     "{{e}} 2x\" style=\"color: {{f}}\" onclick=\"go({{g}}, '{{h}}')\">"),
            (V{"a:u", "b:u", "c:u", "d:s", "e:s", "f:c", "g:j", "h:k"}));
  EXPECT_EQ(contexts("<form action=\"{{a}}\"><button formaction=\" {{b}}\"><video poster=\"{{c}}\">"
                     "<blockquote cite=\"{{d}}\"><object data=\"{{e}}\"><svg><use "
                     "xlink:href=\"{{f}}\"/></svg>"),
            (V{"a:u", "b:u", "c:u", "d:u", "e:u", "f:u"}));
  // Where in the URL: its start, its path, its query or fragment.
  EXPECT_EQ(contexts("<a href=\"{{base}}{{path}}\"><a href=\"/tags/{{slug}}/\"><a "
                     "href=\"/s?q={{q}}\"><a href=\"#{{id}}\"><a href=\"mailto:{{m}}\">"),
            (V{"base:u", "path:u", "slug:p", "q:q", "id:q", "m:p"}));
}

TEST(TemplateContexts, MetaContentIsAUrlOnlyForUrlProperties) {
  EXPECT_EQ(contexts("<meta property=\"og:image\" content=\"{{a}}\"><meta content=\"{{b}}\" "
                     "name=\"twitter:image\"><meta property=\"og:image:alt\" content=\"{{c}}\">"
                     "<meta name=\"description\" content=\"{{d}}\"><meta http-equiv=\"Refresh\" "
                     "content=\"0; url={{e}}\">"),
            (V{"a:u", "b:u", "c:h", "d:h", "e:u"}));
}

TEST(TemplateContexts, ScriptStyleAndRawText) {
  EXPECT_EQ(contexts("<script>var a = {{a}}; var b = \"x{{b}}\"; var c = '{{c}}'; // '{{d}}\n"
                     "var e = `{{e}}`; /* \" */ f({{f}});</script>{{g}}"),
            (V{"a:J", "b:K", "c:K", "d:J", "e:K", "f:J", "g:h"}));
  EXPECT_EQ(contexts("<style>.x { color: {{a}} }</style ><title>{{b}}</title><textarea>{{c}}"
                     "</textarea><!-- {{d}} --><p>{{e}}"),
            (V{"a:C", "b:h", "c:h", "d:h", "e:h"}));
  // "</script" inside the script's text ends it only before a space, / or >.
  EXPECT_EQ(contexts("<SCRIPT>x = '</scripts>{{a}}';</SCRIPT><a href=\"{{b}}\">"),
            (V{"a:K", "b:u"}));
}

TEST(TemplateContexts, TranslationsSectionsAndRawValues) {
  EXPECT_EQ(
      contexts("<a href=\"{{#t}}/help/{{/t}}\" title=\"{{#t}}Help{{/t}}\">"
               "{{#links}}<a href=\"{{.}}\">{{/links}}{{{body_html}}}{{! <a href=\"{{x}}\"> }}"),
      (V{"#t:u", "#t:h", ".:u"}));
  const auto found = find_value_contexts("{{#extra.links}}<a href=\"{{url}}\">{{/extra.links}}");
  ASSERT_EQ(found.holes.size(), 1u);
  EXPECT_EQ(found.holes[0].section, "extra.links");
  EXPECT_EQ(found.holes[0].attribute, "href");
  EXPECT_EQ(found.holes[0].starts_url_attribute, '"');
  // A section inside a tag is read as nothing.
  EXPECT_EQ(contexts("<a{{#x}} rel=\"me\"{{/x}} href=\"{{u}}\">"), (V{"u:u"}));
  EXPECT_EQ(problems("<a{{#x}} rel=\"me\"{{/x}} href=\"{{u}}\">"), V{});
}

TEST(TemplateContexts, PlacesNoValueMayStand) {
  EXPECT_EQ(problems("<h{{level}}>"), (V{"2 template/context"}));
  EXPECT_EQ(problems("<{{tag}}x>"), (V{"1 template/context"}));
  EXPECT_EQ(problems("<{{#t}}h2{{/t}}>"), (V{"1 template/context"}));
  EXPECT_EQ(problems("<a {{attrs}}>"), (V{"3 template/context"}));
  EXPECT_EQ(problems("<a data-{{x}}=\"1\">"), (V{"8 template/context"}));
  EXPECT_EQ(problems("</{{x}}y>"), (V{"2 template/context"}));
  // A whole element name is a value of its own.
  EXPECT_EQ(problems("<{{h}} class=\"x\"><a href=\"{{u}}\">{{t}}</a></{{h}}>"), V{});
  EXPECT_EQ(contexts("<{{h}} class=\"{{c}}\"><a href=\"{{u}}\">{{t}}</a></{{h}}>"),
            (V{"h:n", "c:h", "u:u", "t:h", "h:n"}));
  EXPECT_EQ(problems("<a href={{u}}>"), (V{"8 template/unquoted-attribute"}));
  EXPECT_EQ(problems("<p class= \n{{c}}>"), (V{"11 template/unquoted-attribute"}));
  EXPECT_EQ(problems("{{=<% %>=}}<a href=\"<%u%>\">"), (V{"0 template/context"}));
  // Not attribute values: text, a script, a URL's query.
  EXPECT_EQ(problems("a={{x}} <script>x={{y}}</script><a href=\"/?q={{z}}\">"), V{});
}

TEST(ContextEscape, UrlSchemes) {
  EXPECT_EQ(url_scheme("https://example.org/"), "https");
  EXPECT_EQ(url_scheme(" \x01JaVa\tScr\nipt:alert(1)"), "javascript");
  EXPECT_EQ(url_scheme("/a:b"), "");
  EXPECT_EQ(url_scheme("a/b:c"), "");
  EXPECT_EQ(url_scheme("1x:y"), "");
  EXPECT_EQ(url_scheme("&#106;avascript:x"), "");
  for (const char* bad :
       {"javascript:x", "VBScript:x", "data:text/html,<b>", " data:x", "java\tscript:x",
        "\njavascript:x", "livescript:x", "file:///etc", "foo:bar"})
    EXPECT_TRUE(url_scheme_refused(bad)) << bad;
  for (const char* good : {"http://a", "HTTPS://a", "mailto:a@b", "tel:+1", "/x", "x/y", "?q=1",
                           "#top", "", "//example.org/"})
    EXPECT_FALSE(url_scheme_refused(good)) << good;
}

TEST(ContextEscape, EachContext) {
  using C = ValueContext;
  EXPECT_EQ(escape_for_context(C::url_start, "javascript:alert(1)"), std::string(kInertUrl));
  EXPECT_EQ(escape_for_context(C::url_start, "https://a.example/a b\"c<d>{|}`^\\?x=1&y=2"),
            "https://a.example/a%20b%22c%3Cd%3E%7B%7C%7D%60%5E%5C?x=1&amp;y=2");
  EXPECT_EQ(escape_for_context(C::url_start, "/기사/%41'"), "/기사/%41&apos;");
  EXPECT_EQ(escape_for_context(C::url_path, "javascript:x"), "javascript:x");
  EXPECT_EQ(escape_for_context(C::url_query, "a&b=c d/é"), "a%26b%3Dc%20d%2F%C3%A9");
  EXPECT_EQ(escape_for_context(C::srcset_start, "a.png 9x, evil.png"), "a.png%209x%2C%20evil.png");
  EXPECT_EQ(escape_for_context(C::srcset_start, "data:image/png,x"), std::string(kInertUrl));
  EXPECT_EQ(escape_for_context(C::srcset_rest, "x,y"), "x%2Cy");
  for (const char* ok : {"red", "#8a3ffc", "1.5rem", "Georgia, serif", "16/9", "-0.5em", "50%"})
    EXPECT_EQ(escape_for_context(C::css_attribute, ok), ok);
  for (const char* bad :
       {"red; position: fixed; inset: 0", "url(x)", "expression(alert(1))", "red!important",
        "\"x\"", "a\\3b", "}body{", "</style>", "@import", "x/*", "red\nx"})
    EXPECT_EQ(escape_for_context(C::css_element, bad), std::string(kInertCss)) << bad;
  EXPECT_EQ(escape_for_context(C::js_element, "a\"b'c</script>&`${x}\\\n\xE2\x80\xA8"),
            "\"a\\\"b\\u0027c\\u003c\\/script\\u003e\\u0026\\u0060\\u0024{x}\\\\\\n\\u2028\"");
  EXPECT_EQ(escape_for_context(C::js_element_string, "x'y"), "x\\u0027y");
  EXPECT_EQ(escape_for_context(C::js_attribute, "a\"b"), "&quot;a\\&quot;b&quot;");
  EXPECT_EQ(escape_for_context(C::html, "<a href='x'>"), "&lt;a href=&apos;x&apos;&gt;");
  EXPECT_EQ(escape_for_context(C::element_name, "H3"), "h3");
  for (const char* bad : {"script", "style", "iframe", "img src=x onerror=alert(1)", "svg", ""})
    EXPECT_EQ(escape_for_context(C::element_name, bad), "polypress-unsafe-element") << bad;
}

TEST(ContextEscape, FinishedValuesAreTakenOutOfTheirHtmlEscaping) {
  EXPECT_EQ(finished(ValueContext::url_query, "a&amp;b&lt;&apos;&#39;&#123;"), "a%26b%3C%27%27%7B");
  EXPECT_EQ(finished(ValueContext::url_start, "java&#115;cript:x"), "java&amp;#115;cript:x");
  // A mark never made by prepare is dropped alone.
  EXPECT_EQ(finish_marked_values(std::string("a") + std::string(kMarkStart) + "b"), "ab");
  EXPECT_EQ(finish_marked_values(std::string(kMarkStart)), "");
  // Arabic presentation forms share the marks' first two bytes.
  EXPECT_EQ(finish_marked_values("\xEF\xB7\xBA \xEF\xB7\xB2"), "\xEF\xB7\xBA \xEF\xB7\xB2");
}

TEST(ContextEscape, AUrlAttributeIsJudgedWhole) {
  auto mark = [](char c, const std::string& v) {
    return std::string(kMarkStart) + c + std::string(kValueStart) + v + std::string(kValueEnd);
  };
  const std::string attr = std::string(kUrlAttributeStart) + '"';
  // Two values that are each harmless spell javascript: together.
  EXPECT_EQ(finish_marked_values("<a href=\"" + attr + mark('u', "java") + mark('u', "script") +
                                 mark('u', ":alert(1)") + "\">x</a>"),
            "<a href=\"" + std::string(kInertUrl) + "\">x</a>");
  EXPECT_EQ(finish_marked_values("<a href='" + std::string(kUrlAttributeStart) + "'" +
                                 mark('u', "java") + "&#115;cript&colon;x'>"),
            "<a href='" + std::string(kInertUrl) + "'>");
  EXPECT_EQ(finish_marked_values("<a href=\"" + attr + mark('u', "/a") + mark('u', "/b:c") +
                                 "/d\" title=\"javascript:\">"),
            "<a href=\"/a/b:c/d\" title=\"javascript:\">");
}

}  // namespace pp
