#!/usr/bin/env bash
# On the GPU (the device tool), issue #33's "backends that cannot be told apart", in one call: the tree built
# (cudagrade alone), the profile the simulator beside a GPU grade is given (`cudagrade devices --profile`), and
# each named file graded with the GPU backend and the simulator beside it (the default race check) on the example
# class's matmul cases, its status printed beside the file's own expectation (cudagrade-expect-gpu, else
# cudagrade-expect).
#   scripts/device-backend-tells.sh FILE...
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
# shellcheck source=scripts/device-env.sh
source scripts/device-env.sh
# Always built: a warm machine keeps an older tree's build, which the build brings up to date.
build_cudagrade || exit 1
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u; } | tee "$out/gpu.txt"
build/cudagrade devices --profile | tee "$out/profile.txt"
for file in "$@"; do
  name=$(basename "$file" .cu)
  build/cudagrade check matmul "$file" --cases tests/data/class/matmul.yaml --backend gpu >"$out/$name.txt" 2>&1
  want=$(sed -n 's|^// cudagrade-expect-gpu: ||p' "$file" | head -n 1)
  [[ -z $want ]] && want=$(sed -n 's|^// cudagrade-expect: ||p' "$file" | head -n 1)
  got=$(sed -n 's/^score .*, verdict \(.*\)$/\1/p' "$out/$name.txt")
  score=$(sed -n 's/^score \([^,]*\),.*$/\1/p' "$out/$name.txt")
  printf '%-40s expected %-12s got %-12s %s\n' "$name" "$want" "${got:-none}" "$score"
  grep -o 'race check: [^;]*;\?[^;]*;\?[^;]*' "$out/$name.txt" | head -n 1 | cut -c1-300 | sed 's/^/    /'
done | tee "$out/verdicts.txt"
