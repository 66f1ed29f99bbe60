// Translation state of every bundle, and stamping a translation as up to date.
#include <set>

#include "core/digest.h"
#include "core/file_io.h"
#include "core/limits.h"
#include "l10n/article_catalog.h"
#include "l10n/l10n.h"

namespace pp {

const char* translation_state_name(TranslationState s) {
  switch (s) {
    case TranslationState::source:
      return "source";
    case TranslationState::up_to_date:
      return "up to date";
    case TranslationState::stale:
      return "stale";
    case TranslationState::unstamped:
      return "unstamped";
    case TranslationState::missing:
      return "missing";
    case TranslationState::catalog:
      return "catalog";
  }
  return "missing";
}

std::vector<TranslationRow> translation_matrix(const std::filesystem::path& root,
                                               const SiteConfig& config, const Corpus& corpus) {
  std::vector<TranslationRow> rows;
  const std::vector<std::string> catalogs = languages_with_article_catalogs(root, config);
  const std::set<std::string> with_catalogs(catalogs.begin(), catalogs.end());
  for (const auto& b : corpus.bundles) {
    const Article* source = b.source();
    if (!source) continue;
    const ReadResult bytes = read_file(root / source->path, kMaxFileBytes);
    const std::string digest = bytes.ok ? git_blob_id(bytes.bytes) : "";
    TranslationRow row{b.id(), {}, {}};
    for (const auto& lang : config.languages) {
      auto it = b.articles.find(lang.code);
      TranslationState s = TranslationState::missing;
      if (it != b.articles.end()) {
        const FrontMatter& fm = it->second.own;
        if (lang.code == b.source_lang)
          s = TranslationState::source;
        else if (!fm.source_digest)
          s = TranslationState::unstamped;
        else if (fm.source_digest->value == digest)
          s = TranslationState::up_to_date;
        else
          s = TranslationState::stale;
      }
      if (s == TranslationState::missing && with_catalogs.count(lang.code)) {
        // An article catalog instead of a file: its counts of segments.
        const SiteFileRead po =
            read_site_file(root, article_po_rel(lang.code, b.id()), kMaxCatalogBytes);
        if (const auto stats = po.bytes ? catalog_stats_of(*po.bytes) : std::nullopt) {
          s = TranslationState::catalog;
          row.catalogs[lang.code] = *stats;
        }
      }
      row.states.push_back({lang.code, s});
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

std::optional<std::string> stamp_front_matter(const std::string& bytes, const std::string& digest) {
  std::size_t pos = bytes.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0;
  // Lines as [start, end) without their line end; `eol` is the file's own.
  auto line_end = [&](std::size_t from) {
    const auto n = bytes.find_first_of("\r\n", from);
    return n == std::string::npos ? bytes.size() : n;
  };
  auto next_line = [&](std::size_t end) {
    if (end < bytes.size() && bytes[end] == '\r' && end + 1 < bytes.size() &&
        bytes[end + 1] == '\n')
      return end + 2;
    return end < bytes.size() ? end + 1 : end;
  };
  std::size_t end = line_end(pos);
  if (bytes.compare(pos, 3, "---") != 0) return std::nullopt;
  const std::string eol = bytes.substr(end, next_line(end) - end).empty()
                              ? "\n"
                              : bytes.substr(end, next_line(end) - end);
  pos = next_line(end);
  std::string out;
  std::size_t copied = 0;  // bytes before it are in `out`
  bool stamped = false;
  while (pos < bytes.size()) {
    end = line_end(pos);
    const std::string line = bytes.substr(pos, end - pos);
    if (line.rfind("---", 0) == 0 && line.find_first_not_of(" \t", 3) == std::string::npos) {
      out += bytes.substr(copied, pos - copied);
      if (!stamped) out += "source_digest: " + digest + eol;
      return out + bytes.substr(pos);
    }
    if (line.rfind("source_digest:", 0) == 0) {
      out += bytes.substr(copied, pos - copied) + "source_digest: " + digest;
      copied = end;
      stamped = true;
    } else if (line == kInProgressLine) {
      // Stamped, it is published: the draft line `new --lang` wrote goes.
      out += bytes.substr(copied, pos - copied);
      copied = next_line(end);
    }
    pos = next_line(end);
  }
  return std::nullopt;
}

}  // namespace pp
