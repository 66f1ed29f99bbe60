#!/usr/bin/env bash
# One command for the build benchmark on a fresh machine: installs the project's
# dependencies and the competitors (Debian packages), builds polypress in
# release mode, and builds the generated corpora with polypress and Hugo, taking
# turns, then prints the growth table (docs/performance.md).
#   bash bench/run.sh [SIZES] [RUNS]   (defaults: 1000,5000,20000 bundles, 1 run)
# 20,000 bundles need about 6 GB of disk in /tmp/polypress-bench and an hour.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash bench/install-bench-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build --target polypress
python3 bench/bench_build.py build/polypress --bundles "${1:-1000,5000,20000}" --runs "${2:-1}"
