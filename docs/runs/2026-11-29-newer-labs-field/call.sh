#!/usr/bin/env bash
# Call A, 2026-11-29 session 2: build, the five newer-lab field files on both backends, the hostile corpus on the GPU.
set -uo pipefail
source .device-debs/env.sh >/dev/null
source scripts/device-env.sh
start=$(date -u +%T)
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u; } | tee "$OUT/gpu.txt"
build_cudagrade || exit 1
echo "built $(date -u +%T)"
mkdir -p /tmp/field
OUT=/tmp/field scripts/device-fidelity-files.sh \
  softmax:submissions/field/softmax/online_warp_per_row_cg.cu \
  histogram:submissions/field/histogram/match_any_aggregated.cu \
  scan:submissions/field/scan/gpu_gems_blelloch.cu \
  spmv:submissions/field/spmv/csr_vector_bell_garland.cu \
  conv2d:submissions/field/conv2d/kirk_hwu_tiled_constant.cu
cp /tmp/field/fidelity-files.txt "$OUT/field-files.txt"
tar -czf "$OUT/field-reports.tgz" -C /tmp field
echo "field done $(date -u +%T)"
scripts/corpus-on-gpu.sh /tmp/corpus > "$OUT/corpus-gpu.txt" 2>&1
tar -czf "$OUT/corpus-logs.tgz" -C /tmp/corpus grade.txt progress.txt 2>/dev/null
tail -12 "$OUT/corpus-gpu.txt"
echo "start $start end $(date -u +%T)"
