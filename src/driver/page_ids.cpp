// Ids a page's templates give (`<main id="Main">`, the skip link's target)
// that an article's own heading id or anchor would give twice.
#include <algorithm>
#include <set>

#include "core/file_io.h"
#include "core/limits.h"
#include "core/text.h"
#include "driver/driver_internal.h"

namespace pp {

namespace {

// The literal ids of the templates: id="X" with no tag in X.
std::set<std::string> template_ids(const TemplateSet& templates) {
  std::set<std::string> ids;
  for (const auto& [name, text] : templates.all())
    for (std::size_t at = text.find(" id=\""); at != std::string::npos;
         at = text.find(" id=\"", at + 5)) {
      const std::size_t from = at + 5, end = text.find('"', from);
      if (end == std::string::npos) break;
      const std::string id = text.substr(from, end - from);
      if (!id.empty() && id.find('{') == std::string::npos) ids.insert(id);
    }
  return ids;
}

}  // namespace

void check_template_ids(const std::filesystem::path& root, const Corpus& corpus,
                        const TemplateSet& templates, DiagnosticSink& sink) {
  const std::set<std::string> taken = template_ids(templates);
  for (const auto& b : corpus.bundles)
    for (const auto& [lang, a] : b.articles)
      for (const auto& id : a.heading_ids) {
        if (!taken.count(id)) continue;
        // A translation assembled from a catalog has the source's ids where
        // it kept its blocks: reported once, in the source.
        if (a.assembled && b.source() && lang != b.source_lang &&
            std::find(b.source()->heading_ids.begin(), b.source()->heading_ids.end(), id) !=
                b.source()->heading_ids.end())
          continue;
        // Where the file writes it: {#id}, or an anchor's "id" (\"id\" in a
        // catalog's string).
        SourceLocation where{a.path, 0, 0};
        const ReadResult file = read_file(root / a.path, kMaxFileBytes);
        for (const std::string& written : {"{#" + id + "}", "\"" + id + "\"", "\\\"" + id + "\\\""})
          if (const auto at = file.bytes.find(written); file.ok && at != std::string::npos) {
            const auto [line, column] = line_and_column(file.bytes, at);
            where = {a.path, line, column};
            break;
          }
        sink.error(where, "markdown/heading-id",
                   "id '" + quote_for_message(id, 100) +
                       "' is one the page's templates give (the page would have it twice); "
                       "choose another");
      }
}

}  // namespace pp
