#!/usr/bin/env bash
# What the simulator's checks cost on race-free code, tree against tree: every reference checked in the CPU
# simulator with hidden cases, one JSON line per case (reference, case, size, simulated_ms: the first order's
# runner time, elapsed_ms: the whole case, both orders and the checks), for each tree in turn, pass after pass,
# so that a drift of the machine falls on every tree alike. Then the sums per reference, each tree against
# the first (bench/sim-cost-compare.py; each case counts with its lowest time of the passes).
#   bench/sim-cost.sh [--passes N] [--jobs N] [--cases-dir DIR] [--only GLOB] --out DIR LABEL=CUDAGRADE:ROOT ...
# --cases-dir: each lab's cases from DIR/<lab>.yaml (testcases/quick: every kind, small sizes, one
# performance case) instead of the shipped testcases/<lab>.yaml. --only: the references matching GLOB (default
# reference/*/*.cu), for more passes of a few. ROOT is a checkout whose simulator runtime, references and test cases are used (CUDAGRADE_ROOT); one
# cudagrade binary may serve several roots whose grader code is the same. --jobs runs that many references
# at once (a 16-core GPU host: 8), which every tree shares alike.
set -uo pipefail
passes=2 jobs=1 out= cases_dir= only='reference/*/*.cu'
while [[ $# -gt 0 ]]; do
  case $1 in
    --passes) passes=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --cases-dir) cases_dir=$(realpath "$2"); shift 2 ;;
    --only) only=$2; shift 2 ;;
    *) break ;;
  esac
done
[[ -n $out && $# -gt 0 ]] || { echo "usage: $0 [--passes N] [--jobs N] --out DIR LABEL=CUDAGRADE:ROOT ..." >&2; exit 2; }
mkdir -p "$out"
here=$(cd "$(dirname "$0")" && pwd)

# One reference, one tree: its cases as JSON lines on stdout.
check_one() {
  local cudagrade=$1 root=$2 file=$3 lab json cases=()
  lab=$(basename "$(dirname "$file")")
  [[ -n $cases_dir ]] && cases=(--cases "$cases_dir/$lab.yaml")
  json=$(mktemp)
  (cd "$root" && CUDAGRADE_ROOT=$root "$cudagrade" check "$lab" "$file" --backend sim \
     --include-hidden "${cases[@]}" --format json --json "$json" >/dev/null 2>&1)
  python3 - "$json" "${file#reference/}" <<'PY'
import json, sys
try:
    report = json.load(open(sys.argv[1]))
except (OSError, ValueError):
    print(json.dumps({"reference": sys.argv[2], "verdict": "no report"}))
    sys.exit()
for case in report["cases"]:
    print(json.dumps({"reference": sys.argv[2], "verdict": report["verdict"], "case": case["name"],
                      "size": case.get("size"), "status": case["status"],
                      "simulated_ms": case.get("simulated_ms"), "elapsed_ms": case.get("elapsed_ms")}))
PY
  rm -f "$json"
}
export -f check_one
export cases_dir

labels=()
for pass in $(seq "$passes"); do
  for tree in "$@"; do
    label=${tree%%=*} spec=${tree#*=}
    cudagrade=$(realpath "${spec%%:*}") root=$(realpath "${spec#*:}")
    [[ $pass == 1 ]] && labels+=("$label")
    # shellcheck disable=SC2086  # the glob is meant to expand
    (cd "$root" && ls $only) | xargs -P "$jobs" -I{} bash -c 'check_one "$@"' _ "$cudagrade" "$root" {} \
      >> "$out/per-case-$label.jsonl"
    echo "pass $pass, $label: $(date -u +%T), load $(cut -d' ' -f1-3 /proc/loadavg)"
  done
done
python3 "$here/sim-cost-compare.py" $(printf "$out/per-case-%s.jsonl " "${labels[@]}") | tee "$out/compare.txt"
