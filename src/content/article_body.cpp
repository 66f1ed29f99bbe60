// An article's body read again for rendering, from the file its checked
// parse came from (or from memory, for a translation assembled from a
// catalog): a file changed since is an error, never a page of another text.
#include "content/article_cache.h"
#include "content/content.h"
#include "content/front_matter_split.h"
#include "content/markdown.h"
#include "content/markdown_guard.h"
#include "content/segments.h"
#include "content/tree_shape.h"
#include "core/file_io.h"
#include "core/limits.h"

namespace pp {

namespace fs = std::filesystem;

std::optional<Article> read_article_body(const fs::path& root, const Article& a,
                                         DiagnosticSink& sink) {
  if (a.assembled) {
    // Its body is in memory; the source's kept blocks are marked with their language.
    Article full = a;
    full.doc = parse_markdown(full.body);
    if (!full.doc) {
      sink.error({a.path, 0, 0}, "markdown/too-complex", kParseTooLong);
      return std::nullopt;
    }
    (void)shape_tree(full.doc->root(), full.body);  // as when it was checked
    mark_kept_segments(full.doc->root(), a.assembled->kept, a.assembled->source_lang,
                       a.assembled->source_dir);
    return full;
  }
  const std::string stamp = file_stamp((root / a.path).string());
  const ReadResult file = read_file(root / a.path, kMaxFileBytes);
  DiagnosticSink ignored;  // what parsing finds was reported when it was loaded
  auto split =
      file.ok && stamp == a.stamp ? split_front_matter(a.path, file.bytes, ignored) : std::nullopt;
  if (!split || file_stamp((root / a.path).string()) != stamp) {
    sink.error({a.path, 0, 0}, "bundle/changed",
               "the file changed while the site was being built; build again");
    return std::nullopt;
  }
  Article full = a;
  full.body = std::move(split->body);
  full.doc = parse_markdown(full.body);
  if (!full.doc) {  // parsed in time when checked; the machine is overloaded now
    sink.error({a.path, full.body_first_line, 1}, "markdown/too-complex", kParseTooLong);
    return std::nullopt;
  }
  (void)shape_tree(full.doc->root(), full.body);  // as when it was checked
  return full;
}

}  // namespace pp
