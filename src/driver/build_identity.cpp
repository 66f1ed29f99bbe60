// What every output of a build depends on besides what it reads (its
// identity), and what else decides whether the last build stands: one
// labelled line each, so that `build --explain` can name the one that changed.
#include <algorithm>

#include "core/clock.h"
#include "core/date.h"
#include "core/digest.h"
#include "core/file_io.h"
#include "core/limits.h"
#include "core/site_layout.h"
#include "driver/driver_internal.h"
#include "incremental/incremental.h"

namespace pp {

namespace fs = std::filesystem;

std::string build_identity(const BuildOptions& o) {
  const ReadResult config = read_file(o.root / kSiteConfigPath, kMaxConfigBytes);
  std::string s = "binary " + binary_identity() + "\nsite.yaml " + git_blob_id(config.bytes) +
                  "\npublishing " + o.publishing.text() + "\n";
  if (!o.overrides.env.empty()) {
    const ReadResult overlay = read_file(
        o.root / kPipelineFolder / ("site." + o.overrides.env + ".yaml"), kMaxConfigBytes);
    s += "env " + o.overrides.env + " " + git_blob_id(overlay.bytes) + "\n";
  }
  if (!o.overrides.base_url.empty()) s += "base " + o.overrides.base_url + "\n";
  return s;
}

std::string build_options_fingerprint(const BuildOptions& o, const std::string& identity,
                                      const fs::path& out_dir, const fs::path& mail_dir) {
  std::string s = identity + "out " + fs::absolute(out_dir).string() + "\nmail " +
                  fs::absolute(mail_dir).string() + "\nday " +
                  format_rfc3339_utc(current_time_ms()).substr(0, 10) + "\nshard " +
                  std::to_string(o.shard_index) + "/" + std::to_string(o.shard_count) +
                  "\nlanguages ";
  for (const auto& l : o.languages) s += l + ",";
  return s + "\n";
}

std::string options_change(const std::string& before, const std::string& now) {
  auto lines = [](const std::string& text) {
    std::vector<std::string> out;
    for (std::size_t at = 0; at < text.size();) {
      const std::size_t end = std::min(text.find('\n', at), text.size());
      out.push_back(text.substr(at, end - at));
      at = end + 1;
    }
    return out;
  };
  const auto a = lines(before), b = lines(now);
  for (std::size_t i = 0; i < std::max(a.size(), b.size()); ++i) {
    const std::string was = i < a.size() ? a[i] : "", is = i < b.size() ? b[i] : "";
    if (was == is) continue;
    const std::string label = is.substr(0, is.find(' '));
    if (label != was.substr(0, was.find(' '))) return "the options changed (--env or --base-url)";
    if (label == "binary") return "the polypress binary changed";
    if (label == "site.yaml" || label == "env") return "site.yaml or its --env overlay changed";
    if (label == "day")
      return "the day changed (that build's was " + was.substr(4) + ", now " + is.substr(4) + ")";
    if (label == "publishing")
      return "--drafts, --future or --expired changed ('" + was.substr(11) + "', now '" +
             is.substr(11) + "')";
    if (label == "out" || label == "mail") return "the output folder changed (--" + label + ")";
    return "the options changed (--" + (label == "languages" ? "lang" : label) + ")";
  }
  return "";
}

}  // namespace pp
