#!/usr/bin/env bash
# Builds the libFuzzer targets (Debian's clang, ASan + UBSan) and runs them.
#   bash scripts/fuzz.sh [TARGET|all] [SECONDS] [JOBS]
# TARGET: front_matter, markdown, po, email, links, figures, catalog (default
# all, one after another);
# SECONDS per target (default 600); JOBS parallel fuzzing processes (default 1).
# Seeds are the project's own articles and catalogs and the target's own seeds
# (fuzz/seeds/<target>/); the growing corpus is kept
# in build-fuzz/corpus/<target>/, findings go to build-fuzz/findings/<target>/.
# Keep each finding, once fixed, in fuzz/regressions/<target>/ (the unit tests
# replay them).
set -euo pipefail
cd "$(dirname "$0")/.."
target="${1:-all}"; seconds="${2:-600}"; jobs="${3:-1}"
bash scripts/install-deps.sh
if ! command -v clang++ >/dev/null; then
  sudo=""; [ "$(id -u)" -ne 0 ] && sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends clang
fi
CC=clang CXX=clang++ cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DPOLYPRESS_FUZZ=ON -DBUILD_TESTING=OFF >/dev/null
targets=(front_matter markdown po email links figures catalog)
[ "$target" != all ] && targets=("$target")
for t in "${targets[@]}"; do
  cmake --build build-fuzz --target "fuzz_$t"
  seeds="build-fuzz/seeds/$t"; rm -rf "$seeds"; mkdir -p "$seeds" "build-fuzz/corpus/$t" "build-fuzz/findings/$t"
  case "$t" in
    po | catalog) pattern='*.po' ;;
    *) pattern='*.md' ;;
  esac
  i=0
  while IFS= read -r -d '' f; do cp "$f" "$seeds/seed-$i"; i=$((i + 1)); done < <(
    find content locales tests/e2e/sites tests/e2e/invalid "fuzz/regressions/$t" "fuzz/seeds/$t" -type f \
      \( -name "$pattern" -o -name '*.pot' -o -path "fuzz/regressions/*" -o -path "fuzz/seeds/*" \) \
      -size -256k -print0 2>/dev/null)
  echo "fuzz_$t: $i seeds, $seconds s, $jobs job(s)"
  # With several jobs libFuzzer writes fuzz-<n>.log into the working folder.
  parallel=(); [ "$jobs" -gt 1 ] && parallel=(-jobs="$jobs" -workers="$jobs")
  mkdir -p "build-fuzz/logs/$t"
  (cd "build-fuzz/logs/$t" && ../../fuzz/"fuzz_$t" -max_total_time="$seconds" -timeout=10 \
    -rss_limit_mb=4096 -max_len=65536 -print_final_stats=1 "${parallel[@]}" \
    -artifact_prefix="../../findings/$t/" "../../corpus/$t" "../../seeds/$t") \
    2>&1 | tee "build-fuzz/fuzz_$t.log" | grep -E "^#[0-9]+ +(DONE|INITED)|stat::|ERROR|SUMMARY" || true
  echo "findings: $(ls "build-fuzz/findings/$t" | wc -l) (build-fuzz/findings/$t/)"
done
