#include "l10n/article_catalog.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>

#include "core/file_io.h"
#include "core/limits.h"
#include "core/process.h"
#include "core/safe_fs.h"
#include "core/site_layout.h"
#include "l10n/gettext_po.h"
#include "l10n/l10n.h"

namespace pp {

namespace {

// The template's header field that keeps the next free segment number.
constexpr const char* kNextIdField = "X-Polypress-Next-Id";

}  // namespace

std::string article_pot_rel(const std::string& bundle_id) {
  return "locales/articles/" + bundle_id + ".pot";
}

std::string article_po_rel(const std::string& lang, const std::string& bundle_id) {
  return "locales/" + lang + "/articles/" + bundle_id + ".po";
}

std::vector<std::string> languages_with_article_catalogs(const std::filesystem::path& root,
                                                         const SiteConfig& config) {
  std::vector<std::string> out;
  for (const auto& lang : config.languages)
    if (file_kind(root / "locales" / lang.code / "articles") != FileKind::missing)
      out.push_back(lang.code);
  return out;
}

std::optional<std::string> read_article_catalog(const std::filesystem::path& root,
                                                const std::string& rel, bool& failed,
                                                DiagnosticSink& sink) {
  SiteFileRead r = read_site_file(root, rel, kMaxCatalogBytes);
  failed = !r.error.empty();
  if (failed) sink.error({rel, 0, 0}, "i18n/read", "cannot read: " + r.error);
  return std::move(r.bytes);
}

std::optional<std::string> format_article_pot(const std::string& bundle_id,
                                              const std::string& source_path,
                                              const std::vector<Segment>& segments, int next_id,
                                              std::string& error) {
  std::vector<PoMessage> messages;
  PoMessage header;
  header.comments = "The text of " + source_path +
                    ", block by block.\nWritten by `polypress i18n extract --articles`; "
                    "translators edit " +
                    article_po_rel("<lang>", bundle_id) + ".\n";
  header.msgstr = "Project-Id-Version: " + bundle_id +
                  "\nMIME-Version: 1.0\nContent-Type: text/plain; charset=UTF-8\n"
                  "Content-Transfer-Encoding: 8bit\n" +
                  std::string(kNextIdField) + ": " + std::to_string(next_id) + "\n";
  messages.push_back(std::move(header));
  for (const auto& s : segments) {
    PoMessage m;
    m.context = s.id;
    m.msgid = s.text;
    m.notes = s.note;
    m.references.emplace_back(source_path, s.line);
    messages.push_back(std::move(m));
  }
  return write_po_messages(messages, error);
}

std::vector<Segment> template_segments(const std::string& pot) {
  std::string error;
  const auto messages = read_po_messages(pot, error);
  std::vector<Segment> out;
  if (!messages) return out;
  for (const auto& m : *messages) {
    if (m.msgid.empty() || m.obsolete) continue;
    Segment s;
    s.id = m.context;
    s.text = m.msgid;
    s.kind = segment_kind_of_id(s.id);
    out.push_back(std::move(s));
  }
  return out;
}

int template_next_id(const std::string& pot) {
  std::string error;
  const auto messages = read_po_messages(pot, error);
  if (!messages || messages->empty() || !messages->front().msgid.empty()) return 1;
  const std::string& header = messages->front().msgstr;
  const std::string field = "\n" + std::string(kNextIdField) + ": ";
  const auto at = ("\n" + header).find(field);
  if (at == std::string::npos) return 1;
  const long n = std::strtol(header.c_str() + at + field.size() - 1, nullptr, 10);
  return n > 0 && n < 1'000'000'000 ? static_cast<int>(n) : 1;
}

namespace {

// The header of a new catalog: the template's (but the template's own
// numbering), with the language and its plural forms (no entry has plural
// forms; editors still ask for them).
std::string new_catalog_header(std::string pot_header, const LanguageConfig& lang) {
  const std::string field = std::string(kNextIdField) + ": ";
  for (std::size_t at = 0; at < pot_header.size();) {
    const auto end = pot_header.find('\n', at);
    const std::size_t next = end == std::string::npos ? pot_header.size() : end + 1;
    if (pot_header.compare(at, field.size(), field) == 0) {
      pot_header.erase(at, next - at);
      continue;
    }
    at = next;
  }
  std::string gettext_lang = lang.code;
  for (char& c : gettext_lang)
    if (c == '-') c = '_';
  return pot_header + "Language: " + gettext_lang +
         "\nPlural-Forms: " + gettext_plural_forms(lang.locale.empty() ? lang.code : lang.locale) +
         "\n";
}

// Translations of `old` moved to the template's entries their text belongs
// to, before msgmerge (without its fuzzy matching) keeps exact matches and
// makes the rest obsolete. An entry whose (id, text) the template no longer
// has is free: its text elsewhere in the template takes it as it is (a
// block moved into a list or a quote changes its id, not its words); then
// the same id with a text at least kSimilarBlock alike takes it fuzzy, the
// translated text kept as `#|`. Anything else stays free and goes obsolete,
// never onto another block.
void carry_translations(std::vector<PoMessage>& old, const std::vector<PoMessage>& pot) {
  std::set<std::pair<std::string, std::string>> wanted, present;
  for (const auto& m : pot)
    if (!m.msgid.empty()) wanted.insert({m.context, m.msgid});
  for (const auto& m : old)
    if (!m.obsolete && !m.msgid.empty()) present.insert({m.context, m.msgid});
  // An obsolete entry the template wants again comes back as it was.
  for (auto& m : old)
    if (m.obsolete && wanted.count({m.context, m.msgid}) &&
        present.insert({m.context, m.msgid}).second)
      m.obsolete = false;
  std::vector<PoMessage*> free;
  for (auto& m : old)
    if (!m.msgid.empty() && !m.msgstr.empty() && !wanted.count({m.context, m.msgid}))
      free.push_back(&m);
  auto take = [&](PoMessage* m, const PoMessage& target, bool fuzzy) {
    if (fuzzy && (!m->fuzzy || m->previous_msgid.empty())) m->previous_msgid = m->msgid;
    m->context = target.context;
    m->msgid = target.msgid;
    m->fuzzy = m->fuzzy || fuzzy;
    m->obsolete = false;
    present.insert({m->context, m->msgid});
    free.erase(std::find(free.begin(), free.end(), m));
  };
  for (const auto& t : pot) {
    if (t.msgid.empty() || present.count({t.context, t.msgid})) continue;
    // A reviewed translation of the same text first.
    PoMessage* best = nullptr;
    for (PoMessage* m : free)
      if (m->msgid == t.msgid && (!best || (best->fuzzy && !m->fuzzy))) best = m;
    if (best) take(best, t, false);
  }
  for (const auto& t : pot) {
    if (t.msgid.empty() || present.count({t.context, t.msgid})) continue;
    for (PoMessage* m : free)
      if (m->context == t.context &&
          text_similarity(readable_text(segment_kind_of_id(t.context), m->msgid),
                          readable_text(segment_kind_of_id(t.context), t.msgid)) >= kSimilarBlock) {
        take(m, t, true);
        break;
      }
  }
}

}  // namespace

std::optional<std::string> merge_article_catalog(const std::string* old, const std::string& pot,
                                                 const LanguageConfig& lang, const std::string& rel,
                                                 const std::string& pot_rel, DiagnosticSink& sink) {
  std::string error;
  const auto pot_messages = read_po_messages(pot, error);
  if (!pot_messages || pot_messages->empty() || !pot_messages->front().msgid.empty()) {
    sink.error({pot_rel, 0, 0}, "i18n/syntax",
               "not a catalog template: " + (error.empty() ? "no header" : error));
    return std::nullopt;
  }
  std::string input;
  if (old) {
    // msgmerge judges the catalog first, with its own located messages.
    const ProcessResult check = run_process_with_input({"msgfmt", "-o", "/dev/null", "-"}, old);
    if (check.exit_code != 0) {
      report_gettext_errors(check.err, {{"<stdin>", rel}, {"-", rel}}, "i18n/syntax", sink);
      return std::nullopt;
    }
    auto messages = read_po_messages(*old, error);
    if (!messages) {
      sink.error({rel, 0, 0}, "i18n/syntax", "cannot read the catalog: " + error);
      return std::nullopt;
    }
    carry_translations(*messages, *pot_messages);
    const auto text = write_po_messages(*messages, error);
    if (!text) {
      sink.error({rel, 0, 0}, "i18n/syntax", "cannot write the catalog: " + error);
      return std::nullopt;
    }
    input = *text;
  } else {
    PoMessage header = pot_messages->front();
    header.msgstr = new_catalog_header(header.msgstr, lang);
    const auto text = write_po_messages({header}, error);
    if (!text) return std::nullopt;
    input = *text;
  }
  // The catalog from memory, the template on standard input: msgmerge opens
  // no file of the site. Its fuzzy matching is left out: it offers any
  // entry's translation for a new block, across ids, however unrelated.
  MemoryFile def(true);
  if (!def.ok() || !def.write_all(input)) {
    sink.error({rel, 0, 0}, "i18n/read", "cannot hold the catalog in memory");
    return std::nullopt;
  }
  const ProcessResult r = run_process_with_input(
      {"msgmerge", "--quiet", "--previous", "--no-fuzzy-matching", "-o", "-", def.path(), "-"},
      &pot);
  if (r.exit_code == 0) return r.out;
  if (r.exit_code < 0 && r.err.find("msgmerge") == 0) {
    sink.error({rel, 0, 0}, "i18n/msgfmt", "cannot run msgmerge (install gettext)");
    return std::nullopt;
  }
  report_gettext_errors(r.err, {{def.path(), rel}, {"<stdin>", pot_rel}, {"-", pot_rel}},
                        "i18n/syntax", sink);
  return std::nullopt;
}

std::optional<std::string> seed_article_catalog(
    const std::string& pot, const LanguageConfig& lang,
    const std::map<std::string, std::pair<std::string, bool>>& seeds, const std::string& rel,
    const std::string& pot_rel, DiagnosticSink& sink) {
  std::string error;
  auto messages = read_po_messages(pot, error);
  if (!messages || messages->empty() || !messages->front().msgid.empty()) {
    sink.error({pot_rel, 0, 0}, "i18n/syntax", "not a catalog template: " + error);
    return std::nullopt;
  }
  messages->front().msgstr = new_catalog_header(messages->front().msgstr, lang);
  for (auto& m : *messages) {
    const auto it = seeds.find(m.context);
    if (m.msgid.empty() || it == seeds.end()) continue;
    m.msgstr = it->second.first;
    m.fuzzy = it->second.second;
  }
  const auto text = write_po_messages(*messages, error);
  if (!text) {
    sink.error({rel, 0, 0}, "emit/write", "cannot write: " + error);
    return std::nullopt;
  }
  return merge_article_catalog(&*text, pot, lang, rel, pot_rel, sink);
}

}  // namespace pp
