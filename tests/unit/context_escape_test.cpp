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
  // data- attributes a script follows, as Go reads them; <body link> is a colour.
  EXPECT_EQ(contexts("<a data-href=\"{{a}}\" data-link=\"{{b}}\" data-action=\"{{c}}\" "
                     "data-x=\"{{d}}\"><body link=\"{{e}}\">"),
            (V{"a:u", "b:u", "c:u", "d:h", "e:h"}));
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
            (V{"a:u", "b:u", "c:h", "d:h", "e:h"}));
  // Each is judged whole once rendered: a URL, a URL, a refresh.
  std::string kinds;
  for (const auto& a :
       find_value_contexts("<meta property=\"og:image\" content=\"{{a}}\"><meta content=\"{{b}}\" "
                           "name=\"twitter:image\"><meta http-equiv=refresh content='{{e}}'>")
           .url_attributes)
    kinds += std::string(1, a.kind) + a.quote;
  EXPECT_EQ(kinds, "u\"u\"r'");
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
  EXPECT_TRUE(found.holes[0].under_extra);
  EXPECT_EQ(found.holes[0].attribute, "href");
  EXPECT_TRUE(found.holes[0].may_start_url);
  // The attribute is marked where its value starts, outside every section
  // in it: a section repeated for each item of a list repeats no mark.
  const std::string t = "<img src=\"{{#extra.image}}{{.}}{{/extra.image}}\">";
  const auto img = find_value_contexts(t);
  ASSERT_EQ(img.url_attributes.size(), 1u);
  EXPECT_EQ(img.url_attributes[0].position, t.find('"') + 1);
  // Text a section may leave out does not make a value a URL's middle for
  // validate's warning (the attribute is judged whole all the same).
  const auto cdn = find_value_contexts(
      "<img src=\"{{#cdn}}https://cdn.example/{{/cdn}}{{extra.img}}\"><a href=\"/{{extra.b}}\">");
  ASSERT_EQ(cdn.holes.size(), 2u);
  EXPECT_EQ(cdn.holes[0].context, ValueContext::url_path);
  EXPECT_TRUE(cdn.holes[0].may_start_url);
  EXPECT_FALSE(cdn.holes[1].may_start_url);
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
  std::string deep;
  for (int i = 0; i < 101; ++i) deep += "{{#a}}";
  EXPECT_EQ(problems(deep), (V{"600 template/syntax"}));
  // Not attribute values: text, a script, a URL's query.
  EXPECT_EQ(problems("a={{x}} <script>x={{y}}</script><a href=\"/?q={{z}}\">"), V{});
}

// The second outside audit (issue 37): a srcdoc document, sections whose
// branches end elsewhere, a script's double-escaped state, raw values out of
// their place, SVG's <title>.
TEST(TemplateContexts, PlacesTheSecondAuditFound) {
  EXPECT_EQ(problems("<iframe srcdoc=\"<a href='{{u}}'>\"></iframe>"), (V{"25 template/context"}));
  EXPECT_EQ(problems("{{#f}}<a href=\"{{/f}}{{^f}}<a title=\"{{/f}}{{u}}\">"),
            (V{"0 template/context", "21 template/context", "43 template/context"}));
  EXPECT_EQ(problems("<a title=\"x{{#f}}\"{{/f}} href=\"{{u}}\">"), (V{"11 template/context"}));
  // Sections that leave the markup where they found it are fine.
  EXPECT_EQ(problems("<a{{#x}} rel=\"me\"{{/x}} href=\"{{#y}}/a{{/y}}{{u}}\">{{#z}}<b>z</b>{{/z}}"),
            V{});
  const std::string double_escaped =
      "<script><!--\ndocument.write('<script src=\"/j.js\"></script>');\nvar b = \"{{x}}\";\n"
      "//--></script>";
  EXPECT_EQ(problems(double_escaped), (V{"29 template/context"}));
  EXPECT_EQ(problems("<div data-x=\"{{{json_ld}}}\"></div><script>{{{body_html}}}</script>"
                     "<p>{{{body_html}}}</p><script type=\"application/ld+json\">{{{json_ld}}}"
                     "</script>"),
            (V{"13 template/raw", "42 template/raw"}));
  // In SVG, <title> and <style> hold markup, not text.
  EXPECT_EQ(contexts("<svg><title><a href=\"{{u}}\">{{t}}</a></title></svg><title>{{t}}</title>"),
            (V{"u:u", "t:h", "t:h"}));
}

TEST(ContextEscape, UrlSchemes) {
  EXPECT_EQ(url_scheme("https://example.org/"), "https");
  EXPECT_EQ(url_scheme(" \x01JaVa\tScr\nipt:alert(1)"), "javascript");
  EXPECT_EQ(url_scheme("/a:b"), "");
  EXPECT_EQ(url_scheme("a/b:c"), "");
  EXPECT_EQ(url_scheme("1x:y"), "1x");  // read as a scheme, as the link checker reads it
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
  // A URL's scheme is judged with its whole attribute (url_attribute_refused).
  EXPECT_EQ(escape_for_context(C::url_start, "Help:Contents"), "Help:Contents");
  EXPECT_EQ(escape_for_context(C::url_start, "https://a.example/a b\"c<d>{|}`^\\?x=1&y=2"),
            "https://a.example/a%20b%22c%3Cd%3E%7B%7C%7D%60%5E%5C?x=1&amp;y=2");
  EXPECT_EQ(escape_for_context(C::url_start, "/기사/%41'"), "/기사/%41&apos;");
  EXPECT_EQ(escape_for_context(C::url_path, "javascript:x"), "javascript:x");
  EXPECT_EQ(escape_for_context(C::url_query, "a&b=c d/é"), "a%26b%3Dc%20d%2F%C3%A9");
  EXPECT_EQ(escape_for_context(C::srcset, "a.png 9x, evil.png"), "a.png%209x%2C%20evil.png");
  for (const char* ok :
       {"red", "#8a3ffc", "1.5rem", "Georgia, serif", "16/9", "-0.5em", "50%", "rgb(0 0 0 / 50%)",
        "var(--accent)", "calc(100% - 2*1rem)", "hsla(120, 50%, 50%, .5)"})
    EXPECT_EQ(escape_for_context(C::css_attribute, ok), ok);
  for (const char* bad :
       {"red; position: fixed; inset: 0", "url(x)", "expression(alert(1))", "red!important",
        "\"x\"", "a\\3b", "}body{", "</style>", "@import", "x/*", "red\nx", "rgb(0 0 0",
        "var(--a))", "image-set(x)", "calc(1/*x*/)", "URL(x)", "rgb(url(x))"})
    EXPECT_EQ(escape_for_context(C::css_element, bad), std::string(kInertCss)) << bad;
  // Script: every character but a letter or digit escaped, so a value is
  // text in a string and, where a template's script is misread, never code.
  EXPECT_EQ(escape_for_context(C::js_element, "a\"b'c</script>&`${x}\\\n\xE2\x80\xA8"),
            "\"a\\u0022b\\u0027c\\u003c\\u002fscript\\u003e\\u0026\\u0060\\u0024\\u007bx\\u007d"
            "\\u005c\\u000a\\u2028\"");
  EXPECT_EQ(escape_for_context(C::js_element_string, "hits.push(3)"),
            "hits\\u002epush\\u00283\\u0029");
  EXPECT_EQ(escape_for_context(C::js_element_string, "\xF0\x9F\x98\x80 한"),
            "\\ud83d\\ude00\\u0020\\ud55c");
  EXPECT_EQ(escape_for_context(C::js_attribute, "a\"b"), "&quot;a\\u0022b&quot;");
  EXPECT_EQ(escape_for_context(C::html, "<a href='x'>"), "&lt;a href=&apos;x&apos;&gt;");
  EXPECT_EQ(escape_for_context(C::element_name, "H3"), "h3");
  for (const char* bad :
       {"script", "style", "iframe", "img src=x onerror=alert(1)", "svg", "", "/p", "!--", "?x"})
    EXPECT_EQ(escape_for_context(C::element_name, bad), std::string(kInertElement)) << bad;
  // After '<' a value that does not start with a letter is text, as '<' is.
  EXPECT_EQ(escape_for_context(C::element_name, "5 readers & more"), "5 readers &amp; more");
}

TEST(ContextEscape, UrlAttributesJudgedWhole) {
  for (const char* bad : {"javascript:alert(1)", " JaVa&#x09;script:x", "java&#115;cript&colon;x",
                          "javascript&#58void(0)", "javascript&#x3avoid(0)", "java&#X73;cript:x",
                          "&#106;avascript:x", "data:text/html,x"})
    EXPECT_TRUE(url_attribute_refused('u', bad)) << bad;
  for (const char* good : {"/Help:Contents", "https://a.example/?q=javascript:x", "#x",
                           "&amp;#106;avascript:x", "mailto:a@b.example"})
    EXPECT_FALSE(url_attribute_refused('u', good)) << good;
  EXPECT_TRUE(url_attribute_refused('s', "/a.png 1x, javascript:x 2x"));
  EXPECT_TRUE(url_attribute_refused('s', "data:image/png;base64,AAAA 1x"));
  EXPECT_FALSE(url_attribute_refused('s', "/a.png 1x, /b.png 2x"));
  for (const char* bad : {"0;url=javascript:alert(1)", "0; URL = 'javascript:x'", "5,vbscript:x",
                          "0;url=&quot;javascript:x&quot;", "javascript:x"})
    EXPECT_TRUE(url_attribute_refused('r', bad)) << bad;
  for (const char* good : {"0;url=https://a.example/", "30", "0; url=/next/"})
    EXPECT_FALSE(url_attribute_refused('r', good)) << good;
}

TEST(ContextEscape, FinishedValuesAreTakenOutOfTheirHtmlEscaping) {
  EXPECT_EQ(finished(ValueContext::url_query, "a&amp;b&lt;&apos;&#39;&#123;"), "a%26b%3C%27%27%7B");
  EXPECT_EQ(finished(ValueContext::url_path, "java&#115;cript:x"), "java&amp;#115;cript:x");
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
  const std::string attr = std::string(kUrlAttributeStart) + "u\"";
  // Two values that are each harmless spell javascript: together.
  EXPECT_EQ(finish_marked_values("<a href=\"" + attr + mark('u', "java") + mark('u', "script") +
                                 mark('u', ":alert(1)") + "\">x</a>"),
            "<a href=\"about:invalid#polypress-unsafe-url\">x</a>");
  EXPECT_EQ(finish_marked_values("<a href='" + std::string(kUrlAttributeStart) + "u'" +
                                 mark('u', "java") + "&#115;cript&colon;x'>"),
            "<a href='about:invalid#polypress-unsafe-url'>");
  EXPECT_EQ(finish_marked_values("<a href=\"" + attr + mark('u', "/a") + mark('u', "/b:c") +
                                 "/d\" title=\"javascript:\">"),
            "<a href=\"/a/b:c/d\" title=\"javascript:\">");
  // A template's own javascript: with a value in it is refused too.
  EXPECT_EQ(
      finish_marked_values("<a href=\"" + attr + "javascript:go('" + mark('p', "x") + "')\">"),
      "<a href=\"about:invalid#polypress-unsafe-url\">");
  EXPECT_EQ(finish_marked_values("<meta content=\"" + std::string(kUrlAttributeStart) +
                                 "r\"0;url=" + mark('h', "javascript:x") + "\">"),
            "<meta content=\"about:invalid#polypress-unsafe-url\">");
}

}  // namespace pp
