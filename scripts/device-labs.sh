#!/usr/bin/env bash
# On the GPU (the device tool, after a build): the declared lecture labs' own check, and every reference and correct.cu graded on the quick cases.
set -uo pipefail
out=${OUT:-/tmp/out}
for lab in matmul reduction transpose; do
  (
    build/cudagrade lab check "$lab" --backend gpu --no-grading > "$out/lab-check-$lab.txt" 2>&1
    for file in reference/"$lab"/*.cu submissions/"$lab"/correct.cu; do
      verdict=$(build/cudagrade check "$lab" "$file" --cases "testcases/quick/$lab.yaml" --format json 2>/dev/null |
        python3 -c 'import json,sys; r=json.load(sys.stdin); print(r["verdict"], r["score"], r["max_score"])')
      echo "$file: $verdict"
    done > "$out/files-$lab.txt" 2>&1
  ) &
done
wait
tail -n 1 "$out"/lab-check-*.txt
cat "$out"/files-*.txt
