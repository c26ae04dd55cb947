#!/usr/bin/env bash
# On the GPU machine (the device tool): the simulator's self-check of submissions/matmul/correct.cu by an old
# and the new tree, alternately, `runs` times each after one warm-up each (issue #33's 20% bound on a
# student's self-check), each run's wall time printed, then the medians. Both trees' builds cache separately.
#   scripts/device-self-check-repeat.sh OLD.tar [RUNS]
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
# shellcheck source=scripts/device-env.sh
source scripts/device-env.sh
old=/tmp/cudagrade-old
runs=${2:-5}
if [[ ! -d $old ]]; then
  mkdir -p "$old"
  tar -xf "$1" -C "$old" || { echo "cannot unpack $1"; exit 1; }
fi
[[ -x build/cudagrade ]] || build_cudagrade . new & new_pid=$!
[[ -x $old/build/cudagrade ]] || build_cudagrade "$old" old & old_pid=$!
wait $new_pid || exit 1
wait $old_pid || exit 1
here=$PWD
self_check() {  # TREE: prints the run's wall time in ms
  local dir=$here
  [[ $1 == old ]] && dir=$old
  (cd "$dir" && build/cudagrade check matmul "$here/submissions/matmul/correct.cu" --backend sim --phases) 2>&1 |
    awk '/^wall/ {print $(NF-1)}'
}
self_check old >/dev/null
self_check new >/dev/null
for ((i = 1; i <= runs; i++)); do
  for tree in old new; do echo "$tree $(self_check "$tree")"; done
done | tee "$out/self-check-runs.txt"
for tree in old new; do
  echo "$tree median: $(awk -v t="$tree" '$1 == t {print $2}' "$out/self-check-runs.txt" | sort -n |
    awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}') ms"
done | tee -a "$out/self-check-runs.txt"
