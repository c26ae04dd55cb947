#!/usr/bin/env bash
# What the simulator's fibers and the instrumented kernel cost without the race checker's work: the lectures'
# tiled matmul at n = 128 (bench/sim-vs-numba.sh's kernel and size), the simulated call as the sim runner
# measures it, in this tree and in a copy whose __tsan_read4 and __tsan_write4 return at once (the calls stay,
# the checking goes; the copy's answers are then `host_compute`, which does not matter for the time).
# Alternating, ROUNDS runs each, every run a fresh runner process as in grading.
#
#   docs/runs/2026-11-26-sim-floor/floor.sh [ROUNDS]      (from the project root, after make)
set -euo pipefail
cd "$(dirname "$0")/../../.."
rounds=${1:-11}
scratch=$(mktemp -d)
trap 'git worktree remove --force "$scratch/tree" >/dev/null 2>&1 || true; rm -rf "$scratch"' EXIT
git worktree add --detach "$scratch/tree" HEAD >/dev/null 2>&1
sed -i -e 's|void __tsan_read4(void\* a) { cusim::race::read4(a); }|void __tsan_read4(void* a) { asm volatile("" :: "r"(a)); }|' \
  -e 's|void __tsan_write##size(void\* a) { cusim::race::access(a, size, true, false, CUSIM_PC); }|void __tsan_write##size(void* a) { asm volatile("" :: "r"(a)); }|' \
  "$scratch/tree/grader/cusim/runtime/race_checker.cc"
[[ $(grep -c 'asm volatile' "$scratch/tree/grader/cusim/runtime/race_checker.cc") == 2 ]] || { echo "the patch did not apply" >&2; exit 1; }
one() {  # root cache
  build/cudagrade --root "$1" --cache-dir "$2" run matmul reference/matmul/tiled_boundary.cu --backend sim \
    --size 128,128,128 --format json --output "$scratch/run.json" >/dev/null 2>&1 || true
  python3 -c 'import json,sys; c=json.load(open(sys.argv[1]))["cases"][0]; print(c["status"], c["simulated_ms"])' "$scratch/run.json"
}
one "$PWD" "$scratch/cache-checked" >/dev/null
one "$scratch/tree" "$scratch/cache-empty" >/dev/null
echo "machine: $(nproc) cores, $(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -1); $(date -u '+%Y-%m-%d %H:%M UTC'); load $(cut -d' ' -f1-3 /proc/loadavg)"
checked=() empty=()
for _ in $(seq 1 "$rounds"); do
  read -r status ms < <(one "$PWD" "$scratch/cache-checked"); checked+=("$ms"); [[ $status == passed ]]
  read -r _ ms < <(one "$scratch/tree" "$scratch/cache-empty"); empty+=("$ms")
done
median() { printf '%s\n' "$@" | sort -g | sed -n "$(( ($# + 1) / 2 ))p"; }
echo "race checking on (as graded):  median $(median "${checked[@]}") ms: ${checked[*]}"
echo "hooks called, checking nothing: median $(median "${empty[@]}") ms: ${empty[*]}"
