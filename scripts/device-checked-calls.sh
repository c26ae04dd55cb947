#!/usr/bin/env bash
# Issue #33's checked C library calls (sim/checked_calls.h) against the GPU, in one device call: the files that
# move their elements with memcpy and a run-time size, and their plain twin, graded on the GPU as a student's
# grade is (the simulator's race check beside it) and in the simulator alone, one line each:
#   scripts/device-checked-calls.sh
# The hostile corpus is scripts/corpus-on-gpu.sh, a call of its own. Logs go to $OUT (or ./device-out).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
# shellcheck source=scripts/device-env.sh
source scripts/device-env.sh
[[ -x build/cudagrade ]] || build_cudagrade || exit 1
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$out/gpu.txt"
date -u | tee -a "$out/gpu.txt"
git log -1 --format='%h %s' 2>/dev/null | cut -c1-100 | tee -a "$out/gpu.txt"
for file in submissions/transpose/copies_through_memcpy.cu submissions/field/transpose/byte_generic_tiles.cu \
  submissions/transpose/uncoalesced.cu; do
  for backend in gpu sim; do
    log=$out/$(basename "$file" .cu)-$backend.txt
    build/cudagrade check transpose "$file" --backend "$backend" >"$log" 2>&1
    coalescing=$(grep -m1 '^  coalescing-256' "$log" | awk '{print $3, $4}')
    printf '%-52s %-4s %-28s coalescing-256: %s\n' "$file" "$backend" "$(tail -n 1 "$log")" "$coalescing"
  done
done | tee "$out/checked-calls.txt"
