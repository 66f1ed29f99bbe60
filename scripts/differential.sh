#!/usr/bin/env bash
# A long run of the incremental-against-clean referee (tests/e2e/differential.py)
# on the release build: scripts/differential.sh [STEPS [SEED]]. Without a seed,
# one is drawn and printed, so a failing run can be replayed; a difference is
# shrunk to the fewest steps that show it and printed as a command.
set -euo pipefail
cd "$(dirname "$0")/.."
steps=${1:-1000}
seed=${2:-$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}
binary=build/polypress
if [ ! -x "$binary" ]; then
  echo "differential.sh: build polypress first (scripts/test.sh or cmake --build build)" >&2
  exit 2
fi
echo "differential: seed $seed, $steps steps"
exec /usr/bin/python3 tests/e2e/differential.py "$binary" . --seed "$seed" --steps "$steps" \
  --budget 200
