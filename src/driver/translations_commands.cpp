// The translations commands: the matrix, its paragraph diffs, and stamping.
#include <cstdio>
#include <nlohmann/json.hpp>

#include "config/config.h"
#include "content/content.h"
#include "core/digest.h"
#include "core/file_io.h"
#include "driver/driver_internal.h"
#include "l10n/l10n.h"
#include "render/render.h"

namespace pp {

namespace fs = std::filesystem;

RunResult run_translations(const fs::path& root, bool json) {
  RunResult result;
  const auto config = load_site_config(root, result.diagnostics);
  if (!config) {
    result.exit_code = kExitUsage;
    return result;
  }
  DiagnosticSink ignored;  // the matrix is shown even when articles have findings
  const Corpus corpus = load_corpus(root, *config, ignored);
  const auto rows = translation_matrix(root, *config, corpus);
  std::map<TranslationState, int> totals;
  if (json) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& r : rows) {
      nlohmann::json langs = nlohmann::json::object();
      for (const auto& [lang, state] : r.states) langs[lang] = translation_state_name(state);
      out.push_back({{"bundle", r.bundle}, {"languages", langs}});
    }
    result.output = out.dump(2) + "\n";
    return result;
  }
  std::size_t width = 6;
  for (const auto& r : rows) width = std::max(width, r.bundle.size());
  std::string text = "bundle" + std::string(width - 6 + 2, ' ');
  for (const auto& l : config->languages)
    text += l.code + std::string(l.code.size() < 12 ? 12 - l.code.size() : 1, ' ');
  while (!text.empty() && text.back() == ' ') text.pop_back();
  text += "\n";
  for (const auto& r : rows) {
    text += r.bundle + std::string(width - r.bundle.size() + 2, ' ');
    for (const auto& [lang, state] : r.states) {
      const std::string name = translation_state_name(state);
      text += name + std::string(name.size() < 12 ? 12 - name.size() : 1, ' ');
      ++totals[state];
    }
    while (!text.empty() && text.back() == ' ') text.pop_back();
    text += "\n";
  }
  text += std::to_string(totals[TranslationState::up_to_date]) + " up to date, " +
          std::to_string(totals[TranslationState::stale]) + " stale, " +
          std::to_string(totals[TranslationState::unstamped]) + " unstamped, " +
          std::to_string(totals[TranslationState::missing]) + " missing\n";
  result.output = text;
  return result;
}

RunResult run_translations_stamp(const fs::path& root, const std::vector<std::string>& files) {
  RunResult result;
  std::vector<std::string> wanted;
  if (!resolve_files(root, files, wanted, result)) return result;
  DiagnosticSink& sink = result.diagnostics;
  const auto config = load_site_config(root, sink);
  if (!config) {
    result.exit_code = kExitUsage;
    return result;
  }
  DiagnosticSink load;
  const Corpus corpus = load_corpus(root, *config, load);
  for (const auto& path : wanted) {
    const Article* article = nullptr;
    const Bundle* bundle = nullptr;
    for (const auto& b : corpus.bundles)
      for (const auto& [lang, a] : b.articles)
        if (a.path == path) article = &a, bundle = &b;
    if (!article) {
      for (const auto& d : load.sorted())
        if (d.where.path == path) sink.report(d.where, d.severity, d.rule, d.message);
      if (!sink.has_errors())
        sink.error({path, 0, 0}, "i18n/stamp",
                   "not an article of this site (content/<section>/<slug>/index.<lang>.md)");
      continue;
    }
    if (!article->own.translation_of || !bundle->source()) {
      sink.error({path, 1, 1}, "i18n/stamp",
                 "this file is a source, not a translation: nothing to stamp");
      continue;
    }
    const ReadResult source = read_file(root / bundle->source()->path, kMaxFileBytes);
    const ReadResult bytes = read_file(root / path, kMaxFileBytes);
    const auto stamped = source.ok && bytes.ok
                             ? stamp_front_matter(bytes.bytes, git_blob_id(source.bytes))
                             : std::nullopt;
    std::string error;
    if (!stamped) {
      sink.error({path, 1, 1}, "i18n/stamp", "cannot stamp: the file or its source cannot be read");
    } else if (write_file_atomic(root / path, *stamped, error) == WriteOutcome::failed) {
      sink.error({path, 0, 0}, "emit/write", "cannot write: " + error);
    }
  }
  result.exit_code = sink.has_errors() ? kExitFindings : kExitOk;
  return result;
}

}  // namespace pp
