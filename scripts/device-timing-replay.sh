#!/usr/bin/env bash
# On the GPU (the device tool), issue #33's "timing cannot be replayed", in one call, before and after:
#   1. scripts/device-check-cost.sh OLD.tar ROUNDS: both trees built, each lab's correct.cu graded on its
#      performance cases by both binaries (what mixing every timed sample's inputs costs the grade);
#   2. submissions/gpu-only/matmul/remembers_answers.cu and its honest twin naive_twin.cu graded by both binaries
#      on matmul's performance cases (--race-check off: the GPU's own timing, nothing beside it).
#   scripts/device-timing-replay.sh OLD.tar [ROUNDS]
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
out=${OUT:-device-out}
mkdir -p "$out"
here=$(pwd)
scripts/device-check-cost.sh "$1" "${2:-2}" >"$out/check-cost.txt" 2>&1 || { tail -40 "$out/check-cost.txt"; exit 1; }
old=/tmp/cudagrade-old
for tree in old new; do
  dir=.; [[ $tree == old ]] && dir=$old
  for file in naive_twin remembers_answers; do
    (cd "$dir" && build/cudagrade check matmul "$here/submissions/gpu-only/matmul/$file.cu" \
      --cases /tmp/perf-matmul.yaml --race-check off) >"$out/replay-$tree-$file.txt" 2>&1
  done
done
echo "== what the check costs (device-check-cost.sh) =="
tail -25 "$out/check-cost.txt"
echo "== a remembered answer against its honest twin, matmul 4096^3 =="
for tree in old new; do
  for file in naive_twin remembers_answers; do
    echo "-- $tree tree, $file.cu"
    grep -E "performance|score|ratio|forged|wrong|total" "$out/replay-$tree-$file.txt" | cut -c1-200 | head -8
  done
done
