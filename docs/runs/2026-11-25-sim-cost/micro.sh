#!/usr/bin/env bash
# micro.sh passes lab file size roots...: the runner's time of one case, alternating between roots
passes=$1; lab=$2; file=$3; size=$4; shift 4
for p in $(seq $passes); do
  line=""
  for root in "$@"; do
    t=$(cd $root && CUDAGRADE_ROOT=$root /work/main/build/cudagrade run $lab /work/main/$file --backend sim --size $size 2>&1 | grep "size-" | awk '{print $5}')
    line="$line $(basename $root)=$t"
  done
  echo $line
done
