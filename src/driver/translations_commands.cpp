// The translations commands: the matrix, its paragraph diffs, and stamping.
#include <algorithm>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "config/config.h"
#include "content/content.h"
#include "core/digest.h"
#include "core/file_io.h"
#include "core/json_text.h"
#include "core/process.h"
#include "core/visible_text.h"
#include "driver/driver_internal.h"
#include "l10n/l10n.h"
#include "render/render.h"

namespace pp {

namespace fs = std::filesystem;

namespace {

// The source as it was when a stale translation was stamped, and what changed.
struct StaleDiff {
  std::string translation, source, digest;
  bool found = false;  ///< the stamped version is in git's object store
  std::vector<SourceChange> changes;
};

const char* kind_name(SourceChange::Kind k) {
  return k == SourceChange::changed ? "changed" : k == SourceChange::added ? "added" : "removed";
}

// Each stale translation's diff, the stamped source read back from git's
// object store by its blob id (`git cat-file blob`).
std::vector<StaleDiff> stale_diffs(const fs::path& root, const Corpus& corpus,
                                   const std::vector<TranslationRow>& rows) {
  std::vector<StaleDiff> out;
  for (const auto& row : rows) {
    const auto bundle = std::find_if(corpus.bundles.begin(), corpus.bundles.end(),
                                     [&](const Bundle& b) { return b.id() == row.bundle; });
    if (bundle == corpus.bundles.end() || !bundle->source()) continue;
    for (const auto& [lang, state] : row.states) {
      if (state != TranslationState::stale) continue;
      const Article& t = bundle->articles.at(lang);
      StaleDiff d{t.path, bundle->source()->path, t.own.source_digest->value, false, {}};
      // The digest is 40 hex digits (validated), never an option or a revision range.
      const ProcessResult old =
          run_process({"git", "-C", root.string(), "cat-file", "blob", d.digest});
      const ReadResult now = read_file(root / d.source, kMaxFileBytes);
      if (old.exit_code == 0 && now.ok) {
        d.found = true;
        d.changes = diff_source(old.out, now.bytes);
      }
      out.push_back(std::move(d));
    }
  }
  return out;
}

std::string diff_text(const std::vector<StaleDiff>& diffs) {
  std::string text;
  for (const auto& d : diffs) {
    // File names and front matter keys may hold line feeds: one item, one line.
    text += "\n" + visible_text(d.translation) + ": stale; " + visible_text(d.source) +
            " changed since " + d.digest.substr(0, 12) + "\n";
    if (!d.found) {
      text += "  the translated version (blob " + d.digest +
              ") is not in git's object store; commit sources before stamping their "
              "translations\n";
      continue;
    }
    if (d.changes.empty()) text += "  only blank lines or line ends changed\n";
    for (const auto& c : d.changes) {
      const std::string what =
          c.key.empty() ? "paragraph" : "front matter '" + visible_text(c.key) + "'";
      text += "  " + visible_text(d.source) + ":" +
              (c.line ? std::to_string(c.line) : "(was " + std::to_string(c.old_line) + ")") +
              ": " + what + " " + kind_name(c.kind) + "\n";
      for (const auto& l : c.old_lines) text += "    - " + l + "\n";
      for (const auto& l : c.new_lines) text += "    + " + l + "\n";
    }
  }
  return text;
}

}  // namespace

RunResult run_translations(const fs::path& root, bool json, bool diff) {
  RunResult result;
  const auto config = load_site_config(root, result.diagnostics);
  if (!config) {
    result.exit_code = kExitUsage;
    return result;
  }
  if (diff) {
    const ProcessResult git =
        run_process({"git", "-C", root.string(), "rev-parse", "--is-inside-work-tree"});
    if (git.exit_code != 0 || git.out != "true\n") {
      result.usage_error = "--diff needs the site in a git repository (git rev-parse: " +
                           (git.err.empty() ? std::string("not a work tree")
                                            : git.err.substr(0, git.err.find('\n'))) +
                           ")";
      result.exit_code = kExitUsage;
      return result;
    }
  }
  DiagnosticSink ignored;  // the matrix is shown even when articles have findings
  const Corpus corpus = load_corpus(root, *config, ignored);
  const auto rows = translation_matrix(root, *config, corpus);
  const auto diffs = diff ? stale_diffs(root, corpus, rows) : std::vector<StaleDiff>{};
  std::map<TranslationState, int> totals;
  if (json) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& r : rows) {
      nlohmann::json langs = nlohmann::json::object();
      for (const auto& [lang, state] : r.states) langs[lang] = translation_state_name(state);
      nlohmann::json row = {{"bundle", r.bundle}, {"languages", langs}};
      for (const auto& d : diffs) {
        if (d.source.rfind("content/" + r.bundle + "/", 0) != 0) continue;
        nlohmann::json changes = nlohmann::json::array();
        for (const auto& c : d.changes)
          changes.push_back(
              {{"kind", kind_name(c.kind)},
               {"key", c.key.empty() ? nlohmann::json(nullptr) : nlohmann::json(c.key)},
               {"line", c.line ? nlohmann::json(c.line) : nlohmann::json(nullptr)},
               {"old_line", c.old_line ? nlohmann::json(c.old_line) : nlohmann::json(nullptr)},
               {"old", c.old_lines},
               {"new", c.new_lines}});
        row["diffs"].push_back({{"translation", d.translation},
                                {"source", d.source},
                                {"source_digest", d.digest},
                                {"found", d.found},
                                {"changes", changes}});
      }
      out.push_back(row);
    }
    result.output = json_text(out, 2) + "\n";
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
  result.output = text + diff_text(diffs);
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
    // A translation whose own file has errors is not stamped: the translator
    // sees where, and the file stays as it is.
    bool broken = false;
    for (const auto& d : load.sorted())
      if (d.where.path == path && d.severity == Severity::error) {
        sink.report(d.where, d.severity, d.rule, d.message);
        broken = true;
      }
    if (broken) continue;
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
