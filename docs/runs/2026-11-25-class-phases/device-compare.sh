#!/usr/bin/env bash
# One device call: the class of 50 graded by the tree before this session (bench-old/, 658d3a5) and by this
# tree, on the same machine, each after a warm-up class that fills its build cache.
set -uo pipefail
source .device-debs/env.sh >/dev/null
export PATH=/usr/local/cuda/bin:$PATH
scripts/device-build.sh 2>&1 | tail -1
(cd bench-old && cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null && cmake --build build -j16 2>&1 | grep -E " error" ; test -x build/cudagrade && echo "built the old tree")
(cd bench-old && bench/class-batch.sh --students 6 --backend gpu >/dev/null 2>&1)
bench/class-batch.sh --students 6 --backend gpu >/dev/null 2>&1
mkdir -p "$OUT/old" "$OUT/new"
(cd bench-old && bench/class-batch.sh --students 50 --backend gpu --keep "$OUT/old") > "$OUT/old.txt" 2>&1
bench/class-batch.sh --students 50 --backend gpu --phases --keep "$OUT/new" > "$OUT/new.txt" 2>&1
echo "== old (658d3a5)"; grep -E "^time:|^wall:" "$OUT/old.txt"
echo "== new"; grep -E "^time:|^wall:" "$OUT/new.txt"
for r in old new; do echo "$r speed points: $(awk -F, 'NR>1{print $NF}' "$OUT/$r/grades.csv" | sort | uniq -c | tr '\n' ' ')"; done
diff <(cut -d, -f1,5 "$OUT/old/grades.csv") <(cut -d, -f1,5 "$OUT/new/grades.csv") > /dev/null && echo "statuses: identical" || echo "statuses: DIFFER"
