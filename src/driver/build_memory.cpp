// serve's memory between builds (docs/serve.md, "What serve keeps in memory").
#include "driver/driver.h"
#include "incremental/incremental.h"

namespace pp {

BuildMemory::~BuildMemory() {
  if (freeing_.joinable()) freeing_.join();
}

void BuildMemory::free_later(std::vector<std::shared_ptr<void>> garbage) {
  if (freeing_.joinable()) freeing_.join();
  // In the order given: a plan before the corpus it points into.
  freeing_ = std::thread([g = std::move(garbage)]() mutable {
    for (auto& p : g) p.reset();
  });
}

}  // namespace pp
