// libFuzzer entry point of fuzz_figures() (fuzz/targets.cpp).
#include "targets.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return pp::fuzz::fuzz_figures(data, size);
}
