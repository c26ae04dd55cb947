#!/usr/bin/env bash
# The efficiency model against the GPU's clock (issue #15 item 2): for every reference in reference/<lab>/, the
# simulator's modelled figures (efficiency metrics, counted at the simulator's size of the GPU size) beside the
# median time `cudagrade bench` measures on the GPU, and per lab the rank correlation (Spearman) of each figure,
# and of a modelled time built from them, with the measured time. The issue asks that the model rank
# naive < tiled < register_tiled and reduce0 < ... < reduce_modern as the GPU's times do.
#
# The modelled time is the memory traffic the simulator counted, each level at an H100's bandwidth (bytes per
# byte the operation must move, so the lab's size cancels out of the ranking):
#   dram_bytes_ratio / 3.35 TB/s + global_traffic_ratio / 5.5 TB/s (L2) + shared_traffic_ratio / 29.6 TB/s
# (132 SMs x 128 B/clock x 1.755 GHz). It leaves out arithmetic, instruction issue, divergence, latency and
# occupancy; the table shows how much of the ladder memory traffic alone explains.
#
# On the GPU machine, one device call (carry .device-debs, as for scripts/device-build.sh):
#   scripts/device-build.sh && scripts/model-vs-gpu.sh "$OUT/model"
# prints the table per lab and leaves table.json, the simulator's reports and bench's tables in OUT_DIR.
# Here, without a GPU, --sim-only prints the modelled columns alone (the time column reads "-").
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
sim_only=0
[[ ${1:-} == --sim-only ]] && { sim_only=1; shift; }
out=${1:?usage: model-vs-gpu.sh [--sim-only] OUT_DIR}
mkdir -p "$out"
cudagrade=${CUDAGRADE:-build/cudagrade}
declare -A gpu_size=([matmul]="4096,4096,4096" [reduction]="16777216")
metrics=(dram_bytes_ratio global_traffic_ratio shared_traffic_ratio shared_bank_conflict_ways global_sectors_over_ideal)
for lab in matmul reduction; do
  IFS=, read -r -a dims <<<"${gpu_size[$lab]}"
  if [[ $lab == matmul ]]; then size="M: ${dims[0]}, K: ${dims[1]}, N: ${dims[2]}"; else size="n: ${dims[0]}"; fi
  {
    echo "lab: $lab"
    echo "cases:"
    # full and zero only shape points, which this script ignores: it reads the figures.
    for metric in "${metrics[@]}"; do
      echo "  - {name: $metric, kind: efficiency, $size, points: 1, timeout: 600, efficiency: {metric: $metric, full: 1000, zero: 2000}}"
    done
  } >"$out/$lab.yaml"
  for file in reference/"$lab"/*.cu; do
    name=$(basename "$file" .cu)
    "$cudagrade" check "$lab" "$file" --backend sim --cases "$out/$lab.yaml" --format json \
      >"$out/$lab-$name.sim.json" 2>"$out/$lab-$name.sim.log" &
  done
  wait
  if [[ $sim_only == 0 ]]; then
    "$cudagrade" bench "$lab" --size "${gpu_size[$lab]}" --backend gpu >"$out/$lab.bench.md" 2>"$out/$lab.bench.log"
  fi
done
python3 - "$out" "$sim_only" <<'PY'
import glob, json, os, re, sys
out, sim_only = sys.argv[1], sys.argv[2] == "1"
BANDWIDTH = {"dram_bytes_ratio": 3.35, "global_traffic_ratio": 5.5, "shared_traffic_ratio": 29.6}  # TB/s
LADDER = {"matmul": ["naive", "tiled", "tiled_boundary", "register_tiled"],
          "reduction": ["reduce0", "reduce1", "reduce2", "reduce3", "reduce4", "reduce_modern"]}

def ranks(values):
    order = sorted(range(len(values)), key=lambda i: values[i])
    result = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            result[order[k]] = (i + j) / 2 + 1  # ties share their mean rank
        i = j + 1
    return result

def spearman(xs, ys):
    if len(xs) < 3:
        return float("nan")
    rx, ry = ranks(xs), ranks(ys)
    mx, my = sum(rx) / len(rx), sum(ry) / len(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    vx = sum((a - mx) ** 2 for a in rx) ** 0.5
    vy = sum((b - my) ** 2 for b in ry) ** 0.5
    return cov / (vx * vy) if vx and vy else float("nan")

def bench_times(path):
    times = {}
    if not os.path.exists(path):
        return times
    for line in open(path):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 3 and cells[1] == "passed":
            try:
                times[cells[0]] = float(cells[2])
            except ValueError:
                pass
    return times

table = {}
for lab, ladder in LADDER.items():
    times = bench_times(os.path.join(out, f"{lab}.bench.md"))
    rows = []
    for name in ladder:
        path = os.path.join(out, f"{lab}-{name}.sim.json")
        if not os.path.exists(path):
            continue
        report = json.load(open(path))
        figures = {c["name"]: (c.get("efficiency") or {}).get("value") for c in report["cases"]}
        counted_at = next((c["efficiency"]["size"] for c in report["cases"] if c.get("efficiency")), [])
        modelled = None
        if all(figures.get(m) is not None for m in BANDWIDTH):
            modelled = sum(figures[m] / bw for m, bw in BANDWIDTH.items())
        rows.append({"reference": name, "verdict": report["verdict"], "counted_at": counted_at, "figures": figures,
                     "modelled": modelled, "gpu_ms": times.get(name)})
    table[lab] = rows
    print(f"\n### {lab}: counted by the simulator at {'x'.join(map(str, rows[0]['counted_at'])) if rows else '-'}, "
          f"timed on the GPU at {'x'.join(str(d) for d in ([4096] * 3 if lab == 'matmul' else [16777216]))}\n")
    names = list(BANDWIDTH) + ["shared_bank_conflict_ways", "global_sectors_over_ideal"]
    print("| reference | verdict | " + " | ".join(names) + " | modelled (ps per byte) | GPU median ms |")
    print("|" + " --- |" * (len(names) + 4))
    for row in rows:
        cells = [f"{row['figures'].get(m):.2f}" if row["figures"].get(m) is not None else "-" for m in names]
        modelled = f"{row['modelled']:.3f}" if row["modelled"] is not None else "-"
        gpu = f"{row['gpu_ms']:.4f}" if row["gpu_ms"] is not None else "-"
        print(f"| {row['reference']} | {row['verdict']} | " + " | ".join(cells) + f" | {modelled} | {gpu} |")
    modelled_order = [r["reference"] for r in sorted((r for r in rows if r["modelled"] is not None),
                                                     key=lambda r: -r["modelled"])]
    print(f"\nslowest to fastest by the model: {' > '.join(modelled_order)}")
    timed = [r for r in rows if r["gpu_ms"] is not None and r["modelled"] is not None]
    if sim_only or len(timed) < 3:
        print("Spearman: needs the GPU's times (run on the GPU machine without --sim-only)")
        continue
    measured = [r["gpu_ms"] for r in timed]
    print(f"GPU, slowest to fastest: {' > '.join(r['reference'] for r in sorted(timed, key=lambda r: -r['gpu_ms']))}")
    print(f"Spearman with the GPU's median time: modelled time {spearman([r['modelled'] for r in timed], measured):.3f}"
          + "".join(f"; {m} {spearman([r['figures'][m] for r in timed], measured):.3f}" for m in BANDWIDTH))
json.dump(table, open(os.path.join(out, "table.json"), "w"), indent=1)
PY
