#!/usr/bin/env bash
# One command for the build benchmark on a fresh machine: installs the project's
# dependencies and the competitors (Debian packages), builds polypress in
# release mode, and builds the generated corpus with polypress and Hugo.
#   bash bench/run.sh [BUNDLES] [RUNS]     (defaults: 1000 bundles, 2 runs)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash bench/install-bench-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build --target polypress
python3 bench/bench_build.py build/polypress --bundles "${1:-1000}" --runs "${2:-2}"
