#!/usr/bin/env bash
# CTest's compute-sanitizer test (#12 item 1): with --race-check sanitizer, the tiled matmul without its second
# barrier is `race` on a GPU, named by racecheck, and the reference is `passed` with racecheck and synccheck
# clean, in the strongest sandbox this machine has (the tool is the program the sandbox starts). Without a
# usable GPU or without compute-sanitizer it says why and exits 77, which CTest reports as "Skipped", never as
# passed. Usage: gpu_sanitizer.sh path/to/cudagrade [sandbox]
set -uo pipefail
cudagrade=${1:?usage: gpu_sanitizer.sh path/to/cudagrade [sandbox]}
sandbox=${2:-auto}
root="$(cd "$(dirname "$0")/.." && pwd)"
if ! reason=$("$cudagrade" devices 2>&1); then
  echo "SKIPPED: no usable GPU here, so compute-sanitizer checked nothing: $reason"
  exit 77
fi
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
if [[ ! -x "$(dirname "$nvcc")/compute-sanitizer" && ! -x /usr/local/cuda/bin/compute-sanitizer ]]; then
  echo "SKIPPED: no compute-sanitizer beside $nvcc, so nothing was checked with it"
  exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
# file, the verdict it must get, what its race check must say
while read -r file expected; do
  json="$work/$(basename "$file" .cu).json"
  "$cudagrade" check matmul "$root/$file" --backend gpu --race-check sanitizer --sandbox "$sandbox" --format json \
    --output "$json" 2>"$work/stderr.txt"
  verdict=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["verdict"])' "$json" 2>/dev/null)
  checked=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["race_check"])' "$json" 2>/dev/null)
  echo "$file: $verdict (expected $expected); race check: $checked"
  if [[ "$verdict" != "$expected" || "$checked" != "compute-sanitizer (racecheck, synccheck) on case "* ]]; then
    failed=1
    cat "$work/stderr.txt"
  fi
  if [[ "$expected" == race ]]; then
    python3 -c 'import json,sys
for case in json.load(open(sys.argv[1]))["cases"]:
    if case["status"] == "race": print("  " + case["name"] + ": " + case["message"][:300])' "$json"
  fi
done <<'CASES'
submissions/matmul/missing_syncthreads.cu race
reference/matmul/tiled_boundary.cu passed
CASES
exit "$failed"
