#pragma once
// Where things are in a site: the folders and files polypress reads and
// writes, relative to the site root (docs/spec.md §1). Every path of the
// layout is named here once; code builds paths from these names.

#include <string>

namespace pp {

/// The articles: `content/<section>/<slug>/index.<lang>.md` and their files.
inline constexpr const char* kContentFolder = "content";
/// The site's own configuration, templates and static files.
inline constexpr const char* kPipelineFolder = "pipeline";
/// The site configuration (docs/spec.md §2).
inline constexpr const char* kSiteConfigPath = "pipeline/site.yaml";
/// Mustache templates: `html/<name>.mustache` and `email/<name>.mustache`.
inline constexpr const char* kTemplatesFolder = "pipeline/templates";
/// Files copied to `<out>/assets/` as they are.
inline constexpr const char* kStaticFolder = "pipeline/static";
/// The interface-string catalogs: `<lang>.po` and the template.
inline constexpr const char* kLocalesFolder = "locales";
/// The extracted interface strings (`i18n extract`).
inline constexpr const char* kPotPath = "locales/polypress.pot";
/// The catalog of one language, `locales/<lang>.po`.
inline std::string catalog_path(const std::string& lang) {
  return std::string(kLocalesFolder) + "/" + lang + ".po";
}
/// polypress's own state (docs/incremental.md): never edited by hand.
inline constexpr const char* kStateFolder = ".polypress";
/// The build state: what the last build made and from what (docs/incremental.md).
inline constexpr const char* kBuildStatePath = ".polypress/build.sqlite";
/// Written (and removed) at each build's start: its time is the file system's
/// clock, in its own granularity (docs/incremental.md, "Racy stamps").
inline constexpr const char* kClockPath = ".polypress/clock";
/// The link checker's cache of external URLs.
inline constexpr const char* kLinkCachePath = ".polypress/links.sqlite";
/// Where a running build stages its files (`staging/<pid>/`).
inline constexpr const char* kStagingFolder = ".polypress/staging";
/// The default output folders (`--out`, `--mail-out`).
inline constexpr const char* kDefaultOutFolder = "public";
inline constexpr const char* kDefaultMailFolder = "mail";
/// Where `serve` builds its preview (drafts, another environment): never
/// the deploy folders, so that nothing of a preview is ever deployed.
inline constexpr const char* kServeOutFolder = ".polypress/serve/public";
inline constexpr const char* kServeMailFolder = ".polypress/serve/mail";

}  // namespace pp
