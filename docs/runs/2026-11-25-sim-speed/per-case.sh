#!/usr/bin/env bash
# Every reference checked in the simulator with hidden cases (as bench/sim-references.sh does), one JSON line
# per case: reference, case, size, simulated_ms (the first order's runner time), elapsed_ms (both orders).
#   per-case.sh <cudagrade> <project root> > out.jsonl
set -uo pipefail
cudagrade=$1
root=$2
cd "$root" || exit 2
json=$(mktemp)
trap 'rm -f "$json"' EXIT
for file in reference/*/*.cu; do
  lab=$(basename "$(dirname "$file")")
  CUDAGRADE_ROOT=$root "$cudagrade" check "$lab" "$file" --backend sim --include-hidden --format json --json "$json" \
    >/dev/null 2>&1
  python3 - "$json" "${file#reference/}" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
for case in report["cases"]:
    print(json.dumps({"reference": sys.argv[2], "verdict": report["verdict"], "case": case["name"],
                      "size": case.get("size"), "status": case["status"],
                      "simulated_ms": case.get("simulated_ms"), "elapsed_ms": case.get("elapsed_ms")}))
PY
done
