#!/usr/bin/env bash
# On the GPU (the device tool), issue #33's cost bounds in one call, before and after a change: the class of 50
# (bench/class-batch.sh --students 50 --backend gpu, the simulator beside) graded alternately by the old and the
# new binary, twice each after a warm-up class of 6 for each; then, if the call has the time, the simulator's
# self-check of submissions/matmul/correct.cu by each. Both trees use this tree's class cases.
#   scripts/device-class-compare.sh OLD.tar
# OLD.tar: git archive REV > OLD.tar, in a git-ignored folder carried to the machine.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
# shellcheck source=scripts/device-env.sh
source scripts/device-env.sh
old=/tmp/cudagrade-old
if [[ ! -d $old ]]; then
  mkdir -p "$old"
  tar -xf "$1" -C "$old" || { echo "cannot unpack $1"; exit 1; }
fi
build_cudagrade . new & new_pid=$!
build_cudagrade "$old" old & old_pid=$!
wait $new_pid || exit 1
wait $old_pid || exit 1
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u; } | tee "$out/gpu.txt"
cases=$PWD/tests/data/class/matmul.yaml
here=$PWD
(cd "$old" && bench/class-batch.sh --students 6 --backend gpu --cases "$cases" >/dev/null 2>&1)
bench/class-batch.sh --students 6 --backend gpu >/dev/null 2>&1
for round in 1 2; do
  for tree in old new; do
    dir=$here; [[ $tree == old ]] && dir=$old
    (cd "$dir" && bench/class-batch.sh --students 50 --backend gpu --cases "$cases" --keep "$out/$tree-$round") \
      >"$out/$tree-$round.txt" 2>&1
  done
done
for run in old-1 new-1 old-2 new-2; do
  echo "$run: $(grep -E '^wall:' "$out/$run.txt")"
done | tee "$out/class.txt"
for run in new-1 new-2; do
  if diff <(cut -d, -f1,5 "$out/old-1/grades.csv") <(cut -d, -f1,5 "$out/$run/grades.csv") >/dev/null; then
    echo "statuses old-1 vs $run: identical"
  else
    echo "statuses old-1 vs $run: DIFFER"
  fi
done | tee -a "$out/class.txt"
if (( SECONDS < 470 )); then
  for tree in old new; do
    dir=$here; [[ $tree == old ]] && dir=$old
    start=$SECONDS
    (cd "$dir" && build/cudagrade check matmul "$here/submissions/matmul/correct.cu" --backend sim --phases) \
      >"$out/self-check-$tree.txt" 2>&1
    echo "self-check in the simulator, $tree: $((SECONDS - start)) s; $(grep -E '^wall' "$out/self-check-$tree.txt")" |
      tee -a "$out/class.txt"
  done
else
  echo "self-check skipped: ${SECONDS} s used" | tee -a "$out/class.txt"
fi
