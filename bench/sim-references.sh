#!/usr/bin/env bash
# The simulator's cost on race-free code: every reference graded in the CPU simulator on the shipped cases
# (hidden ones included), and per file the sum over its cases of the first order's runner time
# (`simulated_ms`, the race log's cost) and of the whole case (`elapsed_ms`: both orders, checks included). Run it with two
# builds to compare them, each from its own checkout:
#   bench/sim-references.sh [path/to/cudagrade] [project root]
set -uo pipefail
cudagrade=${1:-build/cudagrade}
root=${2:-.}
cd "$root" || exit 2
json=$(mktemp)
trap 'rm -f "$json"' EXIT
printf '%-32s %-8s %12s %10s\n' reference verdict simulated_ms elapsed_ms
for file in reference/*/*.cu; do
  lab=$(basename "$(dirname "$file")")
  "$cudagrade" check "$lab" "$file" --backend sim --include-hidden --format json --json "$json" >/dev/null 2>&1
  python3 - "$json" "${file#reference/}" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
simulated = sum(case.get("simulated_ms") or 0 for case in report["cases"])
elapsed = sum(case.get("elapsed_ms") or 0 for case in report["cases"])
print(f"{sys.argv[2]:32} {report['verdict']:8} {simulated:12.1f} {elapsed:10.1f}")
PY
done
