#!/usr/bin/env bash
# The hostile corpus on a GPU, in one batch: every file of submissions/adversarial/matmul/ renamed as a
# Blackboard upload (so `cudagrade grade` compiles them in parallel), graded with the GPU backend inside the
# sandbox, and each status compared with the file's header (cudagrade-expect-gpu, else cudagrade-expect).
# The files of submissions/gpu-only/matmul/ go with them: there a file whose header names its honest twin
# (cudagrade-twin: NAME) must score no more than that twin (a quarter point of timing noise allowed).
#   scripts/corpus-on-gpu.sh OUT_DIR
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
out=${1:?usage: corpus-on-gpu.sh OUT_DIR}
uploads=$out/uploads
mkdir -p "$uploads"
declare -A expected
declare -A id_of
i=0
for file in submissions/adversarial/matmul/*.cu submissions/gpu-only/matmul/*.cu; do
  i=$((i + 1))
  id=$(printf '4000%06d' "$i")
  cp "$file" "$uploads/Lab3_${id}_attempt_2026-11-20-09-00-00_matmul.cu"
  # The header as the compiler reads it: a byte-order mark dropped, a lone CR ending a line.
  header=$(sed '1s/^\xEF\xBB\xBF//' "$file" | tr '\r' '\n' | sed -n '1,5p')
  want=$(sed -n 's|^// cudagrade-expect-gpu: ||p' <<<"$header" | head -n 1)
  [[ -z $want ]] && want=$(sed -n 's|^// cudagrade-expect: ||p' <<<"$header" | head -n 1)
  expected[$id]="$want $(basename "$file")"
  id_of[$(basename "$file")]=$id
done
build/cudagrade grade matmul "$uploads" --out "$out/graded" --cases tests/data/class/matmul.yaml --backend gpu \
  --sandbox auto --jobs "$(nproc)" >"$out/grade.txt" 2>"$out/progress.txt"
mismatches=0
for id in $(printf '%s\n' "${!expected[@]}" | sort); do
  read -r want name <<<"${expected[$id]}"
  got=$(grep "^$id," "$out/graded/grades.csv" | cut -d, -f5)
  result=ok
  [[ "|$want|" == *"|$got|"* ]] || { result=MISMATCH; mismatches=$((mismatches + 1)); }
  printf '%-32s %-14s %-14s %s\n' "$name" "$want" "${got:-none}" "$result"
  [[ $result == ok ]] || grep "^$id," "$out/graded/grades.csv" | cut -d, -f6- | cut -c1-300
done | tee "$out/corpus-gpu.txt"
score_of() { grep "^$1," "$out/graded/grades.csv" | cut -d, -f3; }
for file in submissions/gpu-only/matmul/*.cu; do
  twin=$(sed -n 's|^// cudagrade-twin: ||p' "$file" | head -n 1)
  [[ -z $twin ]] && continue
  mine=$(score_of "${id_of[$(basename "$file")]}")
  theirs=$(score_of "${id_of[$twin]}")
  result=ok
  python3 -c "import sys; sys.exit(0 if float('${mine:-0}') <= float('${theirs:-0}') + 0.25 else 1)" || result=MISMATCH
  printf '%-32s %-14s %-14s %s\n' "$(basename "$file")" "<= $twin" "$mine vs $theirs" "$result"
done | tee -a "$out/corpus-gpu.txt"
grep -c MISMATCH "$out/corpus-gpu.txt" | sed 's/^/mismatches: /'
cat "$out/grade.txt"
