#!/usr/bin/env bash
# One device call: the class of 50 graded alternately by the tree before this session (bench-old/, 658d3a5)
# and by this tree (runners started ahead), twice each on the same machine; then the repeat check.
set -uo pipefail
source .device-debs/env.sh >/dev/null
export PATH=/usr/local/cuda/bin:$PATH
(scripts/device-build.sh 2>&1 | tail -1) &
(cd bench-old && cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null && cmake --build build -j8 2>&1 | grep -E " error" ; test -x build/cudagrade && echo "built the old tree") &
wait
bench/class-batch.sh --students 6 --backend gpu >/dev/null 2>&1
for round in 1 2; do
  for tree in old new; do
    mkdir -p "$OUT/$tree-$round"
    if [[ $tree == old ]]; then
      (cd bench-old && bench/class-batch.sh --students 50 --backend gpu --keep "$OUT/$tree-$round") > "$OUT/$tree-$round.txt" 2>&1
    else
      bench/class-batch.sh --students 50 --backend gpu --phases --keep "$OUT/$tree-$round" > "$OUT/$tree-$round.txt" 2>&1
    fi
  done
done
scripts/device-verify.sh repeat >/dev/null 2>&1
for run in old-1 new-1 old-2 new-2; do
  echo "$run: $(grep -E '^wall:' "$OUT/$run.txt") speed points: $(awk -F, 'NR>1{print $NF}' "$OUT/$run/grades.csv" | sort | uniq -c | tr -d '\r' | tr '\n' ' ')"
done
for run in new-1 old-2 new-2; do
  diff <(cut -d, -f1,5 "$OUT/old-1/grades.csv") <(cut -d, -f1,5 "$OUT/$run/grades.csv") > /dev/null && echo "statuses old-1 vs $run: identical" || echo "statuses old-1 vs $run: DIFFER"
done
cat "$OUT/repeat-summary.txt"
