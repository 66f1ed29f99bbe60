#!/usr/bin/env bash
# Runs the whole test suite (scripts/test.sh, as .ci/run does) while two busy
# loops keep both cores occupied, as on a shared CI machine: no test may
# depend on how fast the machine is (docs/hardening.md, issue 15 finding 17).
# The loops are stopped however the suite ends.
set -euo pipefail
cd "$(dirname "$0")/.."
hogs=()
stop_hogs() { for p in "${hogs[@]}"; do kill "$p" 2>/dev/null || true; done; }
trap stop_hogs EXIT
for _ in 1 2; do
  (while :; do :; done) &
  hogs+=($!)
done
echo "test-busy: busy loops ${hogs[*]} on both cores"
bash scripts/test.sh
