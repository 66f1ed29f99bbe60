#!/usr/bin/env bash
# Checks the incremental referee (tests/e2e/differential.py) against the code it
# guards: for each place that records a dependency (record_dependency, or
# record_dependencies where a shared value's reads are recorded again), builds
# polypress with that one recording removed and runs the referee, which must
# find a difference (docs/incremental.md, "The referee"). Slow: one build of
# polypress per place, in a worktree of HEAD under WORK (default
# /tmp/pp-referee-mutations), with ccache.
#
#   scripts/referee-mutations.sh [STEPS [SEEDS]]
#   ONLY=email_images scripts/referee-mutations.sh   (the places matching a pattern)
set -euo pipefail
cd "$(dirname "$0")/.."
steps=${1:-60}
seeds=${2:-"1 2 3 4"}
work=${WORK:-/tmp/pp-referee-mutations}
repo=$(pwd)
rm -rf "$work" && mkdir -p "$work"
git worktree add --detach "$work/src" HEAD >/dev/null
trap 'git -C "$repo" worktree remove --force "$work/src"' EXIT
export CCACHE_BASEDIR="$work"
cmake -S "$work/src" -B "$work/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DBUILD_TESTING=OFF -DPOLYPRESS_WERROR=OFF >/dev/null
mapfile -t places < <(cd "$work/src" && grep -rnE "record_dependenc(y|ies)\(" src --include=*.cpp |
  grep -v "^src/incremental/dependency_log.cpp" | grep -- "${ONLY:-}" | cut -d: -f1,2)
caught=0 missed=()
for place in "${places[@]}"; do
  file=${place%%:*} line=${place##*:}
  cp "$work/src/$file" "$work/saved"
  # The call's value is still made, only not recorded.
  sed -i -E "${line}s/record_dependenc(y|ies)\(/(void)(/" "$work/src/$file"
  cmake --build "$work/build" --target polypress >/dev/null
  found=no
  for seed in $seeds; do
    if ! /usr/bin/python3 tests/e2e/differential.py "$work/build/polypress" "$repo" \
      --seed "$seed" --steps "$steps" --budget 0 >"$work/last.log" 2>&1; then
      found="seed $seed: $(grep -m1 -A1 'differs' "$work/last.log" | tail -1 | cut -c1-120)"
      break
    fi
  done
  cp "$work/saved" "$work/src/$file"
  if [ "$found" = no ]; then missed+=("$place"); echo "MISSED  $place: $(sed -n "${line}p" "$work/src/$file" | sed 's/^ *//')"
  else caught=$((caught + 1)); echo "caught  $place ($found)"; fi
done
echo "referee-mutations: ${caught} of ${#places[@]} removed recordings caught"
[ ${#missed[@]} -eq 0 ]
