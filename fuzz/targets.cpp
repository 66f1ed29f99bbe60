// The fuzz targets' bodies, shared by the libFuzzer binaries (fuzz_*.cpp) and
// the regression test that replays every finding and seed (tests/unit).
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>

#include "content/article_cache.h"
#include "driver/check_site.h"
#include "fuzz_site.h"
#include "l10n/l10n.h"
#include "l10n/po_file.h"
#include "links/links.h"
#include "mail/mail.h"
#include "render/render.h"
#include "targets.h"
#include "validate/validate.h"

namespace pp::fuzz {

std::vector<Diagnostic> check_article(const std::string& bytes) {
  DiagnosticSink sink;
  auto a = parse_article("content/news/x/index.en.md", "en", bytes, sink);
  if (!a) return sink.sorted();
  // The parse cache must give back what was parsed.
  const auto back = decode_article(encode_article(*a, sink.sorted()));
  if (!back || encode_article(back->article, back->findings) != encode_article(*a, sink.sorted()))
    __builtin_trap();
  Corpus corpus;
  Bundle other;
  other.section = "reviews";
  other.slug = "tool";
  other.dir = "content/reviews/tool";
  other.source_lang = "en";
  DiagnosticSink ignored;
  other.articles.emplace(
      "en", *parse_article("content/reviews/tool/index.en.md", "en", kToolArticle, ignored));
  Bundle b;
  b.section = "news";
  b.slug = "x";
  b.dir = "content/news/x";
  b.articles.emplace("en", std::move(*a));
  b.source_lang = b.articles.at("en").own.translation_of ? "" : "en";
  corpus.bundles = {std::move(b), std::move(other)};
  check_site(site(), corpus, sink);
  return sink.sorted();
}

// Fuzz target: check_article on arbitrary bytes, its findings formatted.
int fuzz_front_matter(const uint8_t* data, size_t size) {
  const auto findings = check_article(std::string(reinterpret_cast<const char*>(data), size));
  (void)format_diagnostics(findings, OutputFormat::sarif);
  return 0;
}

namespace {

// A URL attribute's value as a browser reads its scheme: character
// references decoded, ASCII whitespace and controls skipped, lower case.
std::string scheme_of(const std::string& value) {
  std::string out;
  for (std::size_t i = 0; i < value.size() && out.size() < 16; ++i) {
    unsigned long c = static_cast<unsigned char>(value[i]);
    if (c == '&') {
      const std::size_t semi = value.find(';', i);
      if (semi == std::string::npos) break;
      const std::string ref = value.substr(i + 1, semi - i - 1);
      i = semi;
      if (ref == "colon")
        c = ':';
      else if (ref == "Tab" || ref == "NewLine")
        c = ' ';
      else if (ref.size() > 1 && ref[0] == '#')
        c = std::strtoul(ref.c_str() + (ref[1] == 'x' || ref[1] == 'X' ? 2 : 1), nullptr,
                         ref[1] == 'x' || ref[1] == 'X' ? 16 : 10);
      else
        c = '?';
    }
    if (c <= 0x20) continue;
    out += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  }
  return out;
}

// Whether rendered HTML holds markup that can run or embed anything: a
// script, style, iframe, object, embed or base element, an event attribute,
// or a link or source whose scheme is javascript:, vbscript: or data:. Text is
// escaped in our output, so every '<' opens a tag.
}  // namespace

bool unsafe_markup(const std::string& html) {
  for (std::size_t at = html.find('<'); at != std::string::npos; at = html.find('<', at + 1)) {
    std::size_t i = at + 1;
    if (i < html.size() && html[i] == '/') ++i;
    std::string tag;
    while (i < html.size() && std::isalnum(static_cast<unsigned char>(html[i])))
      tag += static_cast<char>(std::tolower(static_cast<unsigned char>(html[i++])));
    for (const char* bad : {"script", "style", "iframe", "object", "embed", "base", "frame"})
      if (tag == bad) return true;
    while (i < html.size() && html[i] != '>') {
      while (i < html.size() && (html[i] == ' ' || html[i] == '/' || html[i] == '\n')) ++i;
      std::string name;
      while (i < html.size() && html[i] != '=' && html[i] != ' ' && html[i] != '>' &&
             html[i] != '/')
        name += static_cast<char>(std::tolower(static_cast<unsigned char>(html[i++])));
      if (name.starts_with("on") || name == "style" || name == "srcdoc") return true;
      if (i >= html.size() || html[i] != '=') continue;
      const char quote = ++i < html.size() ? html[i] : '\0';
      std::size_t end;
      if (quote == '"' || quote == '\'') {
        end = html.find(quote, i + 1);
        ++i;
      } else {
        end = html.find_first_of(" >", i);
      }
      if (end == std::string::npos) return true;  // an attribute never closed
      if (name == "href" || name == "src" || name == "action" || name == "formaction") {
        const std::string scheme = scheme_of(html.substr(i, end - i));
        for (const char* bad : {"javascript:", "vbscript:", "data:"})
          if (scheme.starts_with(bad)) return true;
      }
      i = end + (quote == '"' || quote == '\'' ? 1 : 0);
    }
  }
  return false;
}

// A Markdown body (with figures, internal links, anchors and raw HTML) →
// parse, the known-quadratic guards, link extraction, and the HTML of the
// page and the email and the email's text part in an LTR and an RTL
// language. Whatever the body, the HTML holds nothing that can run or embed
// (unsafe_markup), whatever raw HTML it was written with.
std::optional<std::size_t> render_markdown(const std::string& body, std::string* refusal) {
  const std::string front =
      "---\ntitle: T\ntype: news\ndate: 2026-11-20\nsummary: S\nverdict: V\n"
      "related: [reviews/tool]\nfigures:\n  share: {value: 0.965, format: percent}\n"
      "  price: {value: 19999.5, format: currency, currency: KRW}\n---\n";
  DiagnosticSink sink;
  auto a = parse_article("content/news/x/index.en.md", "en", front + body, sink);
  if (!a || sink.has_errors()) {  // refused as too complex: nothing is rendered
    if (refusal)
      for (const auto& d : sink.sorted())
        if (d.severity == Severity::error) *refusal = d.rule;
    return std::nullopt;
  }
  Corpus corpus;
  Bundle b;
  b.section = "news";
  b.slug = "x";
  b.dir = "content/news/x";
  b.source_lang = "en";
  b.articles.emplace("en", *a);
  Article ar = *a;
  ar.lang = "ar";
  b.articles.emplace("ar", std::move(ar));
  corpus.bundles.push_back(std::move(b));
  const Article& en = corpus.bundles[0].articles.at("en");
  std::size_t bytes = 0;
  for (const char* lang : {"en", "ar"}) {
    const Locale& loc = locale(lang);
    const std::string html = render_body_html(en, corpus, site(), loc);
    const std::string email_html =
        render_body_html(en, corpus, site(), loc, "https://fuzz.example/en/news/x/");
    if (unsafe_markup(html) || unsafe_markup(email_html)) __builtin_trap();
    bytes += html.size() + email_html.size();
    LinkRefs refs;
    bytes +=
        render_body_text(en, corpus, site(), loc, "https://fuzz.example/en/news/x/", refs).size();
  }
  return bytes;
}

// Fuzz target: a Markdown body through render_markdown.
int fuzz_markdown(const uint8_t* data, size_t size) {
  (void)render_markdown(std::string(reinterpret_cast<const char*>(data), size), nullptr);
  return 0;
}

// Fuzz target: a translator's .po file → the reader polypress uses for
// placeholders, msgids and statistics, and the placeholder parser on every
// string in it.
int fuzz_po(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  for (const auto& e : read_po(text)) {
    (void)placeholders(e.msgid);
    for (const auto& [index, s] : e.msgstr) (void)placeholders(s);
  }
  (void)catalog_msgids(text);
  (void)catalog_stats_of(text);
  // What msgfmt and msgmerge print about such a file is parsed into findings.
  DiagnosticSink sink;
  report_gettext_errors(text, {{"/site/locales/x.po", "locales/x.po"}, {"-", "locales/x.po"}},
                        "i18n/syntax", sink);
  (void)format_diagnostics(sink.sorted(), OutputFormat::json);
  return 0;
}

// Fuzz target: untrusted title, summary and bodies → an email. Whatever they
// hold, the message has CRLF line ends, 7-bit headers of at most 998 octets,
// and no header line that did not come from us.
int fuzz_email(const uint8_t* data, size_t size) {
  const std::string in(reinterpret_cast<const char*>(data), size);
  // Fields separated by NUL: subject, text, html, display name.
  std::string fields[4];
  std::size_t at = 0;
  for (int i = 0; i < 4; ++i) {
    const auto end = std::min(in.find('\0', at), in.size());
    fields[i] = at < in.size() ? in.substr(at, end - at) : "";
    at = end + 1;
  }
  EmailContent c;
  c.from = "\"" + fields[3] + "\" <brief@fuzz.example>";
  c.subject = fields[0];
  c.text = fields[1];
  c.html = fields[2];
  c.date_epoch_s = 1764000000;
  c.time_zone = "Asia/Seoul";
  c.message_id = "news.x.en@fuzz.example";
  c.language = "en";
  c.list_id = "brief.fuzz.example";
  c.unsubscribe_https = "https://fuzz.example/en/unsubscribe";
  c.unsubscribe_mailto = "unsubscribe@fuzz.example";
  std::string error;
  const auto eml = assemble_email(c, error);
  if (!eml) return 0;  // a display name that is not one address: refused
  const std::string& m = *eml;
  const auto head_end = m.find("\r\n\r\n");
  if (head_end == std::string::npos) __builtin_trap();
  std::size_t line_start = 0;
  for (std::size_t i = 0; i < m.size(); ++i) {
    if (m[i] == '\n' && (i == 0 || m[i - 1] != '\r')) __builtin_trap();  // a bare LF
    if (m[i] == '\r' && (i + 1 == m.size() || m[i + 1] != '\n')) __builtin_trap();
    if (m[i] == '\n') {
      if (i - line_start > 999) __builtin_trap();
      line_start = i + 1;
    }
    if (i < head_end && (static_cast<unsigned char>(m[i]) >= 0x80 || m[i] == '\0'))
      __builtin_trap();
  }
  // Only our headers: every unfolded header line starts with a known name.
  static const char* known[] = {"From:",
                                "Date:",
                                "Message-Id:",
                                "Message-ID:",
                                "Subject:",
                                "MIME-Version:",
                                "Content-Language:",
                                "List-Id:",
                                "List-Unsubscribe:",
                                "List-Unsubscribe-Post:",
                                "Content-Type:"};
  for (std::size_t p = 0; p < head_end; p = m.find("\r\n", p) + 2) {
    if (m[p] == ' ' || m[p] == '\t') continue;  // a folded continuation
    bool ok = false;
    for (const char* k : known) ok |= m.compare(p, std::char_traits<char>::length(k), k) == 0;
    if (!ok) __builtin_trap();
  }
  return 0;
}

}  // namespace pp::fuzz
