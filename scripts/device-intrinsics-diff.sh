#!/usr/bin/env bash
# On the GPU (the device tool), in one call: CUDA's intrinsics and math functions beyond the everyday ones,
# computed by the GPU and by the simulator's headers on the same operands, compared (scripts/intrinsics-diff/:
# cases.h lists them, probe.h draws the operands, compare.py judges bit for bit or, for the math functions,
# within CUDA's documented error plus one ulp). Prints the cases that differ and a total.
#   scripts/device-intrinsics-diff.sh
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
# shellcheck source=scripts/device-env.sh
source scripts/device-env.sh
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u; } | tee "$out/gpu.txt"
probe=scripts/intrinsics-diff
nvcc -std=c++17 -O3 -arch=sm_90 -I "$probe" "$probe/probe_gpu.cu" -o "$out/probe_gpu" || exit 1
g++ -std=c++17 -O2 -x c++ -include cusim.h -I grader/cusim/include -I grader -I "$probe" -D__CUDA_ARCH__=900 \
  "$probe/probe_sim.cc" -x none grader/cusim/runtime/device_intrinsics.cc -o "$out/probe_sim" || exit 1
"$out/probe_gpu" >"$out/gpu-answers.txt" || exit 1
"$out/probe_sim" >"$out/sim-answers.txt" || exit 1
python3 "$probe/compare.py" "$out/gpu-answers.txt" "$out/sim-answers.txt" | tee "$out/differences.txt"
status=${PIPESTATUS[0]}
# The answers are tens of MiB: one archive, and the binaries go.
tar czf "$out/answers.tgz" -C "$out" gpu-answers.txt sim-answers.txt && rm "$out"/{gpu,sim}-answers.txt "$out"/probe_{gpu,sim}
exit "$status"
