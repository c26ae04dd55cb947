#!/usr/bin/env bash
# The simulator's memory-access profile (check --profile) against Nsight Compute on the same kernels and sizes:
# for every reference, global sectors per request (loads, stores) and the shared bank conflicts' n-way degree
# (loads, stores), summed over the reference's kernels. The simulator
# counts the first 8 blocks of each launch, ncu every block: the per-request figures compare, the totals do not.
#
# On the GPU machine, after scripts/device-build.sh, as root (ncu reads the counters):
#   scripts/profile-vs-ncu.sh OUT_DIR
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
out=${1:?usage: profile-vs-ncu.sh OUT_DIR}
mkdir -p "$out"
ncu=${NCU:-/usr/local/cuda/bin/ncu}
# Each lab's driver (labs/<lab>/ncu_driver.cu) names the size to profile: its `ncu-case:` line is the
# simulator's test case and its `ncu-args:` line the driver's arguments, so a new lab needs no line here.
declare -A args_of
for lab in $(build/cudagrade list --names); do
  driver=labs/$lab/ncu_driver.cu
  [[ -f $driver ]] || { echo "$driver is missing: $lab's references are not profiled" >&2; continue; }
  printf 'lab: %s\ncases:\n  - %s\n' "$lab" "$(sed -n 's|^// ncu-case: ||p' "$driver")" >"$out/$lab.yaml"
  args_of[$lab]=$(sed -n 's|^// ncu-args: ||p' "$driver")
done
metrics=l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum
metrics+=,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum
metrics+=,smsp__inst_executed_op_shared_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum
metrics+=,smsp__inst_executed_op_shared_st.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum
metrics+=,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum
# ncu cannot profile the grader's runner (its sandbox and object checks refuse the profiler's injection), so it
# profiles each reference linked into its lab's small driver, built in parallel: nvcc is the slow part.
references=()
for lab in "${!args_of[@]}"; do references+=(reference/"$lab"/*.cu); done
for file in "${references[@]}"; do
  lab=$(basename "$(dirname "$file")")
  name=$(basename "$file" .cu)
  nvcc -O3 -arch=sm_90 -lineinfo -I "skeleton/$lab" "labs/$lab/ncu_driver.cu" "$file" -o "$out/$lab-$name" \
    >"$out/$lab-$name.nvcc.log" 2>&1 &
done
wait
for file in "${references[@]}"; do
  lab=$(basename "$(dirname "$file")")
  name=$(basename "$file" .cu)
  build/cudagrade check "$lab" "$file" --backend sim --profile --cases "$out/$lab.yaml" --format json \
    >"$out/$lab-$name.sim.json" 2>"$out/$lab-$name.sim.log"
  # shellcheck disable=SC2086
  "$ncu" -k regex:. -c 64 --csv --print-units base --metrics "$metrics" "$out/$lab-$name" ${args_of[$lab]} \
    >"$out/$lab-$name.ncu.csv" 2>"$out/$lab-$name.ncu.log"
done
python3 - "$out" <<'PY'
# Global memory: sectors per request. Shared memory: the n-way degree, wavefronts over the fewest they could
# be (ncu: wavefronts / (wavefronts - bank conflicts); the simulator: its units over its ideal units). ncu's
# shared instruction counts include warps whose lanes are all predicated off, so per-instruction figures differ
# where the degrees agree.
import csv, glob, io, json, os, sys
out = sys.argv[1]
def ncu_totals(path):
    text = open(path, errors="replace").read()
    start = text.find('"ID"')
    totals = {}
    if start < 0:
        return totals
    for row in csv.DictReader(io.StringIO(text[start:])):
        value = row.get("Metric Value", "").replace(",", "")
        try:
            totals[row["Metric Name"]] = totals.get(row["Metric Name"], 0) + float(value)
        except ValueError:
            pass
    return totals
def ratio(a, b):
    return a / b if b else float("nan")
def sim_totals(path):
    report = json.load(open(path))
    totals = {}
    for line in report.get("profile", []):
        key = (line["memory"], line["access"])
        figure = line.get("sectors_per_request", line.get("wavefronts_per_request"))
        ideal = line.get("ideal_sectors_per_request", line.get("ideal_wavefronts_per_request"))
        instr, units, ideal_units = totals.get(key, (0, 0.0, 0.0))
        totals[key] = (instr + line["instructions"], units + figure * line["instructions"],
                       ideal_units + ideal * line["instructions"])
    return report["verdict"], totals
metric = lambda n, name: n.get(f"l1tex__{name}.sum", 0)
print(f"{'reference':24} {'verdict':8} | {'global ld sect/req':>19} | {'global st sect/req':>19} | "
      f"{'shared ld n-way':>19} | {'shared st n-way':>19}")
print(f"{'':24} {'':8} | {'sim':>9} {'ncu':>9} | {'sim':>9} {'ncu':>9} | {'sim':>9} {'ncu':>9} | {'sim':>9} {'ncu':>9}")
rows = []
for sim_path in sorted(glob.glob(os.path.join(out, "*.sim.json"))):
    stem = os.path.basename(sim_path)[:-len(".sim.json")]
    verdict, sim = sim_totals(sim_path)
    n = ncu_totals(os.path.join(out, stem + ".ncu.csv"))
    per_request = lambda key: ratio(sim.get(key, (0, 0, 0))[1], sim.get(key, (0, 0, 0))[0])
    ways = lambda key: ratio(sim.get(key, (0, 0, 0))[1], sim.get(key, (0, 0, 0))[2])
    def ncu_ways(op):
        wavefronts = metric(n, f"data_pipe_lsu_wavefronts_mem_shared_op_{op}")
        return ratio(wavefronts, wavefronts - metric(n, f"data_bank_conflicts_pipe_lsu_mem_shared_op_{op}"))
    cells = [
        per_request(("global", "load")),
        ratio(metric(n, "t_sectors_pipe_lsu_mem_global_op_ld"), metric(n, "t_requests_pipe_lsu_mem_global_op_ld")),
        per_request(("global", "store")),
        ratio(metric(n, "t_sectors_pipe_lsu_mem_global_op_st"), metric(n, "t_requests_pipe_lsu_mem_global_op_st")),
        ways(("shared", "load")), ncu_ways("ld"), ways(("shared", "store")), ncu_ways("st"),
    ]
    print(f"{stem:24} {verdict:8} | " + " | ".join(f"{cells[i]:9.2f} {cells[i+1]:9.2f}" for i in range(0, 8, 2)))
    rows.append({"reference": stem, "verdict": verdict, "sim": {f"{k[0]}_{k[1]}": v for k, v in sim.items()},
                 "ncu": n})
json.dump(rows, open(os.path.join(out, "table.json"), "w"), indent=1)
PY
