// serve's memory between builds (docs/serve.md, "What serve keeps in memory").
#include "core/site_layout.h"
#include "driver/driver.h"
#include "driver/driver_internal.h"
#include "incremental/incremental.h"

namespace pp {

BuildMemory::BuildMemory() = default;

BuildMemory::~BuildMemory() {
  if (freeing_.joinable()) freeing_.join();
}

void BuildMemory::changed(const std::string& rel) {
  bundles.changed(rel);
  // Catalogs, templates, site.yaml, static files: outside the bundles.
  if (!rel.starts_with(std::string(kContentFolder) + "/")) others_changed = true;
}

void BuildMemory::changed_all() {
  bundles.forget_all();
  others_changed = true;
}

void BuildMemory::free_later(std::vector<std::shared_ptr<void>> garbage) {
  if (freeing_.joinable()) freeing_.join();
  // In the order given: a plan before the corpus it points into.
  freeing_ = std::thread([g = std::move(garbage)]() mutable {
    for (auto& p : g) p.reset();
  });
}

RenderInputs render_inputs(const std::filesystem::path& root, const SiteConfig& config,
                           BuildMemory* memory, DiagnosticSink& sink) {
  if (!memory) return load_render_inputs(root, config, sink);
  if (memory->inputs && !memory->others_changed) {
    sink.merge(memory->inputs_findings);
    RenderInputs kept = std::move(*memory->inputs);
    memory->inputs.reset();
    return kept;
  }
  // Read again: what was kept is forgotten, and the change stays noted
  // until a build that succeeds gives these back (run_build): a build that
  // fails after reading them must not leave the older ones to the next.
  memory->inputs.reset();
  DiagnosticSink found;
  RenderInputs r = load_render_inputs(root, config, found);
  sink.merge(found);
  memory->inputs_findings = std::move(found);
  return r;
}

}  // namespace pp
