#!/usr/bin/env bash
# On the GPU (the device tool), in one call: the field files that call CUDA's intrinsics beyond the everyday
# ones (cuda_intrinsics.cu) and cooperative groups past the tiles (cg_partitions_invoke_one.cu), each graded on
# the GPU and in the simulator. Each of their checks is IEEE's or CUDA's documented answer, so a file passing on
# the GPU says the checks are the hardware's, and passing in the simulator says cusim gives the same answers.
#   scripts/device-intrinsics.sh
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
# shellcheck source=scripts/device-env.sh
source scripts/device-env.sh
build_cudagrade || exit 1
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u; } | tee "$out/gpu.txt"
mismatches=0
mkdir -p "$out/reports"
printf '%-34s %-8s %-10s %s\n' file backend verdict score | tee "$out/intrinsics.txt"
for file in submissions/field/reduction/cuda_intrinsics.cu submissions/field/reduction/cg_partitions_invoke_one.cu; do
  name=$(basename "$file" .cu)
  for backend in gpu sim; do
    build/cudagrade check reduction "$file" --backend "$backend" --sandbox auto --json "$out/reports/$name-$backend.json" \
      >"$out/reports/$name-$backend.txt" 2>&1
    read -r got score < <(python3 -c "import json,sys; r=json.load(open(sys.argv[1])); print(r['verdict'], r['score'])" \
      "$out/reports/$name-$backend.json" 2>/dev/null || echo "none -")
    [[ $got == passed ]] || mismatches=$((mismatches + 1))
    printf '%-34s %-8s %-10s %s\n' "$name" "$backend" "$got" "$score" | tee -a "$out/intrinsics.txt"
  done
done
echo "mismatches: $mismatches" | tee -a "$out/intrinsics.txt"
# One archive of the reports, so that the device tool brings every one back.
tar czf "$out/reports.tgz" -C "$out" reports && rm -r "$out/reports"
