// libFuzzer entry point of fuzz_catalog() (fuzz/targets.cpp).
#include "targets.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return pp::fuzz::fuzz_catalog(data, size);
}
