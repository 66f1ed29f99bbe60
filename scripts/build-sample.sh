#!/usr/bin/env bash
# Installs what is missing, builds polypress, and builds the sample site into public/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBUILD_TESTING=OFF >/dev/null
cmake --build build --target polypress
./build/polypress build
echo "The sample site is in $(pwd)/public/ (start at public/index.html); per-language pages are in public/<lang>/, one email per article and language in mail/<lang>/."
