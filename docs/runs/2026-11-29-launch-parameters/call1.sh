#!/usr/bin/env bash
# Call B, 2026-11-29 session 2: a launch's parameters in the account (the GPU runner's side), then the corpus.
set -uo pipefail
source .device-debs/env.sh >/dev/null
source scripts/device-env.sh
start=$(date -u +%T)
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u; nproc; } | tee "$OUT/gpu.txt"
build_cudagrade || exit 1
echo "built $(date -u +%T)"
mkdir -p /tmp/checks
for entry in matmul:submissions/gpu-only/matmul/races_by_flag_argument.cu matmul:submissions/gpu-only/matmul/races_in_another_kernel_of_the_same_grid.cu \
    matmul:submissions/matmul/correct.cu reduction:submissions/reduction/correct.cu transpose:submissions/transpose/correct.cu \
    reduction:submissions/field/reduction/cg_tile_reduce.cu softmax:submissions/field/softmax/online_warp_per_row_cg.cu; do
  lab=${entry%%:*}; file=${entry#*:}
  report=/tmp/checks/$lab-$(basename "$file" .cu).txt
  cases=(); [[ $lab == matmul ]] && cases=(--cases tests/data/class/matmul.yaml)
  build/cudagrade check "$lab" "$file" --backend gpu "${cases[@]}" > "$report" 2>&1
  printf '%-50s %s | %s\n' "$lab/$(basename "$file")" "$(grep -E '^score' "$report" | tail -1)" \
    "$(grep -oE "launches differ[^;]*|compute-sanitizer[^;]*" "$report" | head -2 | tr '\n' ' ' | cut -c1-200)"
done | tee "$OUT/checks.txt"
tar -czf "$OUT/checks.tgz" -C /tmp checks
echo "checks done $(date -u +%T)"
timeout 430 scripts/corpus-on-gpu.sh /tmp/corpus > "$OUT/corpus-gpu.txt" 2>&1
echo "corpus exit $? $(date -u +%T)"
# Honest or hostile, which students' GPU grades found launches differing from the simulator's.
for report in /tmp/corpus/graded/*/*.txt; do
  [[ -f $report ]] || continue
  grep -q "launches differ\|other arguments" "$report" && echo "differ: $report $(grep -oE 'in case [^;]*' "$report" | head -1 | cut -c1-160)"
done > "$OUT/corpus-differ.txt" 2>&1
ls /tmp/corpus/graded | head -5 >> "$OUT/corpus-differ.txt"
tar -czf "$OUT/corpus.tgz" -C /tmp/corpus graded grade.txt progress.txt 2>/dev/null
tail -4 "$OUT/corpus-gpu.txt"; wc -l < "$OUT/corpus-differ.txt"
echo "start $start end $(date -u +%T)"
