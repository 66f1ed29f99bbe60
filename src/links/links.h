#pragma once
// Stage: links found in bodies and front matter — classification, internal
// resolution per language, anchors.

#include <optional>
#include <string>

#include "config/config.h"
#include "content/content.h"
#include "core/diagnostic.h"

namespace pp {

enum class LinkKind {
  internal,   ///< "/section/slug" or "/section/slug#anchor": a bundle path
  external,   ///< http(s)://…
  mail,       ///< mailto:
  fragment,   ///< "#anchor" on the same page
  local,      ///< a relative path: a file of the bundle ("chart.svg")
  forbidden,  ///< javascript:, vbscript:, data:
  other,      ///< another scheme or an absolute path that is not a bundle path
};

/// Classifies a link destination as written.
LinkKind classify_link(const std::string& url);

/// A bundle path split into bundle id and (percent-decoded) anchor.
struct InternalLink {
  std::string bundle_id;
  std::string anchor;
};

/// Parses "/section/slug[/][#anchor]"; nullopt for anything else.
std::optional<InternalLink> parse_internal_link(const std::string& url);

/// Where an internal link leads from a page in `lang`.
struct LinkTarget {
  const Bundle* bundle = nullptr;  ///< nullptr: unknown bundle
  const Article* article = nullptr;
  std::string lang;           ///< the language linked (lang, or the source's)
  bool untranslated = false;  ///< not in `lang`: linked in its source language
  bool anchor_found = true;
};

/// Resolves an internal link for a page in `lang`.
LinkTarget resolve_internal_link(const Corpus& corpus, const InternalLink& link,
                                 const std::string& lang);

/// Checks every link of every article and every `related` id: forbidden schemes,
/// unknown bundles and anchors (errors), untranslated targets (warnings),
/// bundle files that do not exist (errors).
void check_links(const SiteConfig& config, const Corpus& corpus, DiagnosticSink& sink);

}  // namespace pp
