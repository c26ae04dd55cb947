#!/usr/bin/env bash
# The simulator's speed against numba's CUDA simulator (NUMBA_ENABLE_CUDASIM=1), in one run on one machine:
# the lecture notes' tiled matmul (TILE 16, reference/matmul/tiled_boundary.cu and the same kernel in
# bench/numba_tiled_matmul.py) at n = 128. Our time is the simulated call as the sim runner measures it
# (race checking on, as in grading), the median of 21 runs, each a fresh runner process as in grading; numba's
# is its kernel launch, median of --numba-repeats.
#
#   bench/sim-vs-numba.sh [--n 128] [--numba-repeats 1]
# Needs a built cudagrade (make) and Debian's python3-numba.
set -euo pipefail
cd "$(dirname "$0")/.."
n=128
numba_repeats=1
while [[ $# -gt 0 ]]; do
  case "$1" in
    --n) n=$2; shift ;;
    --numba-repeats) numba_repeats=$2; shift ;;
    *) echo "usage: $0 [--n N] [--numba-repeats R]" >&2; exit 2 ;;
  esac
  shift
done
cudagrade=${CUDAGRADE:-build/cudagrade}
[[ -x $cudagrade ]] || { echo "$cudagrade is not built; run 'make' first" >&2; exit 2; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

ours=()
for i in $(seq 0 21); do
  "$cudagrade" run matmul reference/matmul/tiled_boundary.cu --backend sim --size "$n,$n,$n" --format json \
    --output "$scratch/run.json" >/dev/null
  python3 - "$scratch/run.json" >"$scratch/ms" <<'PY'
import json, sys
case = json.load(open(sys.argv[1]))["cases"][0]
if case["status"] != "passed" or "simulated_ms" not in case:
    sys.exit("the simulator did not pass the case: " + case["status"] + ": " + case["message"])
print(case["simulated_ms"])
PY
  [[ $i == 0 ]] || ours+=("$(cat "$scratch/ms")")  # the first run builds the runner
done
ours_ms=$(printf "%s\n" "${ours[@]}" | sort -g | sed -n 11p)
ours_min=$(printf "%s\n" "${ours[@]}" | sort -g | sed -n 1p)

NUMBA_ENABLE_CUDASIM=1 /usr/bin/python3 bench/numba_tiled_matmul.py --n "$n" --repeats "$numba_repeats" --json \
  >"$scratch/numba.json"
numba_s=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["seconds"])' "$scratch/numba.json")

echo "machine: $(nproc) cores, $(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -1); $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "tiled matmul, TILE 16, n = $n"
printf '| simulator | time | runs |\n| --- | --- | --- |\n'
printf '| cudagrade sim (race checking on) | %.1f ms | median of 21: %s |\n' "$ours_ms" "${ours[*]}"
printf '| numba CUDA simulator | %.2f s | %s |\n' "$numba_s" "$numba_repeats"
python3 -c 'import sys; m, best, s = map(float, sys.argv[1:]); print(f"ratio: {s * 1000 / m:,.0f}x faster (median), {s * 1000 / best:,.0f}x (fastest run)")' \
  "$ours_ms" "$ours_min" "$numba_s"
