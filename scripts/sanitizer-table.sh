#!/usr/bin/env bash
# #12 item 1's fallback on a GPU, in one table: `cudagrade check --race-check sanitizer` (compute-sanitizer's
# racecheck, then synccheck, on the smallest non-trivial correctness case, in the student's sandbox) on the
# tiled matmul without its second barrier and on a reference, without a sandbox and in bwrap.
# Usage: scripts/sanitizer-table.sh [json-dir]; exits 1 when a verdict is not the expected one.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
dir=${1:-device-out/sanitizer}
mkdir -p "$dir"
failed=0
printf '%-42s %-8s %-9s %-9s %7s  %s\n' file sandbox expected verdict wall_s "race check; first race"
while read -r file expected; do
  for sandbox in none bwrap; do
    json="$dir/$(basename "$file" .cu)-$sandbox.json"
    start=$EPOCHREALTIME
    build/cudagrade check matmul "$file" --backend gpu --race-check sanitizer --sandbox "$sandbox" --format json \
      --output "$json" 2>"$dir/$(basename "$file" .cu)-$sandbox.stderr"
    wall=$(python3 -c "print($EPOCHREALTIME - $start)")
    read -r verdict said < <(python3 -c 'import json,sys
report = json.load(open(sys.argv[1]))
races = [c["name"] + ": " + c["message"] for c in report["cases"] if c["status"] in ("race", "crashed")]
print(report["verdict"], report["race_check"] + ("; " + races[0] if races else ""))' "$json" 2>/dev/null ||
      echo "none (no report: see $dir)")
    [[ "$verdict" == "$expected" ]] || failed=1
    printf '%-42s %-8s %-9s %-9s %7.1f  %s\n' "$file" "$sandbox" "$expected" "$verdict" "$wall" "${said:0:400}"
  done
done <<'CASES'
submissions/matmul/missing_syncthreads.cu race
reference/matmul/tiled_boundary.cu passed
CASES
exit "$failed"
