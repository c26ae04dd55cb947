#!/usr/bin/env bash
# Call C, 2026-11-29 session 2: the run under compute-sanitizer held to the graded run's launches.
set -uo pipefail
source .device-debs/env.sh >/dev/null
source scripts/device-env.sh
start=$(date -u +%T)
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u; } | tee "$OUT/gpu.txt"
build_cudagrade || exit 1
echo "built $(date -u +%T)"
mkdir -p /tmp/checks
for file in submissions/gpu-only/matmul/races_by_flag_argument.cu submissions/gpu-only/matmul/races_in_another_kernel_of_the_same_grid.cu \
    submissions/matmul/correct.cu submissions/gpu-only/matmul/races_where_memory_is_large.cu; do
  report=/tmp/checks/$(basename "$file" .cu).txt
  build/cudagrade check matmul "$file" --backend gpu --cases tests/data/class/matmul.yaml > "$report" 2>&1
  printf '%-46s %s\n' "$(basename "$file")" "$(grep -E '^score' "$report" | tail -1)"
done | tee "$OUT/checks.txt"
tar -czf "$OUT/checks.tgz" -C /tmp checks
echo "start $start end $(date -u +%T)"
