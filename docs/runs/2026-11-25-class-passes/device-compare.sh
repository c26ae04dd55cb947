#!/usr/bin/env bash
# One device call: the class of 50 (bench/class-batch.sh --students 50 --backend gpu) graded alternately by
# the tree before the passes (bench-old/, c7be333: one student at a time, correctness then timing) and by this
# tree (correctness 4 students at a time, then the timings one student at a time), twice each on the same
# machine after a warm-up class of 6 for each; then the grades compared.
#   git archive c7be333 | tar -x -C bench-old   (untracked, not committed), then run from the project root.
set -uo pipefail
source .device-debs/env.sh >/dev/null
export PATH=/usr/local/cuda/bin:$PATH
(scripts/device-build.sh 2>&1 | tail -1) &
(cd bench-old && cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null && cmake --build build -j16 2>&1 | grep -E " error" ; test -x build/cudagrade && echo "built the old tree") &
wait
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$OUT/gpu.txt"
date -u | tee -a "$OUT/gpu.txt"
cases=$PWD/tests/data/class/matmul.yaml  # this tree's (full_ratio 1.05), for both trees
(cd bench-old && bench/class-batch.sh --students 6 --backend gpu --cases "$cases" >/dev/null 2>&1)
bench/class-batch.sh --students 6 --backend gpu >/dev/null 2>&1
for round in 1 2; do
  for tree in old new; do
    mkdir -p "$OUT/$tree-$round"
    if [[ $tree == old ]]; then
      (cd bench-old && bench/class-batch.sh --students 50 --backend gpu --cases "$cases" --phases --keep "$OUT/$tree-$round") > "$OUT/$tree-$round.txt" 2>&1
    else
      bench/class-batch.sh --students 50 --backend gpu --phases --keep "$OUT/$tree-$round" > "$OUT/$tree-$round.txt" 2>&1
    fi
  done
done
date -u | tee -a "$OUT/gpu.txt"
for run in old-1 new-1 old-2 new-2; do
  echo "$run: $(grep -E '^wall:' "$OUT/$run.txt") | speed points: $(awk -F, 'NR>1{print $NF}' "$OUT/$run/grades.csv" | sort | uniq -c | tr -d '\r' | tr '\n' ' ')"
done
for run in new-1 old-2 new-2; do
  diff <(cut -d, -f1,5 "$OUT/old-1/grades.csv") <(cut -d, -f1,5 "$OUT/$run/grades.csv") > /dev/null && echo "statuses old-1 vs $run: identical" || echo "statuses old-1 vs $run: DIFFER"
done
# The repeat check of #16's "done when", if the call has the time left (the device's limit is 600 s a call).
if (( SECONDS < 420 )); then
  OUT=$OUT scripts/device-verify.sh repeat > "$OUT/repeat.txt" 2>&1
  echo "repeat (5 checks of submissions/matmul/correct.cu, hidden cases included; score, then the student's medians):"
  cat "$OUT/repeat-summary.txt"
else
  echo "repeat check skipped: ${SECONDS} s used"
fi
