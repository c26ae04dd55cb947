#!/usr/bin/env bash
# On one machine (the device tool's, for its cores): the tree before a change against the tree after it, in the
# simulator, where the change must not alter what any shipped lab gives. Needs both built: build/cudagrade here
# and /tmp/cudagrade-old/build/cudagrade (scripts/device-check-cost.sh leaves both). Lines that differ in
# timings, addresses, folders and cache state only are the expected differences; any other is a change.
# Every lab's inputs and outputs dumped at a small size, and the text report of
# every example on the quick cases, in the simulator. Jobs run 12 at a time; results are written as they end.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
source .device-debs/env.sh >/dev/null; export PATH=/usr/local/cuda/bin:$PATH
old=/tmp/cudagrade-old; new=$PWD; export old new
size() { case $1 in matmul) echo 33,17,29;; reduction) echo 3001;; transpose) echo 33,65;; vector_add) echo 1001;; histogram) echo 5000,256;; scan) echo 3001;; conv2d) echo 40,33,2;; softmax) echo 17,300;; spmv) echo 200,300,3000;; esac; }
job() { # tree lab [file]
  local dir; dir=$([[ $1 == old ]] && echo $old || echo $new); mkdir -p /tmp/id/$1/$2; cd $dir || return
  if [[ -z ${3:-} ]]; then timeout 200 build/cudagrade run $2 submissions/$2/correct.cu --backend sim --size $4 --dump /tmp/id/$1/$2/dump > /tmp/id/$1/$2/run.txt 2>&1
  else timeout 200 build/cudagrade check $2 $3 --backend sim --cases testcases/quick/$2.yaml 2>&1 | sed -E 's/[0-9]+ ms/T ms/g; s/[0-9.]+ s\b/T s/g' > /tmp/id/$1/$2/$(basename $3).txt; fi
}
export -f job
{ for lab in $(ls labs); do for t in old new; do echo "$t $lab '' $(size $lab)"; for f in submissions/$lab/*.cu; do echo "$t $lab $f x"; done; done; done; } > /tmp/jobs.txt
wc -l < /tmp/jobs.txt
xargs -P 12 -L 1 bash -c 'job "$0" "$1" "$2" "$3"' < /tmp/jobs.txt
for tree in old new; do find /tmp/id/$tree -name '*.txt' -exec sed -i -E 's/ +/ /g; s/\(commit [^)]*\)/(commit C)/' {} +; done
for lab in $(ls labs); do
  diff -r /tmp/id/old/$lab /tmp/id/new/$lab > /tmp/id/$lab.diff
  echo "$lab: $(find /tmp/id/new/$lab -type f | wc -l) files, $(grep '^[<>]' /tmp/id/$lab.diff | grep -v -E 'address 0x|wrote the matrices|build: built|[0-9]+ ms ' | wc -l) lines differ beyond timings, addresses, folders and the cache"
done | tee "${OUT:-.}/identity.txt"
