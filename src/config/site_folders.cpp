// The site's own folders are folders: polypress never reads through a link
// (docs/hardening.md, issue 37 H4), and a linked content/, pipeline/ or
// locales/ would make it read (and build, extract and update from) files
// outside the site.
#include "config/config.h"
#include "core/site_layout.h"

namespace pp {

bool site_folders_are_real(const std::filesystem::path& root, DiagnosticSink& sink) {
  bool ok = true;
  for (const char* rel : {kContentFolder, kPipelineFolder, kLocalesFolder, kTemplatesFolder,
                          kStaticFolder, "pipeline/templates/html", "pipeline/templates/email"}) {
    std::error_code ec;
    if (!std::filesystem::is_symlink(std::filesystem::symlink_status(root / rel, ec))) continue;
    sink.error({rel, 0, 0}, "config/linked-folder",
               std::string(rel) +
                   "/ is a symbolic link: polypress never reads or writes through one; make it "
                   "a folder of the site");
    ok = false;
  }
  return ok;
}

}  // namespace pp
