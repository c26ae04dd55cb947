#!/usr/bin/env bash
# Issue #12 item 2's cost, from the grader's own phase clock: for every reference, checked in the simulator on
# the cases of costcases/ (the shipped correctness cases, hidden ones included), the time of the student's
# runner requests in the first order ("run the case once") and in the second ("the case in the second
# order"), summed over the file's cases, and what both orders cost over the first alone.
#   docs/runs/2026-11-25-sim-cost/orders.sh [path/to/cudagrade]   (from the project root)
set -uo pipefail
cudagrade=${1:-build/cudagrade}
here=$(dirname "$0")
printf '%-32s %12s %12s %8s\n' reference first_ms second_ms both/1st
for file in reference/*/*.cu; do
  lab=$(basename "$(dirname "$file")")
  "$cudagrade" check "$lab" "$file" --backend sim --include-hidden --cases "$here/costcases/$lab.yaml" --phases \
    2>&1 >/dev/null | awk -v name="${file#reference/}" '
      /student.s runner: run the case once/ { first = $(NF-1) }
      /student.s runner: the case in the second order/ { second = $(NF-1) }
      END { printf "%-32s %12.1f %12.1f %7.2fx\n", name, first, second, (first + second) / first }'
done
