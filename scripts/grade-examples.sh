#!/usr/bin/env bash
# Grades every bundled example in submissions/<lab>/ (and, with --references, every file in reference/<lab>/)
# and compares each verdict with the one the file predicts in its first lines (references must pass):
#   // cudagrade-expect: STATUS            on every backend
#   // cudagrade-expect-gpu: STATUS|STATUS  on the GPU, where a race may pass by luck or not
#   // cudagrade-expect-sim: STATUS        in the CPU simulator (--backend sim)
# Prints one row per file and exits nonzero if any verdict differs.
#
#   scripts/grade-examples.sh [--references] [--examples DIR] [--cases-dir DIR] [--json-dir DIR] [-- extra cudagrade options]
# --examples: the folder holding <lab>/*.cu (default submissions; submissions/adversarial for the hostile corpus).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
cudagrade=${CUDAGRADE:-build/cudagrade}
with_references=0
cases_dir=""
json_dir=""
examples_dir=submissions
while [[ $# -gt 0 ]]; do
  case "$1" in
    --references) with_references=1 ;;
    --cases-dir) cases_dir=$2; shift ;;
    --examples) examples_dir=$2; shift ;;
    --json-dir) json_dir=$2; shift ;;
    --) shift; break ;;
    *) echo "usage: $0 [--references] [--examples DIR] [--cases-dir DIR] [--json-dir DIR] [-- cudagrade options]" >&2; exit 2 ;;
  esac
  shift
done
extra=("$@")
backend=gpu
for ((i = 0; i < ${#extra[@]}; i++)); do
  [[ ${extra[i]} == --backend && $((i + 1)) -lt ${#extra[@]} ]] && backend=${extra[i + 1]}
  [[ ${extra[i]} == --backend=* ]] && backend=${extra[i]#--backend=}
done
[[ -x $cudagrade ]] || { echo "$cudagrade is not built; run 'make' first" >&2; exit 2; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# Without a GPU only what is decided before anything runs (compile errors, rejections) can be checked; the
# rest is reported as needing a GPU, not as a mismatch.
have_gpu=1
[[ $backend == sim ]] || "$cudagrade" devices >/dev/null 2>&1 || have_gpu=0
mismatches=0
needs_gpu=0
rows=()
for lab in $("$cudagrade" list --names); do
  files=()
  for file in "$examples_dir/$lab"/*.cu; do [[ -e $file ]] && files+=("$file"); done
  [[ $with_references == 1 ]] && files+=(reference/"$lab"/*.cu)
  cases=()
  [[ -n $cases_dir ]] && cases=(--cases "$cases_dir/$lab.yaml")
  for file in "${files[@]}"; do
    # tr: a CR-only or CRLF file (part of the hostile corpus) keeps its expectation on a line of its own.
    expected=$(tr '\r' '\n' <"$file" | sed -n "1,5s|^// cudagrade-expect-$backend: ||p" | head -n 1)
    [[ -z $expected ]] && expected=$(tr '\r' '\n' <"$file" | sed -n '1,5s|^// cudagrade-expect: ||p' | head -n 1)
    [[ -z $expected ]] && expected=passed
    json=$scratch/report.json
    [[ -n $json_dir ]] && json=$json_dir/$lab-$(basename "$file" .cu)-$(basename "$(dirname "$(dirname "$file")")").json
    started=$(date +%s)
    rm -f "$json"  # a run that dies before writing its report must not be read as the last file's
    "$cudagrade" check "$lab" "$file" "${cases[@]}" --format json --json "$json" "${extra[@]}" >/dev/null 2>"$scratch/stderr"
    code=$?
    verdict=$(sed -n 's/^  "verdict": "\([^"]*\)",\{0,1\}$/\1/p' "$json" 2>/dev/null)
    score=$(sed -n 's/^  "score": \([^,]*\),\{0,1\}$/\1/p' "$json" 2>/dev/null)
    max=$(sed -n 's/^  "max_score": \([^,]*\),\{0,1\}$/\1/p' "$json" 2>/dev/null)
    outcome=ok
    if [[ $have_gpu == 0 && $verdict == infra_error && $expected != infra_error ]]; then
      outcome=needs-gpu
      needs_gpu=$((needs_gpu + 1))
    elif [[ $code -ge 128 || "|$expected|" != *"|$verdict|"* ]]; then  # >= 128: the grader died by a signal
      outcome=MISMATCH
      mismatches=$((mismatches + 1))
      [[ -s $scratch/stderr ]] && sed 's/^/    /' "$scratch/stderr" >&2
    fi
    rows+=("$(printf '%-40s %-14s %-14s %7s %5ss %-4s %s' "$file" "$expected" "${verdict:-none}" "${score:-?}/${max:-?}" $(( $(date +%s) - started )) "$code" "$outcome")")
  done
done
printf '%-40s %-14s %-14s %7s %6s %-4s %s\n' file expected verdict score time exit result
printf '%s\n' "${rows[@]}"
echo "$mismatches mismatch(es)"
if [[ $needs_gpu -gt 0 ]]; then
  echo "$needs_gpu file(s) not run: no usable GPU here (try --backend sim); their compile and static checks passed"
fi
[[ $mismatches == 0 ]]
