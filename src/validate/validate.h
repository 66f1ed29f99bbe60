#pragma once
// Stage: front matter and bundle rules over the whole corpus (docs/spec.md §3–§4).

#include "config/config.h"
#include "content/content.h"
#include "core/diagnostic.h"

namespace pp {

/// Checks required keys per type, date order, exactly one source per bundle,
/// shared keys that differ from the source's, figures defined and used, raw
/// HTML. Reports every finding; never stops early.
void validate_corpus(const SiteConfig& config, const Corpus& corpus, DiagnosticSink& sink);

/// validate_corpus() of one bundle: what it finds reads nothing outside `b`.
void validate_bundle(const SiteConfig& config, const Bundle& b, DiagnosticSink& sink);

}  // namespace pp
