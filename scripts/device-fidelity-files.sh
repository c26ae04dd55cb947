#!/usr/bin/env bash
# On the GPU machine (the device tool): each FILE graded on its lab's full cases with the GPU backend and with
# the simulator, one report per file and backend under $OUT, then a table of the two verdicts and scores, for a
# file whose grade must not depend on whether a GPU was there.
#   scripts/device-fidelity-files.sh LAB:FILE...
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
# shellcheck source=scripts/device-env.sh
source scripts/device-env.sh
[[ -x build/cudagrade ]] || build_cudagrade || exit 1
for entry in "$@"; do
  lab=${entry%%:*}
  file=${entry#*:}
  for backend in gpu sim; do
    report=$out/$(basename "$file" .cu)-$backend.txt
    build/cudagrade check "$lab" "$file" --backend "$backend" >"$report" 2>&1
    printf '%-40s %-4s %s\n' "$(basename "$file")" "$backend" "$(grep -E '^score' "$report" | tail -1)"
  done
done | tee "$out/fidelity-files.txt"
