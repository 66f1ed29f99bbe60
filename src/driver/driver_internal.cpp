// Helpers the command files share.
#include "driver/driver_internal.h"
#include "core/safe_fs.h"
#include "core/site_layout.h"

namespace pp {

namespace fs = std::filesystem;

std::string relative_to_root(const fs::path& root, const std::string& file) {
  std::error_code ec;
  fs::path p = fs::weakly_canonical(fs::path(file), ec);
  const fs::path r = fs::weakly_canonical(root, ec);
  if (!ec) {
    const fs::path rel = p.lexically_relative(r);
    if (!rel.empty() && *rel.begin() != "..") return rel.generic_string();
  }
  return fs::path(file).lexically_normal().generic_string();
}

bool resolve_files(const fs::path& root, const std::vector<std::string>& files,
                   std::vector<std::string>& wanted, CommandResult& result) {
  for (const auto& f : files) {
    std::error_code ec;
    if (fs::is_regular_file(f, ec)) {
      wanted.push_back(relative_to_root(root, f));
    } else if (fs::is_regular_file(root / f, ec)) {
      wanted.push_back(fs::path(f).lexically_normal().generic_string());
    } else {
      result.stop(ErrorKind::usage, "no such file: " + f);
      return false;
    }
  }
  return true;
}

namespace {

// `inner` is `outer` or lies inside it (both absolute and normal).
bool within(const fs::path& inner, const fs::path& outer) {
  auto i = inner.begin(), o = outer.begin();
  for (; o != outer.end() && !o->empty(); ++o, ++i)
    if (i == inner.end() || *i != *o) return false;
  return true;
}

// The absolute, normal form of `p`, with symbolic links of its existing part
// resolved (an output folder reached through a link is where the link leads).
fs::path resolved(const fs::path& p) {
  std::error_code ec;
  const fs::path r = fs::weakly_canonical(fs::absolute(p), ec);
  return (ec ? fs::absolute(p) : r).lexically_normal();
}

}  // namespace

std::string output_folder_problem(const fs::path& root, const fs::path& folder,
                                  const std::string& option, const std::string& value,
                                  const fs::path& other) {
  const fs::path site = resolved(root), out = resolved(folder);
  const std::string shown = "'" + value + "'";
  if (within(site, out))
    return option + " " + shown +
           " is the site's folder or holds it: outputs would mix with "
           "the inputs";
  // serve's preview folders are polypress's own, in its state folder.
  const bool preview =
      out == resolved(root / kServeOutFolder) || out == resolved(root / kServeMailFolder);
  for (const char* input : {kContentFolder, kPipelineFolder, kLocalesFolder, kStateFolder})
    if (within(out, resolved(root / input)) &&
        !(preview && std::string_view(input) == kStateFolder))
      return option + " " + shown + " lies inside " + input + "/ of the site";
  if (!other.empty()) {
    const fs::path o = resolved(other);
    if (within(out, o) || within(o, out))
      return option + " " + shown + " overlaps the other output folder";
  }
  return "";
}

bool refused_link(const std::filesystem::path& root, const std::string& rel, DiagnosticSink& sink) {
  const std::string link = link_on_way(root, rel);
  if (link.empty()) return false;
  sink.error({rel, 0, 0}, "emit/write",
             "cannot write: " + link +
                 " is a link or a special file; polypress does not write through it");
  return true;
}

}  // namespace pp
