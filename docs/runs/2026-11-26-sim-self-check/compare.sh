#!/usr/bin/env bash
# The simulator's self-check of submissions/matmul/correct.cu (the visible cases), before and after, alternating
# on one machine: `cudagrade check matmul submissions/matmul/correct.cu --backend sim --phases`, each with its
# build cached (a first run of each fills it).
#
#   compare.sh BEFORE_BIN BEFORE_ROOT AFTER_BIN AFTER_ROOT OUT [ROUNDS]
# BEFORE_BIN: a cudagrade built from the tree before (here 4468943), BEFORE_ROOT a checkout of that tree.
set -euo pipefail
before_bin=$1 before_root=$2 after_bin=$3 after_root=$4 out=$5 rounds=${6:-5}
mkdir -p "$out"
run() {  # side bin root round
  local start end
  start=$(date +%s.%N)
  "$2" --root "$3" --cache-dir "$out/cache-$1" check matmul "$3/submissions/matmul/correct.cu" --backend sim --phases \
    >"$out/$1-$4.txt" 2>&1
  end=$(date +%s.%N)
  printf '%s %s %.2f %s\n' "$1" "$4" "$(echo "$end - $start" | bc)" "$(grep -o 'score [0-9.]* / [0-9]*' "$out/$1-$4.txt")"
}
run before "$before_bin" "$before_root" 0 >/dev/null
run after "$after_bin" "$after_root" 0 >/dev/null
echo "machine: $(nproc) cores, $(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -1); $(date -u '+%Y-%m-%d %H:%M UTC')"
for round in $(seq 1 "$rounds"); do
  run before "$before_bin" "$before_root" "$round"
  run after "$after_bin" "$after_root" "$round"
done
rm -rf "$out/cache-before" "$out/cache-after" "$out"/*-0.txt
