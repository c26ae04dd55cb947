#!/usr/bin/env bash
# On the GPU (the device tool): what grading a performance case costs on the host, before and after a change,
# in one call. Issue #31's bound: checking a performance case within 10% of before; issue #33's: a performance case within 20% (matmul 4096^3, reduction
# 2^28, transpose 8192^2).
#   scripts/device-check-cost.sh OLD.tar [ROUNDS]
# OLD.tar is the earlier tree (git archive REV > OLD.tar, carried in a git-ignored folder). Both trees are
# built (cudagrade alone), then each lab's correct.cu is graded on its performance cases with --phases by the
# old and the new binary in turn, ROUNDS times (default 3), one at a time on the GPU. Logs go to $OUT; the last
# lines are a table of the median of each host phase that a declared check touches.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
# shellcheck source=scripts/device-env.sh
source scripts/device-env.sh
rounds=${2:-3}
old=/tmp/cudagrade-old
# A warm machine keeps both builds from an earlier call.
if [[ ! -x $old/build/cudagrade ]]; then
  rm -rf "$old" && mkdir -p "$old" && tar -xf "$1" -C "$old" || { echo "cannot unpack $1"; exit 1; }
fi

build() { [[ -x $1/build/cudagrade ]] || build_cudagrade "$1" "$2"; }
build . new & new_pid=$!
build "$old" old & old_pid=$!
wait $new_pid || exit 1
wait $old_pid || exit 1
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$out/gpu.txt"
date -u | tee -a "$out/gpu.txt"

# Each lab's performance cases alone, as the lab's own file gives them (its lines before `cases:`, then every
# case block whose kind is performance). Text, not YAML: the GPU machine may have no PyYAML.
performance_cases() {
  python3 - "$1" <<'PY'
import sys
lines = open(f"testcases/{sys.argv[1]}.yaml").read().splitlines()
start = lines.index("cases:")
print("\n".join(lines[:start + 1]))
block = []
def flush():
    if any("kind: performance" in line for line in block): print("\n".join(block))
for line in lines[start + 1:]:
    if line.startswith("  - "):
        flush()
        block = [line]
    elif line.startswith("    ") and block:
        block.append(line)
flush()
PY
}

for lab in matmul reduction transpose; do
  performance_cases "$lab" >"/tmp/perf-$lab.yaml" || exit 1
  for round in $(seq "$rounds"); do
    for tree in old new; do
      dir=.; [[ $tree == old ]] && dir=$old
      (cd "$dir" && build/cudagrade check "$lab" "submissions/$lab/correct.cu" --cases "/tmp/perf-$lab.yaml" \
        --race-check off --phases) >"$out/$lab-$tree-$round.txt" 2>&1
    done
  done
done

python3 - "$out" "$rounds" <<'PY'
import re, statistics, sys, pathlib
out, rounds = pathlib.Path(sys.argv[1]), int(sys.argv[2])
phases = ["check outputs", "generate inputs", "arena: create", "arena: read back", "judge the timed samples", "prepare the checks", "wall"]
def ms(text, phase):
    # --phases prints "NAME  COUNT  TOTAL_MS  SHARE%" a line.
    for line in text.splitlines():
        found = re.match(r"^\s*(.+?)\s+(\d+)\s+([\d.]+)\s+[\d.]+%$", line)
        if found and found.group(1).startswith(phase): return float(found.group(3))
    return None
print("| lab | phase | old, ms (median) | new, ms (median) | new / old |")
print("| --- | --- | ---: | ---: | ---: |")
for lab in ["matmul", "reduction", "transpose"]:
    for phase in phases:
        values = {}
        for tree in ["old", "new"]:
            got = [ms((out / f"{lab}-{tree}-{r}.txt").read_text(), phase) for r in range(1, rounds + 1)]
            got = [g for g in got if g is not None]
            values[tree] = statistics.median(got) if got else None
        if values["old"] and values["new"]:
            print(f"| {lab} | {phase} | {values['old']:.0f} | {values['new']:.0f} | {values['new'] / values['old']:.3f} |")
        else:
            print(f"| {lab} | {phase} | {values['old']} | {values['new']} | - |")
PY
