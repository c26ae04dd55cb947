#!/usr/bin/env bash
# On the GPU (the device tool), in one call: nvcc's two passes in the simulator beside a GPU grade
# (sim/arch_passes.h, sim/pass_join.h) and nvcc's macros in the simulator (cusim_nvcc_macros.h). The hostile
# files that ran other code in the simulator than on the GPU by a macro must be `race` there; the field files
# that test __CUDA_ARCH__ honestly must pass as before.
# Each is graded with --backend gpu on its lab's shipped cases (the simulator checks races beside the GPU).
#   scripts/device-passes.sh
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
# shellcheck source=scripts/device-env.sh
source scripts/device-env.sh
build_cudagrade || exit 1
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u; } |
  tee "$out/gpu.txt"
mkdir -p "$out/passes"
mismatches=0
printf '%-46s %-8s %-12s %s\n' file expected got score | tee "$out/passes.txt"
for entry in matmul:submissions/adversarial/matmul/races_where_host_pass_differs.cu:race \
  matmul:submissions/adversarial/matmul/races_in_device_view_of_host_device.cu:race \
  matmul:submissions/adversarial/matmul/races_unless_device_pass_initialiser_ran.cu:race \
  matmul:submissions/adversarial/matmul/races_unless_cuda_runtime_included.cu:race \
  matmul:submissions/adversarial/matmul/races_where_host_pass_lacks_stdio.cu:race \
  reduction:submissions/field/reduction/reduce7_arch.cu:passed \
  transpose:submissions/field/transpose/arch_branches.cu:passed \
  matmul:submissions/field/matmul/arch_file_scope_loads.cu:passed; do
  IFS=: read -r lab file want <<<"$entry"
  name=$(basename "$file" .cu)
  build/cudagrade check "$lab" "$file" --backend gpu --sandbox auto --json "$out/passes/$name.json" \
    >"$out/passes/$name.txt" 2>&1
  read -r got score < <(python3 -c "import json,sys; r=json.load(open(sys.argv[1])); print(r['verdict'], r['score'])" \
    "$out/passes/$name.json" 2>/dev/null || echo "none -")
  [[ $got == "$want" ]] || mismatches=$((mismatches + 1))
  printf '%-46s %-8s %-12s %s\n' "$name" "$want" "$got" "$score" | tee -a "$out/passes.txt"
done
echo "mismatches: $mismatches" | tee -a "$out/passes.txt"
# One archive of the reports, so that the device tool brings every one back.
tar czf "$out/passes.tgz" -C "$out" passes && rm -r "$out/passes"
