// `polypress new SECTION/SLUG`: a new bundle, or a new translation of one.
#include <fcntl.h>
#include <unicode/calendar.h>
#include <unicode/timezone.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <optional>

#include "content/content.h"
#include "content/front_matter_skeleton.h"
#include "core/clock.h"
#include "core/file_io.h"
#include "core/safe_fs.h"
#include "core/site_layout.h"
#include "core/text.h"
#include "driver/driver.h"
#include "driver/driver_internal.h"

namespace pp {

namespace fs = std::filesystem;

std::string today_in(const std::string& time_zone) {
  UErrorCode status = U_ZERO_ERROR;
  std::unique_ptr<icu::Calendar> cal(icu::Calendar::createInstance(
      icu::TimeZone::createTimeZone(icu::UnicodeString::fromUTF8(time_zone)), status));
  cal->setTime(current_time_ms(), status);
  char out[48];
  std::snprintf(out, sizeof out, "%04d-%02d-%02d", cal->get(UCAL_YEAR, status) % 10000,
                cal->get(UCAL_MONTH, status) + 1, cal->get(UCAL_DATE, status));
  return out;
}

std::optional<RunError> create_new_file(const fs::path& path, const std::string& bytes) {
  std::error_code ec;
  fs::create_directories(path.parent_path(), ec);
  if (ec)
    return RunError{ErrorKind::io,
                    "cannot create " + path.parent_path().string() + ": " + ec.message()};
  const fs::path temp = path.parent_path() / ("." + path.filename().string() + ".new");
  std::string error;
  if (write_file_atomic(temp, bytes, error) == WriteOutcome::failed)
    return RunError{ErrorKind::io, "cannot write " + error};
  const int rc = ::link(temp.c_str(), path.c_str());
  const int err = errno;
  fs::remove(temp, ec);
  if (rc != 0 && err == EEXIST)
    return RunError{ErrorKind::usage,
                    path.string() + " exists; polypress new never overwrites a file"};
  if (rc != 0)
    return RunError{ErrorKind::io, "cannot write " + path.string() + ": " + std::strerror(err)};
  return std::nullopt;
}

NewResult run_new(const fs::path& root, const std::string& id, const std::string& lang_option,
                  const std::string& type) {
  NewResult result;
  auto usage = [&](const std::string& problem) {
    result.stop(ErrorKind::usage, problem);
    return result;
  };
  const auto config = load_site_config(root, result.diagnostics);
  if (!config) {
    result.stop(ErrorKind::configuration);
    return result;
  }
  const auto slash = id.find('/');
  const std::string section = id.substr(0, slash);
  const std::string slug = slash == std::string::npos ? "" : id.substr(slash + 1);
  bool known_section = false;
  for (const auto& s : config->sections) known_section |= s.id == section;
  if (slash == std::string::npos || slug.empty())
    return usage("give the bundle as SECTION/SLUG, e.g. news/chip-launch");
  if (!known_section) return usage("section '" + section + "' is not configured in site.yaml");
  if (!is_slug(slug) || slug.size() > kMaxSlugLength)
    return usage("slug '" + slug + "' must match [a-z0-9]+(-[a-z0-9]+)* and have at most " +
                 std::to_string(kMaxSlugLength) + " characters");
  std::string lang = lang_option.empty() ? config->default_language : lang_option;
  if (const auto bcp47 = bcp47_of_posix(lang); bcp47 && config->language(*bcp47)) lang = *bcp47;
  if (!config->language(lang)) return usage("--lang: '" + lang + "' is not a configured language");
  const std::optional<ArticleType> article_type = article_type_from(type);
  if (!article_type) return usage("--type: '" + type + "' is not one of news, review, analysis");

  const std::string dir = std::string(kContentFolder) + "/" + section + "/" + slug;
  const std::string rel = dir + "/index." + lang + ".md";
  // A bundle that exists gets a translation of its source: the one of its
  // article files without translation_of (only this bundle is read).
  std::error_code ec;
  std::string bytes;
  if (fs::is_directory(root / dir, ec)) {
    std::optional<Article> src;
    for (const auto& e : fs::directory_iterator(root / dir, ec)) {
      const std::string name = e.path().filename().string();
      if (!name.starts_with("index.") || !name.ends_with(".md") || e.is_symlink(ec)) continue;
      const ReadResult file = read_file(e.path(), kMaxFileBytes);
      DiagnosticSink ignored;
      auto a = file.ok ? parse_article(dir + "/" + name, name.substr(6, name.size() - 9),
                                       file.bytes, ignored)
                       : std::nullopt;
      if (a && !a->own.translation_of) src = std::move(a);
    }
    if (!src) return usage(dir + " has no source file to translate");
    // the source's body, to be translated in place
    bytes = new_translation_front_matter(*src) + src->body;
  } else {
    bytes = new_source_front_matter(slug, *article_type, today_in(config->time_zone)) +
            "\nWrite the article here.\n";
  }
  // A section folder (or the bundle's) that is a link would take the new
  // file out of the site.
  if (const std::string link = link_on_way(root, rel); !link.empty()) {
    result.stop(ErrorKind::io, link +
                                   " is a symbolic link or special file; polypress new never "
                                   "writes through one");
    return result;
  }
  if (auto problem = create_new_file(root / rel, bytes)) {
    result.error = std::move(problem);
    return result;
  }
  result.path = rel;
  return result;
}

}  // namespace pp
