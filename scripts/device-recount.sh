#!/usr/bin/env bash
# On the GPU (the device tool), in one call: the efficiency recount (README, "Counted again at a size drawn for
# the grade") as a GPU grade sees it. The hostile tiled_only_at_counted_sizes.cu and
# tiled_branch_at_counted_sizes.cu (submissions/gpu-only/matmul/), their naive twin and the tiled reference are
# graded on the shipped matmul cases with the GPU backend: the performance cases timed on the GPU, the efficiency
# cases counted by the simulator beside it, twice. Each hostile file must score no more than its twin (a quarter
# point of timing noise allowed) and be graded by its second count; the reference must not be.
#   scripts/device-recount.sh
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
# shellcheck source=scripts/device-env.sh
source scripts/device-env.sh
build_cudagrade || exit 1
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u; } | tee "$out/gpu.txt"
mkdir -p "$out/recount"
for file in submissions/gpu-only/matmul/tiled_only_at_counted_sizes.cu \
  submissions/gpu-only/matmul/tiled_branch_at_counted_sizes.cu submissions/gpu-only/matmul/naive_twin.cu \
  reference/matmul/tiled_boundary.cu; do
  build/cudagrade check matmul "$file" --backend gpu --sandbox auto \
    --json "$out/recount/$(basename "$file" .cu).json" >"$out/recount/$(basename "$file" .cu).txt" 2>&1
done
python3 - "$out/recount" <<'PY' | tee "$out/recount.txt"
import json, sys
folder = sys.argv[1]
scores, flagged = {}, {}
hostile = ["tiled_only_at_counted_sizes", "tiled_branch_at_counted_sizes"]
for name in hostile + ["naive_twin", "tiled_boundary"]:
    try:
        report = json.load(open(f"{folder}/{name}.json"))
    except (OSError, ValueError):
        print(f"{name:30} no report"); scores[name] = None; continue
    scores[name] = report["score"]
    for case in report["cases"]:
        e = case.get("efficiency")
        if not e: continue
        graded_again = "graded as" in e.get("note", "")
        flagged[name] = flagged.get(name, False) or graded_again
        print(f"{name:30} {case['name']:26} first {e['value']} again {e.get('recount_value')} at "
              f"{'x'.join(map(str, e.get('recount_size', [])))} points {e['points']}/{e['max_points']}"
              f"{' graded by the second count' if graded_again else ''}")
print()
for name, score in scores.items():
    print(f"{name:30} score {score}")
ok = (scores["naive_twin"] is not None and not flagged.get("tiled_boundary", True)
      and all(scores[name] is not None and scores[name] <= scores["naive_twin"] + 0.25 and flagged.get(name, False)
              for name in hostile))
print("recount:", "ok" if ok else "MISMATCH")
sys.exit(0 if ok else 1)
PY
