// The fuzz targets' bodies, shared by the libFuzzer binaries (fuzz_*.cpp) and
// the regression test that replays every finding and seed (tests/unit).
#include <cstddef>
#include <cstdint>
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

// A Markdown body (with figures, internal links, anchors and raw HTML) →
// parse, the known-quadratic guards, link extraction, and the HTML of the
// page and the email and the email's text part in an LTR and an RTL
// language. Whatever the body, HTML output has no raw <script> from it.
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
    if (html.find("<script") != std::string::npos) __builtin_trap();
    bytes += html.size();
    bytes += render_body_html(en, corpus, site(), loc, "https://fuzz.example/en/news/x/").size();
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
