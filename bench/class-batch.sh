#!/usr/bin/env bash
# Wall time of grading a class: N submissions made from the example class's single-file uploads (each with a
# comment naming its student, so none is a cached build), graded by `cudagrade grade` on the example class's
# cases. Prints cudagrade's own split of compiling (parallel, --jobs) and running, and the wall time.
#
#   bench/class-batch.sh [--students 50] [--backend gpu|sim] [--jobs N] [--race-check sim|off] [--slurm SHARDS]
#                        [--cases FILE] [--keep DIR] [--phases]
# --keep: grades.csv and the summary are copied there (and with --phases, the phase table as phases.txt).
# --phases: cudagrade's account of where the running time went, summed over the class (`grade --phases`).
# --slurm: the same class as a Slurm job array of SHARDS tasks (`grade --slurm --shards SHARDS --wait`), on the
# cluster SLURM_CONF names (scripts/slurm-local.sh start gives a one-node one); the wall time then runs from
# submission to the merged gradebook.
set -euo pipefail
cd "$(dirname "$0")/.."
students=50
backend=gpu
jobs=$(nproc)
race_check=sim
slurm=()
cases=tests/data/class/matmul.yaml
keep=
phases=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --students) students=$2; shift ;;
    --backend) backend=$2; shift ;;
    --jobs) jobs=$2; shift ;;
    --race-check) race_check=$2; shift ;;
    --slurm) slurm=(--slurm --shards "$2" --wait); shift ;;
    --cases) cases=$2; shift ;;
    --keep) keep=$2; shift ;;
    --phases) phases=(--phases) ;;
    *) echo "usage: $0 [--students N] [--backend gpu|sim] [--jobs N] [--race-check sim|off] [--slurm SHARDS] [--cases FILE] [--keep DIR] [--phases]" >&2; exit 2 ;;
  esac
  shift
done
cudagrade=${CUDAGRADE:-build/cudagrade}
[[ -x $cudagrade ]] || { echo "$cudagrade is not built; run 'make' first" >&2; exit 2; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir "$scratch/class"
salt=$(date +%s%N)  # every run compiles afresh: no file matches a cached build
mapfile -t sources < <(ls submissions/class/matmul/*_matmul.cu)
for ((i = 0; i < students; i++)); do
  id=$(printf '2027%06d' "$i")
  source=${sources[i % ${#sources[@]}]}
  { cat "$source"; echo "// student $id, run $salt"; } >"$scratch/class/Lab3_${id}_attempt_2026-11-20-09-00-00_matmul.cu"
done
echo "machine: $(nproc) cores, $(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -1); $(date -u '+%Y-%m-%d %H:%M UTC')"
started=$(date +%s.%N)
"$cudagrade" grade matmul "$scratch/class" --out "$scratch/out" --cases "$cases" \
  --backend "$backend" --jobs "$jobs" --sandbox auto --race-check "$race_check" "${slurm[@]}" "${phases[@]}" 2>"$scratch/progress.log" | tee "$scratch/summary.txt" || true
finished=$(date +%s.%N)
if [[ ! -f $scratch/out/grades.csv ]]; then
  echo "cudagrade grade wrote no gradebook; its last words:" >&2
  tail -n 20 "$scratch/progress.log" >&2
  exit 1
fi
grep -h "compiled the class here" "$scratch/progress.log" || true  # --slurm: the submitting node's compile
python3 -c 'import sys; n, a, b = int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3]); print(f"wall: {b - a:.1f} s for {n} submissions, {(b - a) / n:.2f} s each")' \
  "$students" "$started" "$finished"
cut -d, -f5 "$scratch/out/grades.csv" | tail -n +2 | sort | uniq -c
if [[ ${#phases[@]} -gt 0 ]]; then sed -n '/^phase /,$p' "$scratch/progress.log" | tee "$scratch/phases.txt"; fi
if [[ -n $keep ]]; then
  mkdir -p "$keep" && cp "$scratch/out/grades.csv" "$scratch/summary.txt" "$keep/"
  [[ ! -f $scratch/phases.txt ]] || cp "$scratch/phases.txt" "$keep/"
fi
