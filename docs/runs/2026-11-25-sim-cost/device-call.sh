#!/usr/bin/env bash
# One device call (2026-11-25 evening, 13 minutes of device time left to the session): build this tree; issue
# #12's verdict table on the GPU (scripts/agree.sh: every reference and bundled example on the quick cases, in
# the simulator, on the GPU alone and merged); the missing-barrier matmul on every case with the GPU; then,
# in what time is left of 540 s, the simulator's cost on race-free references on the host's quiet CPU
# (bench/sim-cost.sh, 8 references at a time): this morning's runtime (bee9898, carried in .trees/) against
# this tree's, both with this tree's binary.
set -uo pipefail
began=$(date +%s)
source .device-debs/env.sh >/dev/null
export PATH=/usr/local/cuda/bin:$PATH
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$OUT/gpu.txt"; date -u | tee -a "$OUT/gpu.txt"
lscpu | grep -E "Model name|^CPU\(s\)" >>"$OUT/gpu.txt"
(cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null && cmake --build build --target cudagrade -j16) >"$OUT/build.log" 2>&1
echo "built in $(($(date +%s) - began)) s: $(ls build/cudagrade 2>&1)"
start=$(date +%s)
scripts/agree.sh "$OUT/agree-run" >"$OUT/agree.txt" 2>&1; echo "agree: exit=$? in $(($(date +%s) - start)) s"
rm -rf "$OUT/agree-run"
build/cudagrade check matmul submissions/matmul/missing_syncthreads.cu --backend gpu --include-hidden \
  >"$OUT/missing_syncthreads.txt" 2>&1
echo "missing_syncthreads.cu on the GPU, all cases: exit=$? $(grep -E '^score' "$OUT/missing_syncthreads.txt")"
left=$((540 - ($(date +%s) - began)))
if ((left > 60)); then
  touch .trees/bee9898/grader/cusim/runtime/race_hooks.cc .trees/bee9898/grader/cusim/runtime/race_shadow.cc
  timeout "$left" bench/sim-cost.sh --passes 2 --jobs 8 --out "$OUT/sim-cost" bee9898=build/cudagrade:.trees/bee9898 \
    now=build/cudagrade:. >"$OUT/sim-cost.txt" 2>&1
  echo "sim-cost: exit=$? (124: cut at ${left} s)"
fi
tail -45 "$OUT/agree.txt"
cat "$OUT/sim-cost.txt" 2>/dev/null | tail -30
