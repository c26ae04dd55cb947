#!/usr/bin/env bash
# On the GPU (the device tool), in one call: every reference and bundled example of every lab graded with the GPU
# backend and the simulator beside it, on the lab's quick cases, and whether the two backends' launch accounts
# (launches and the call's copies, model/launch_account.h) agreed. An honest file launches and copies the same
# on both, so every line should read "agree"; a line that reads "differ" names a file the cross-check would send
# to compute-sanitizer for nothing, or a real difference to look at.
#   scripts/device-launch-agreement.sh
# Leaves each report (JSON) under $OUT/agreement/ and prints a table; exits 1 when any honest file differs.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
# shellcheck source=scripts/device-env.sh
source scripts/device-env.sh
build_cudagrade || exit 1
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u; } | tee "$out/gpu.txt"
mkdir -p "$out/agreement"
# One line per file: the lab, the file, whether the accounts agreed, the verdict.
agreement() {
  local lab=$1 file=$2 cases=$3
  local report="$out/agreement/$lab-$(basename "$file" .cu).json"
  build/cudagrade check "$lab" "$file" --cases "$cases" --backend gpu --format json >"$report" 2>/dev/null
  python3 - "$lab" "$file" "$report" <<'PY'
import json, sys
lab, file, path = sys.argv[1:]
try:
    report = json.load(open(path))
except (OSError, ValueError):
    report = {"race_check": "", "verdict": "unreadable"}
status = "differ" if "launches differ" in report.get("race_check", "") else "agree"
print(f"{lab:10} {file:50} {status:7} {report.get('verdict', '-')}")
PY
}
# Four files at a time: each grade's simulator beside takes CPU cores, and the timings are not what is read.
for cases in testcases/quick/*.yaml; do
  lab=$(basename "$cases" .yaml)
  for file in reference/"$lab"/*.cu submissions/"$lab"/*.cu; do
    [[ -f $file ]] || continue
    while (($(jobs -r | wc -l) >= 4)); do wait -n; done
    agreement "$lab" "$file" "$cases" >>"$out/agreement.unsorted" &
  done
done
wait
sort "$out/agreement.unsorted" | tee "$out/agreement.txt"
differing=$(grep -c ' differ ' "$out/agreement.txt")
echo "files whose launch accounts differ between the backends: $differing"
[[ $differing == 0 ]]
