// `polypress init [DIR]`: a starter site that builds at once (docs/templates.md).
#include <algorithm>
#include <set>
#include <system_error>

#include "config/config.h"
#include "core/builtin_theme.h"
#include "core/file_io.h"
#include "core/safe_fs.h"
#include "core/site_layout.h"
#include "core/text.h"
#include "core/visible_text.h"
#include "driver/driver.h"
#include "driver/driver_internal.h"
#include "l10n/l10n.h"
#include "render/render.h"

namespace pp {

namespace fs = std::filesystem;

namespace {

// Why `title` cannot name a site, or "".
std::string title_problem(const std::string& title) {
  if (title.empty()) return "--title must not be empty";
  if (find_invalid_utf8(title) != std::string::npos) return "--title is not valid UTF-8";
  if (count_code_points(title) > 100) return "--title has more than 100 characters";
  for (unsigned char c : title)
    if (c < 0x20 || c == 0x7F) return "--title holds a control character";
  if (visible_text(title) != title) return "--title holds a character that cannot be shown";
  return "";
}

// The languages of --languages as BCP 47 tags, or a usage problem in `problem`.
std::vector<std::string> language_list(const std::string& option, std::string& problem) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= option.size()) {
    const auto comma = option.find(',', start);
    std::string code = option.substr(start, comma == std::string::npos ? comma : comma - start);
    start = comma == std::string::npos ? option.size() + 1 : comma + 1;
    if (code.empty()) continue;
    if (const auto tag = bcp47_of_posix(code)) code = *tag;
    if (!is_language_code_shape(code) || !is_known_language(code)) {
      problem = "--languages: '" + quote_for_message(code, 40) +
                "' is not a language ICU knows (give BCP 47 codes: en,ko,pt-BR)";
      return {};
    }
    if (std::find(out.begin(), out.end(), code) != out.end()) {
      problem = "--languages: '" + code + "' is given twice";
      return {};
    }
    out.push_back(code);
  }
  if (out.empty()) problem = "--languages: give at least one language code, e.g. en,ko";
  return out;
}

// The base URL as site.yaml wants it (base_url_problem(): absolute http(s),
// ending with '/'; the '/' is added), or "".
std::string base_url_of(std::string url) {
  if (!url.empty() && url.back() != '/') url += '/';
  return base_url_problem(url).empty() ? url : "";
}

// Whether the folder holds anything.
bool has_entries(const fs::path& dir) {
  std::error_code ec;
  return fs::directory_iterator(dir, ec) != fs::directory_iterator();
}

// Creates `rel` under `dir` unless something is there: written or kept. A
// link on the way is refused, never written through.
void place(const fs::path& dir, const std::string& rel, const std::string& bytes, InitResult& r) {
  if (!link_on_way(dir, fs::path(rel).parent_path()).empty() ||
      file_kind(dir / rel) == FileKind::symlink || file_kind(dir / rel) == FileKind::special) {
    r.stop(ErrorKind::io, (dir / link_on_way(dir, rel)).string() +
                              " is a symbolic link or special file; polypress init never "
                              "writes through one");
    return;
  }
  if (file_kind(dir / rel) != FileKind::missing) {
    r.kept.push_back(rel);
    return;
  }
  if (auto problem = create_new_file(dir / rel, bytes)) {
    if (problem->kind == ErrorKind::usage) {  // it appeared meanwhile: kept as it is
      r.kept.push_back(rel);
      return;
    }
    r.error = std::move(problem);
    return;
  }
  r.written.push_back(rel);
}

// A .gitignore kept as it was (--force) that leaves .polypress/ to git: said,
// since the build state is no one else's to trust (docs/ci.md).
void warn_if_state_not_ignored(const fs::path& dir, InitResult& r) {
  if (std::find(r.kept.begin(), r.kept.end(), ".gitignore") == r.kept.end()) return;
  const ReadResult file = read_file(dir / ".gitignore", 1 << 20);
  if (!file.ok) return;
  for (std::size_t from = 0; from <= file.bytes.size();) {
    auto end = file.bytes.find('\n', from);
    if (end == std::string::npos) end = file.bytes.size();
    std::string line = file.bytes.substr(from, end - from);
    while (!line.empty() && (line.back() == ' ' || line.back() == '\r' || line.back() == '/'))
      line.pop_back();
    if (line == ".polypress" || line == "/.polypress") return;
    from = end + 1;
  }
  r.diagnostics.warning({".gitignore", 0, 0}, "config/committed-state",
                        "kept as it was, and it does not ignore .polypress/: add /.polypress/, "
                        "/public/ and /mail/ to it (the build state is this machine's alone)");
}

}  // namespace

InitResult run_init(const InitOptions& o) {
  InitResult r;
  std::string problem = title_problem(o.title);
  StarterSite s;
  s.title = o.title;
  s.languages = language_list(o.languages, problem);
  s.base_url = base_url_of(o.base_url);
  if (problem.empty() && s.base_url.empty())
    problem =
        "--base-url: '" + quote_for_message(o.base_url, 60) + "' is not an absolute http(s) URL";
  if (!problem.empty()) {
    r.stop(ErrorKind::usage, problem);
    return r;
  }
  s.today = today_in("UTC");

  const fs::path& dir = o.dir;
  // In a site's folder, --eject-theme copies the theme and nothing else.
  if (o.eject_theme && file_kind(dir / kSiteConfigPath) == FileKind::regular) {
    r.root = dir;
    for (const auto& [path, bytes] : builtin_theme_files()) {
      if (path.starts_with("locales/")) continue;  // they fill locales/<lang>.po instead
      place(dir, std::string(kPipelineFolder) + "/" + path, bytes, r);
      if (r.error) break;
    }
    return r;
  }
  switch (file_kind(dir)) {
    case FileKind::missing:
      break;
    case FileKind::directory:
      if (has_entries(dir) && !o.force) {
        r.stop(ErrorKind::usage, dir.string() +
                                     " is not empty; polypress init starts a site in an empty "
                                     "folder (--force adds what is missing, and never "
                                     "overwrites a file)");
        return r;
      }
      break;
    default:
      r.stop(ErrorKind::usage, dir.string() + " exists and is not a folder");
      return r;
  }
  r.root = dir;

  std::map<std::string, std::string> files = starter_site_files(s);
  if (o.eject_theme)
    for (const auto& [path, bytes] : builtin_theme_files())
      if (!path.starts_with("locales/")) files[std::string(kPipelineFolder) + "/" + path] = bytes;
  for (const auto& [rel, bytes] : files) {
    place(dir, rel, bytes, r);
    if (r.error) return r;
  }
  warn_if_state_not_ignored(dir, r);

  // The catalogs, from the site as written: the .pot, and one catalog per
  // language with its CLDR plural forms (the ones already there are kept).
  const auto config = load_site_config(dir, r.diagnostics);
  if (!config) {
    r.stop(ErrorKind::configuration);
    return r;
  }
  const TemplateSet templates = TemplateSet::load(dir, r.diagnostics);
  if (r.diagnostics.has_errors()) return r;
  place(dir, kPotPath, format_pot(extract_messages(*config, templates)), r);
  if (r.error) return r;
  for (const auto& lang : config->languages) {
    const auto merged = merge_catalog(dir, lang, r.diagnostics);
    if (!merged || !merged->created) continue;
    place(dir, catalog_path(lang.code), merged->text, r);
    if (r.error) return r;
  }
  return r;
}

}  // namespace pp
