#!/usr/bin/env bash
# CTest's class test, in the CPU simulator: the example class (submissions/class/matmul/, an LMS download
# of 14 students) graded with `cudagrade grade` must give every student the status and score in
# submissions/class/matmul.expected.csv; and a run killed with SIGKILL part-way, then resumed, must write the
# same grades.csv, byte for byte, as the uninterrupted run.
set -uo pipefail
cudagrade=${1:?usage: class_grading.sh path/to/cudagrade}
root=$(cd "$(dirname "$0")/.." && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
grade() {
  "$cudagrade" grade matmul "$root/submissions/class/matmul" --cases "$root/tests/data/class/matmul.yaml" \
    --backend sim --jobs 2 --out "$@"
}

grade "$scratch/whole" >"$scratch/whole.log" 2>&1 || { cat "$scratch/whole.log"; echo "FAIL: the class run failed"; exit 1; }
failures=0
while IFS=, read -r id status score; do
  [[ $id == student_id ]] && continue
  row=$(grep "^$id," "$scratch/whole/grades.csv") || { echo "FAIL: $id is missing from grades.csv"; failures=$((failures + 1)); continue; }
  got_score=$(cut -d, -f3 <<<"$row")
  got_status=$(cut -d, -f5 <<<"$row")
  if [[ $got_status != "$status" || $got_score != "$score" ]]; then
    echo "FAIL: $id expected $status $score, got $got_status $got_score"
    failures=$((failures + 1))
  fi
done <"$root/submissions/class/matmul.expected.csv"
rows=$(($(wc -l <"$scratch/whole/grades.csv") - 1))
expected_rows=$(($(wc -l <"$root/submissions/class/matmul.expected.csv") - 1))
[[ $rows == "$expected_rows" ]] || { echo "FAIL: grades.csv has $rows students, expected $expected_rows"; failures=$((failures + 1)); }
for file in summary.html students/2026000006/report.html students/2026000006/report.md students/2026000007/compile.log; do
  [[ -s $scratch/whole/$file ]] || { echo "FAIL: $file was not written"; failures=$((failures + 1)); }
done

# Killed part-way: some students stored, the rest not; the resumed run must finish the same gradebook.
# exec, so that $! is cudagrade itself and not a subshell around it.
(exec "$cudagrade" grade matmul "$root/submissions/class/matmul" --cases "$root/tests/data/class/matmul.yaml" \
  --backend sim --jobs 2 --out "$scratch/killed" >"$scratch/killed.log" 2>&1) &
pid=$!
for _ in $(seq 1 100); do
  stored=$(find "$scratch/killed/students" -name result.json 2>/dev/null | wc -l)
  [[ $stored -ge 5 ]] && break
  sleep 0.1
done
kill -KILL "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
stored=$(find "$scratch/killed/students" -name result.json 2>/dev/null | wc -l)
echo "killed the run with $stored of $expected_rows results stored"
[[ -e $scratch/killed/grades.csv ]] && { echo "FAIL: the killed run got as far as the gradebook; kill it earlier"; failures=$((failures + 1)); }
grade "$scratch/killed" --resume >"$scratch/resumed.log" 2>&1 || { cat "$scratch/resumed.log"; echo "FAIL: the resumed run failed"; exit 1; }
grep -q "kept from an earlier run" "$scratch/resumed.log" || { echo "FAIL: the resumed run kept nothing"; failures=$((failures + 1)); }
if ! cmp -s "$scratch/whole/grades.csv" "$scratch/killed/grades.csv"; then
  echo "FAIL: the resumed grades.csv differs from the uninterrupted one:"
  diff "$scratch/whole/grades.csv" "$scratch/killed/grades.csv"
  failures=$((failures + 1))
fi
echo "$failures failure(s)"
[[ $failures == 0 ]]
