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
#include <nlohmann/json.hpp>
#include <optional>

#include "content/content.h"
#include "core/clock.h"
#include "core/digest.h"
#include "core/file_io.h"
#include "core/json_text.h"
#include "core/text.h"
#include "driver/driver.h"
#include "driver/driver_internal.h"

namespace pp {

namespace fs = std::filesystem;

namespace {

// A YAML double-quoted scalar (JSON's string syntax is a subset of it).
std::string yaml_quoted(const std::string& s) {
  return json_text(nlohmann::json(s), -1);
}

// Today in the site's time zone, as YYYY-MM-DD.
std::string today(const std::string& time_zone) {
  UErrorCode status = U_ZERO_ERROR;
  std::unique_ptr<icu::Calendar> cal(icu::Calendar::createInstance(
      icu::TimeZone::createTimeZone(icu::UnicodeString::fromUTF8(time_zone)), status));
  cal->setTime(current_time_ms(), status);
  char out[48];
  std::snprintf(out, sizeof out, "%04d-%02d-%02d", cal->get(UCAL_YEAR, status) % 10000,
                cal->get(UCAL_MONTH, status) + 1, cal->get(UCAL_DATE, status));
  return out;
}

// "chip-launch" → "Chip launch".
std::string title_of(const std::string& slug) {
  std::string t = slug;
  std::replace(t.begin(), t.end(), '-', ' ');
  if (!t.empty() && t[0] >= 'a' && t[0] <= 'z') t[0] = static_cast<char>(t[0] - 'a' + 'A');
  return t;
}

// The front matter of a new source file of `type`: every required key, with
// values that pass validate and say what to write; a draft until edited.
std::string source_file(const std::string& slug, const std::string& type, const std::string& date) {
  std::string fm = "---\ntitle: " + yaml_quoted(title_of(slug)) + "\ntype: " + type +
                   "\ndate: " + date + "\ndraft: true\nsummary: " +
                   yaml_quoted("One or two sentences: the dek, and the email's preheader.") + "\n";
  if (type == "news" || type == "review")
    fm += "verdict: " + yaml_quoted("The one-line takeaway.") + "\n";
  if (type == "review")
    fm += "rating: 3\nchecked: " + date + "\nproduct: {name: " + yaml_quoted(title_of(slug)) +
          ", url: \"https://example.com/\", kind: tool}\n";
  if (type == "news" || type == "analysis")
    fm +=
        "sources:\n  - {title: \"The source's title\", url: \"https://example.com/\", "
        "publisher: \"Publisher\"}\n";
  return fm + "---\n\nWrite the article here.\n";
}

// Creates `path` with `bytes`, never over an existing file, never half-written:
// a temporary is written, then linked under the name (link fails if it exists).
// A file that exists is a usage error; one that cannot be written an I/O error.
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

}  // namespace

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
  const std::string lang = lang_option.empty() ? config->default_language : lang_option;
  if (!config->language(lang)) return usage("--lang: '" + lang + "' is not a configured language");
  if (type != "news" && type != "review" && type != "analysis")
    return usage("--type: '" + type + "' is not one of news, review, analysis");

  const std::string dir = "content/" + section + "/" + slug;
  const std::string rel = dir + "/index." + lang + ".md";
  // A bundle that exists gets a translation of its source: the one of its
  // article files without translation_of (only this bundle is read).
  std::error_code ec;
  std::string bytes;
  if (fs::is_directory(root / dir, ec)) {
    std::optional<Article> src;
    std::string src_bytes;
    for (const auto& e : fs::directory_iterator(root / dir, ec)) {
      const std::string name = e.path().filename().string();
      if (!name.starts_with("index.") || !name.ends_with(".md") || e.is_symlink(ec)) continue;
      const ReadResult file = read_file(e.path(), kMaxFileBytes);
      DiagnosticSink ignored;
      auto a = file.ok ? parse_article(dir + "/" + name, name.substr(6, name.size() - 9),
                                       file.bytes, ignored)
                       : std::nullopt;
      if (a && !a->own.translation_of) src = std::move(a), src_bytes = file.bytes;
    }
    if (!src) return usage(dir + " has no source file to translate");
    std::string fm =
        "---\ntitle: " + yaml_quoted(src->meta.title ? src->meta.title->value : "") + "\n";
    fm += "summary: " + yaml_quoted(src->meta.summary ? src->meta.summary->value : "") + "\n";
    if (src->meta.verdict) fm += "verdict: " + yaml_quoted(src->meta.verdict->value) + "\n";
    fm += "translation_of: " + src->lang + "\nsource_digest: " + git_blob_id(src_bytes) + "\n";
    bytes = fm + "---\n" + src->body;  // the source's body, to be translated in place
  } else {
    bytes = source_file(slug, type, today(config->time_zone));
  }
  if (auto problem = create_new_file(root / rel, bytes)) {
    result.error = std::move(problem);
    return result;
  }
  result.path = rel;
  return result;
}

}  // namespace pp
