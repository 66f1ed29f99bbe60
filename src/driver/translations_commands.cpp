// The translations commands: the matrix, its paragraph diffs, and stamping.
#include <algorithm>

#include "config/config.h"
#include "content/content.h"
#include "core/digest.h"
#include "core/file_io.h"
#include "core/process.h"
#include "driver/driver_internal.h"
#include "l10n/l10n.h"
#include "render/render.h"

namespace pp {

namespace fs = std::filesystem;

namespace {

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

}  // namespace

TranslationsResult run_translations(const fs::path& root, bool diff) {
  TranslationsResult result;
  const auto config = load_site_config(root, result.diagnostics);
  if (!config) {
    result.stop(ErrorKind::configuration);
    return result;
  }
  if (diff) {
    const ProcessResult git =
        run_process({"git", "-C", root.string(), "rev-parse", "--is-inside-work-tree"});
    if (git.exit_code != 0 || git.out != "true\n") {
      result.stop(ErrorKind::usage, "--diff needs the site in a git repository (git rev-parse: " +
                                        (git.err.empty() ? std::string("not a work tree")
                                                         : git.err.substr(0, git.err.find('\n'))) +
                                        ")");
      return result;
    }
  }
  DiagnosticSink ignored;  // the matrix is shown even when articles have findings
  const Corpus corpus = load_corpus(root, *config, ignored);
  for (const auto& l : config->languages) result.languages.push_back(l.code);
  result.rows = translation_matrix(root, *config, corpus);
  if (diff) result.diffs = stale_diffs(root, corpus, result.rows);
  return result;
}

namespace {

// True when the translation's body is byte for byte its source's.
bool same_body(const fs::path& root, const Article& translation, const Article& source) {
  DiagnosticSink ignored;
  const auto t = read_article_body(root, translation, ignored);
  const auto s = read_article_body(root, source, ignored);
  return t && s && t->body == s->body;
}

}  // namespace

CommandResult run_translations_stamp(const fs::path& root, const std::vector<std::string>& files,
                                     bool force) {
  CommandResult result;
  std::vector<std::string> wanted;
  if (!resolve_files(root, files, wanted, result)) return result;
  DiagnosticSink& sink = result.diagnostics;
  const auto config = load_site_config(root, sink);
  if (!config) {
    result.stop(ErrorKind::configuration);
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
    if (!force && same_body(root, *article, *bundle->source())) {
      // A copy nobody translated yet would count as done.
      sink.error({path, 1, 1}, "i18n/stamp",
                 "its body is still the source's, byte for byte: translate it first (or "
                 "stamp it with --force)");
      continue;
    }
    const auto stamped = source.ok && bytes.ok
                             ? stamp_front_matter(bytes.bytes, git_blob_id(source.bytes))
                             : std::nullopt;
    std::string error;
    if (!stamped) {
      sink.error({path, 1, 1}, "i18n/stamp", "cannot stamp: the file or its source cannot be read");
    } else if (refused_link(root, path, sink)) {
      continue;
    } else if (write_file_atomic(root / path, *stamped, error) == WriteOutcome::failed) {
      sink.error({path, 0, 0}, "emit/write", "cannot write: " + error);
    }
  }
  return result;
}

}  // namespace pp
