#!/usr/bin/env bash
# On the GPU (the device tool), every declared lab in one call, for issues #31 and #32:
#   scripts/device-labs.sh check [LAB...]   `cudagrade lab check LAB --backend gpu` on the quick cases (the
#                                           header, the check's self-test on a real arena, every reference, the
#                                           skeleton and every example), one lab at a time
#   scripts/device-labs.sh bench [LAB...]   `cudagrade bench` at each lab's performance size, one lab at a time
#                                           (the ladder against the lab's speed of light)
#   scripts/device-labs.sh all [LAB...]     both
# Without LAB, every lab under labs/. Builds cudagrade alone (no tests) when build/cudagrade is missing.
# Logs go to $OUT (or ./device-out); the last lines are a short table.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
# shellcheck source=scripts/device-env.sh
source scripts/device-env.sh
[[ -x build/cudagrade ]] || build_cudagrade || exit 1
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$out/gpu.txt"
echo "commit $(git rev-parse --short HEAD 2>/dev/null || echo '?'), $(date -u)" | tee -a "$out/gpu.txt"

mode=${1:-all}
shift || true
labs=("$@")
[[ ${#labs[@]} -gt 0 ]] || mapfile -t labs < <(ls labs)

# The size bench times each lab's ladder at: the lab's performance case.
bench_size() {
  case $1 in
    matmul) echo 4096,4096,4096 ;; reduction) echo 268435456 ;; transpose) echo 8192,8192 ;;
    vector_add) echo 67108864 ;; histogram) echo 67108864,1024 ;; scan) echo 8388608 ;;
    conv2d) echo 4096,4096,3 ;; softmax) echo 8192,4096 ;; spmv) echo 131072,131072,4194304 ;; *) echo "" ;;
  esac
}

# One lab at a time: the timed cases must have the GPU and the machine to themselves. Four lab checks at once
# on one H200 had three honest files refused for a forged time (their requests ran six times slower than alone).
run_checks() {
  for lab in "${labs[@]}"; do
    start=$(date +%s)
    build/cudagrade lab check "$lab" --backend gpu --cases "testcases/quick/$lab.yaml" >"$out/lab-check-$lab.txt" 2>&1
    echo "rc=$? seconds=$(( $(date +%s) - start ))" >>"$out/lab-check-$lab.txt"
  done
}

run_benches() {
  for lab in "${labs[@]}"; do
    size=$(bench_size "$lab")
    [[ -n $size ]] || { echo "no bench size for $lab" >"$out/bench-$lab.md"; continue; }
    echo "cudagrade bench $lab --size $size" >"$out/bench-$lab.md"
    timeout 240 build/cudagrade bench "$lab" --size "$size" >>"$out/bench-$lab.md" 2>&1
  done
}

case $mode in
  check) run_checks ;;
  bench) run_benches ;;
  all) run_checks; run_benches ;;
  *) echo "usage: $0 check|bench|all [LAB...]"; exit 2 ;;
esac

echo
echo "lab          lab check (GPU, quick cases)"
for lab in "${labs[@]}"; do
  [[ -f $out/lab-check-$lab.txt ]] || continue
  printf '%-12s %s | %s\n' "$lab" "$(grep -E '^lab .* (is sound|problem)' "$out/lab-check-$lab.txt" | tail -1)" \
    "$(tail -1 "$out/lab-check-$lab.txt")"
  grep -E '^  FAIL' "$out/lab-check-$lab.txt" | head -5
done
