// libFuzzer entry point of fuzz_links() (fuzz/targets.cpp).
#include "targets.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return pp::fuzz::fuzz_links(data, size);
}
