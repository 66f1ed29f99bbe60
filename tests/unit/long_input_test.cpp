// Issue 15, finding 3: no input may crash the process. Every place that
// matched untrusted text with std::regex (which recursed once per character
// and overflowed the stack at a few tens of thousands) gets text of 30,000 to
// 200,000 bytes in several shapes: one character repeated, mixed ASCII, and
// multi-byte UTF-8. Each must give its normal answer.
#include <gtest/gtest.h>

#include <climits>

#include "config/config.h"
#include "config/url_pattern.h"
#include "content/content.h"
#include "core/text.h"
#include "l10n/l10n.h"
#include "l10n/po_file.h"
#include "links/links.h"
#include "mail/mail.h"
#include "render/render.h"
#include "support/temp_site.h"

namespace pp {
namespace {

constexpr std::size_t kSizes[] = {30'000, 100'000, 200'000};

// `unit` repeated until the text is at least `bytes` long.
std::string repeat(const std::string& unit, std::size_t bytes) {
  std::string out;
  while (out.size() < bytes) out += unit;
  return out;
}

// Texts of about `bytes` bytes in three shapes: `same` repeated, a mix of
// the ASCII characters `mixed`, and Hangul (three bytes a character).
std::vector<std::string> shapes(std::size_t bytes, char same, const std::string& mixed) {
  return {std::string(bytes, same), repeat(mixed, bytes), repeat("한국어", bytes)};
}

TEST(LongInput, InternalLinkAnchorsOfAnyLength) {
  for (const std::size_t n : kSizes) {
    for (const std::string& anchor : shapes(n, 'a', "a1-_.~()!")) {
      for (const std::string path : {"/reviews/tool#", "/reviews/tool/#"}) {
        const std::string url = path + anchor;
        const auto l = parse_internal_link(url);
        ASSERT_TRUE(l) << n;
        EXPECT_EQ(l->bundle_id, "reviews/tool");
        EXPECT_EQ(l->anchor, anchor);
        EXPECT_EQ(classify_link(url), LinkKind::internal);
      }
    }
    // Percent-encoded multi-byte anchors are decoded.
    const auto encoded = parse_internal_link("/news/x#" + repeat("%ED%95%9C", n));
    ASSERT_TRUE(encoded);
    EXPECT_EQ(encoded->anchor, repeat("한", encoded->anchor.size()));
    // Long paths that are not bundle paths are still refused.
    EXPECT_FALSE(parse_internal_link("/reviews/" + std::string(n, 'a') + "-"));
    EXPECT_FALSE(parse_internal_link("/" + repeat("a/", n)));
    EXPECT_FALSE(parse_internal_link("/reviews/tool#" + std::string(n, 'a') + "\n"));
    EXPECT_EQ(classify_link("/" + repeat("a/", n)), LinkKind::site);
  }
  // What the pattern accepted before, it still accepts, and nothing else.
  EXPECT_TRUE(parse_internal_link("/a/b"));
  EXPECT_TRUE(parse_internal_link("/a-1/b-2/"));
  EXPECT_TRUE(parse_internal_link("/a/b#"));
  EXPECT_FALSE(parse_internal_link("/a/b//"));
  EXPECT_FALSE(parse_internal_link("/a//b"));
  EXPECT_FALSE(parse_internal_link("/a/"));
  EXPECT_FALSE(parse_internal_link("a/b"));
  EXPECT_FALSE(parse_internal_link("/a/B"));
  EXPECT_FALSE(parse_internal_link("/a/b?x"));
  EXPECT_FALSE(parse_internal_link("/a/b#x\ry"));
}

// An article whose front matter defines one figure named `name`, with YAML's
// explicit key ("? KEY"): an implicit key may not be longer than 1,024.
std::vector<Diagnostic> parse_with_figure(const std::string& name) {
  const std::string text =
      "---\ntitle: T\ntype: analysis\ndate: 2026-11-20\nsummary: S\nfigures:\n  ? \"" + name +
      "\"\n  : {value: 1, format: integer}\n---\n{{fig:" + name + "}}\n";
  DiagnosticSink sink;
  parse_article("content/news/x/index.en.md", "en", text, sink);
  return sink.sorted();
}

TEST(LongInput, FigureNamesAreCappedWithALocatedError) {
  // Front matter holds at most 64 KiB, so these names are 30,000 to 60,000 bytes.
  for (const std::size_t n : {30'000, 50'000, 60'000}) {
    for (const std::string& name : shapes(n, 'a', "a_1-B.")) {
      const auto d = parse_with_figure(name);
      ASSERT_EQ(d.size(), 1u) << n;
      EXPECT_EQ(d[0].rule, "figure/name-length");
      EXPECT_EQ(d[0].where.line, 7);
      EXPECT_EQ(d[0].where.column, 5);
      EXPECT_EQ(d[0].message,
                "figure name '" + quote_for_message(name, 40) + "' is longer than 64 characters");
    }
  }
  EXPECT_EQ(parse_with_figure(std::string(50'000, 'z'))[0].message,
            "figure name '" + std::string(40, 'z') + "…' is longer than 64 characters");
  // 64 characters is the longest name; the character set is checked as before.
  EXPECT_TRUE(parse_with_figure(std::string(kMaxFigureName, 'a')).empty());
  EXPECT_EQ(parse_with_figure(std::string(kMaxFigureName + 1, 'a'))[0].rule, "figure/name-length");
  EXPECT_EQ(parse_with_figure("a_9").size(), 0u);
  for (const std::string bad : {"9a", "_a", "aB", "a-b", "", "한"}) {
    const auto d = parse_with_figure(bad);
    ASSERT_FALSE(d.empty()) << bad;
    EXPECT_EQ(d[0].message, "figure name '" + bad + "' must match [a-z][a-z0-9_]*") << bad;
  }
}

TEST(LongInput, CatalogEntriesOfAnyLength) {
  for (const std::size_t n : kSizes) {
    for (const std::string& text : shapes(n, 'x', "Ab 1,{}.")) {
      const std::string po =
          "msgid \"\"\nmsgstr \"Plural-Forms: nplurals=2;\\n\"\n\n"
          "msgid \"a\"\nmsgstr \"" +
          text +
          "\"\n\n"
          "msgid \"b\"\nmsgid_plural \"bs\"\nmsgstr[0] \"" +
          text + "\"\nmsgstr[1]\t\"" + text + "\"\n";
      const auto entries = read_po(po);
      ASSERT_EQ(entries.size(), 3u) << n;
      EXPECT_EQ(entries[1].msgstr, (std::vector<std::pair<int, std::string>>{{0, text}}));
      ASSERT_EQ(entries[2].msgstr.size(), 2u);
      EXPECT_EQ(entries[2].msgstr[1], std::make_pair(1, text));
    }
  }
  // An index too large for an int is kept as the largest (msgfmt rejects it).
  const auto big = read_po("msgid \"a\"\nmsgstr[" + std::string(60'000, '9') + "] \"x\"\n");
  ASSERT_EQ(big.size(), 1u);
  EXPECT_EQ(big[0].msgstr, (std::vector<std::pair<int, std::string>>{{INT_MAX, "x"}}));
  // Lines that are not msgstr lines stay ignored.
  for (const std::string line :
       {"msgstr\"x\"", "msgstr[] \"x\"", "msgstr[1]\"x\"", "msgstrx \"x\"", "msgstr \"x\ry\""}) {
    const auto e = read_po("msgid \"a\"\n" + line + "\n");
    ASSERT_EQ(e.size(), 1u);
    EXPECT_TRUE(e[0].msgstr.empty()) << line;
  }
}

TEST(LongInput, PlaceholdersOfAnyLength) {
  using V = std::vector<std::string>;
  for (const std::size_t n : kSizes) {
    const std::string name(n, 'a'), mixed = "_" + repeat("aZ_09", n);
    EXPECT_EQ(placeholders("x {" + name + "} y"), V{name});
    EXPECT_EQ(placeholders("{" + mixed + "}{b}"), (V{mixed, "b"}));
    // Never closed, opened again and again, or not names at all: none.
    EXPECT_EQ(placeholders("{" + name), V{});
    EXPECT_EQ(placeholders(std::string(n, '{')), V{});
    EXPECT_EQ(placeholders(repeat("{a", n)), V{});
    EXPECT_EQ(placeholders("{" + repeat("한", n) + "}"), V{});
    EXPECT_EQ(placeholders(repeat("{a}", n)), V{"a"});
  }
  EXPECT_EQ(placeholders("{{a}} {1} {_} {a b} {é}"), (V{"_"}));  // "{{" is a literal brace
}

TEST(LongInput, PluralFormsLinesOfAnyLength) {
  SiteConfig config;
  config.time_zone = "UTC";
  const LanguageConfig en{"en", "English", "en"};
  for (const std::size_t n : kSizes) {
    for (const std::string& pad : shapes(n, ' ', " \t")) {
      // The header's field, after white space of any length.
      EXPECT_EQ(header_plural_forms("Language: en\nPlural-Forms:" + pad + "nplurals=3;\nX: y"),
                pad.front() == ' ' || pad.front() == '\t' ? "nplurals=3;" : pad + "nplurals=3;");
      EXPECT_EQ(header_plural_forms("Plural-Forms: " + pad), pad.front() == '\xed' ? pad : "");
    }
    // msgfmt wants no space before '=' and a whole expression.
    EXPECT_EQ(check_plural_forms(config, en, "nplurals" + std::string(n, ' ') + "=3; plural=0;"),
              "msgfmt rejects Plural-Forms: header entry lacks a \"nplurals=INTEGER\" attribute");
    EXPECT_EQ(check_plural_forms(config, en, "nplurals=3; plural=" + repeat("(n", n)),
              "msgfmt rejects Plural-Forms: invalid plural expression");
    EXPECT_EQ(check_plural_forms(config, en, repeat("nplurals ", n)),
              "Plural-Forms has no nplurals");
    EXPECT_EQ(check_plural_forms(config, en, repeat("한", n)), "Plural-Forms has no nplurals");
    EXPECT_EQ(check_plural_forms(config, en, "nplurals=" + std::string(n, '9')),
              "Plural-Forms says nplurals=" + std::string(20, '9') + "…; expected 1 to 12");
  }
  EXPECT_EQ(header_plural_forms("X: y\nPlural-Forms:"), "");
  EXPECT_EQ(header_plural_forms("X-Plural-Forms: 1"), std::nullopt);
  EXPECT_EQ(header_plural_forms(""), std::nullopt);
  EXPECT_EQ(check_plural_forms(config, en, "nplurals = 007"),
            "msgfmt rejects Plural-Forms: header entry lacks a \"plural=EXPRESSION\" attribute");
  EXPECT_EQ(check_plural_forms(config, en, "nplurals=x nplurals=0"),
            "Plural-Forms says nplurals=0; expected 1 to 12");
}

TEST(LongInput, GettextToolMessagesOfAnyLength) {
  for (const std::size_t n : kSizes) {
    const std::string path = repeat("dir:1/", n) + "x.po";
    DiagnosticSink sink;
    report_gettext_errors(path + ":12:3: bad\n" + path + ":" + std::string(n, '7') + ": worse\n" +
                              std::string(n, ':') + "\n",
                          {{path, "locales/x.po"}}, "i18n/syntax", sink);
    const auto d = sink.sorted();
    ASSERT_EQ(d.size(), 2u);
    EXPECT_EQ(d[0].where.line, 12);
    EXPECT_EQ(d[0].where.column, 3);
    EXPECT_EQ(d[0].message, "bad");
    EXPECT_EQ(d[1].message, "worse");
  }
  // Path, line and column as the pattern split them: the first ':' that fits.
  DiagnosticSink sink;
  report_gettext_errors("a:b:1: x\na:2: b:3: y\na:b:2:c: y\n-:3:4:5: z\n-:6 : no\n-:7:8 no\n",
                        {{"a:b", "A"}, {"a", "B"}, {"-", "C"}}, "r", sink);
  std::vector<std::string> got;
  for (const auto& d : sink.sorted())
    got.push_back(d.where.path + ":" + std::to_string(d.where.line) + ":" +
                  std::to_string(d.where.column) + ": " + d.message);
  EXPECT_EQ(got, (std::vector<std::string>{"A:1:0: x", "B:2:0: b:3: y"}));
}

TEST(LongInput, TemplatesWithLongTags) {
  // A template file holds at most 1 MiB: six runs of up to 150,000 bytes.
  for (const std::size_t n : {30'000, 100'000, 150'000}) {
    test::TempDir dir;
    test::make_minimal_site(dir.path());
    const std::string article =
        test::read_text(dir.path() / "pipeline/templates/html/article.mustache");
    const std::string spaces(n, ' ');
    test::write_text(dir.path(), "pipeline/templates/html/article.mustache",
                     "{{{" + spaces + "title" + spaces + "}}}{{!" + std::string(n, '{') +
                         repeat("{{{x", n) + " }}\n{{#t}}" + repeat("한 ", n) + "{{/t}}" +
                         "<a href=" + repeat(" \n", n) + "{{url}}\">" + article);
    DiagnosticSink sink;
    const TemplateSet set = TemplateSet::load(dir.path(), sink);
    std::vector<std::string> got;
    for (const auto& d : sink.sorted())
      got.push_back(std::to_string(d.where.line) + ":" + std::to_string(d.where.column) + " " +
                    d.rule);
    EXPECT_EQ(
        got, (std::vector<std::string>{
                 "1:1 template/raw", std::to_string(n / 2 + 2) + ":1 template/unquoted-attribute"}))
        << n;
    EXPECT_EQ(set.digest("article").size(), 40u);
    SiteConfig config;
    bool found = false;
    for (const auto& m : extract_messages(config, set))
      if (m.msgid == repeat("한 ", n))
        found =
            m.references == std::vector<std::string>{"pipeline/templates/html/article.mustache:2"};
    EXPECT_TRUE(found);
  }
}

TEST(LongInput, SiteConfigValuesOfAnyLength) {
  for (const std::size_t n : {30'000, 100'000}) {
    test::TempDir dir;
    test::make_minimal_site(dir.path());
    std::string yaml = test::read_text(dir.path() / "pipeline/site.yaml");
    const std::string url = "https://" + std::string(n, 'a') + ".example/" + repeat("p/q-", n);
    yaml.replace(yaml.find("https://test.example/subscribe"), 30, url + " x");
    yaml.replace(yaml.find("{code: ar,"), 10, "{code: \"ar-" + repeat("ab1-", n) + "x\",");
    yaml += "links:\n  exclude: ['(a|aa)*$', '" + repeat("(", n) + "']\n";
    test::write_text(dir.path(), "pipeline/site.yaml", yaml);
    DiagnosticSink sink;
    load_site_config(dir.path(), sink);
    std::vector<std::string> got;
    for (const auto& d : sink.sorted()) got.push_back(std::to_string(d.where.line) + " " + d.rule);
    EXPECT_EQ(got, (std::vector<std::string>{"8 config/language", "15 config/url",
                                             "19 config/value-type"}));
  }
}

TEST(LongInput, ExcludePatternsAreSearchedInLinearTime) {
  // RE2 is searched, as std::regex_search was: '^' and '$' anchor.
  EXPECT_TRUE(UrlPattern("vendor\\.example").found_in("https://vendor.example/post"));
  EXPECT_FALSE(UrlPattern("^vendor").found_in("https://vendor.example/post"));
  EXPECT_TRUE(UrlPattern("^https://(vendor|tool)\\.example/").found_in("https://tool.example/"));
  EXPECT_TRUE(UrlPattern(".").found_in("https://x.example/"));
  const UrlPattern bad("(");
  EXPECT_FALSE(bad.valid());
  EXPECT_EQ(bad.error(), "missing ): (");
  EXPECT_FALSE(bad.found_in("("));
  for (const std::size_t n : kSizes) {
    for (const std::string& tail : shapes(n, 'a', "a/b?c=d&")) {
      const std::string url = "https://x.example/" + tail;
      const bool ascii = tail[0] == 'a';
      EXPECT_FALSE(UrlPattern("(a|aa)+z$").found_in(url));
      EXPECT_FALSE(UrlPattern("(a*)*b$").found_in(url));
      EXPECT_FALSE(UrlPattern("(.*)*z$").found_in(url));
      EXPECT_EQ(UrlPattern("^https://x\\.example/a").found_in(url), ascii);
      EXPECT_EQ(UrlPattern("한국어$").found_in(url), !ascii);
      EXPECT_TRUE(UrlPattern("(a|aa)*$").found_in(url + "aaaa"));
    }
  }
}

TEST(LongInput, MailAddressesOfAnyLength) {
  for (const std::size_t n : kSizes) {
    const std::string local(n, 'a'), domain = repeat("b.", n) + "example";
    EXPECT_EQ(envelope_sender("From: \"" + repeat("<x ", n) + "\" <" + local + "@" + domain +
                              ">\r\n\r\nbody"),
              local + "@" + domain);
    EXPECT_EQ(envelope_sender("From: " + repeat("x ", n) + local + "@" + domain + "\r\n\r\n"),
              local + "@" + domain);
    EXPECT_EQ(envelope_sender("From: " + repeat("<@", n) + "\r\n\r\n"), "");
    EXPECT_EQ(envelope_sender("From: <" + std::string(n, '@') + ">\r\n\r\n"), std::string(n, '@'));
    RunError error;
    EXPECT_FALSE(send_email("", {"smtp://127.0.0.1:1", local + "@" + domain + " ", ""}, error));
    EXPECT_EQ(error.kind, ErrorKind::usage);
    EXPECT_EQ(error.message.rfind("--to is not an email address: '", 0), 0u);
  }
  // The address as the patterns found it.
  EXPECT_EQ(envelope_sender("From: Ana <@x> <a@b>, c@d\r\n\r\n"), "a@b");
  EXPECT_EQ(envelope_sender("From: Ana <a@b\r\n\r\n"), "a@b");
  EXPECT_EQ(envelope_sender("From: a@ @b x@@y\r\n\r\n"), "x@@y");
  EXPECT_EQ(envelope_sender("From: <a@b,c>\r\n\r\n"), "a@b,c");
  EXPECT_EQ(envelope_sender("From: a@b,c\r\n\r\n"), "a@b");
}

TEST(LongInput, IsoWeeksOfAnyLength) {
  for (const std::size_t n : kSizes) {
    EXPECT_FALSE(parse_iso_week("2026-W" + std::string(n, '1'), "UTC"));
    EXPECT_FALSE(parse_iso_week(repeat("2026-W01", n), "UTC"));
  }
  EXPECT_TRUE(parse_iso_week("2026-W01", "UTC"));
  EXPECT_FALSE(parse_iso_week("2026-w01", "UTC"));
  EXPECT_FALSE(parse_iso_week("226-W01", "UTC"));
}

}  // namespace
}  // namespace pp
