#!/usr/bin/env bash
# Installs what is missing, builds polypress with its tests (warnings are errors),
# and runs the whole suite with ctest; then again under ASan + UBSan.
# SANITIZE=0 skips the sanitizer pass.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/install-browser-deps.sh
bash scripts/install-validator-deps.sh
bash scripts/install-test-documents.sh
jobs=$(nproc 2>/dev/null || echo 2)

run_suite() {  # build-dir, extra cmake args...
  local dir=$1; shift
  cmake -S . -B "$dir" -G Ninja -DBUILD_TESTING=ON -DPOLYPRESS_WERROR=ON "$@" >/dev/null
  cmake --build "$dir" -j "$jobs"
  ctest --test-dir "$dir" -j "$jobs" --output-on-failure --timeout 600
}

if [ "${SANITIZE:-1}" != 0 ]; then
  echo "== tests under AddressSanitizer + UndefinedBehaviorSanitizer"
  ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    run_suite build-asan -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG=-g1 -DPOLYPRESS_SANITIZE=ON
fi
echo "== tests (release build)"
run_suite build -DCMAKE_BUILD_TYPE=RelWithDebInfo
