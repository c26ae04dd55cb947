#!/usr/bin/env bash
# CTest's sandbox test (issue #13), in the CPU simulator. The files in submissions/escapes/<lab>/ get past
# every static policy (they reach the kernel through glibc's own system-call stub, found by its bytes) or
# attack the compiler, so only the sandbox can stop them:
#   1. each gets the status its header predicts under --sandbox bwrap, and no report holds anything it
#      read (a LEAKED line) or the grader's environment (a token set here);
#   2. in a class run among the honest example class, graded two at a time, every honest student keeps
#      exactly the grade of submissions/class/matmul.expected.csv, and the run finishes;
#   3. no process they started is left behind.
# Without bwrap (no user namespaces) the test cannot run and says so: exit 77, which CTest reports as skipped.
set -uo pipefail
cudagrade=${1:?usage: escape_corpus.sh path/to/cudagrade}
root=$(cd "$(dirname "$0")/.." && pwd)
if ! why=$(bwrap --ro-bind / / --unshare-user --unshare-pid --as-pid-1 -- /bin/true 2>&1); then
  echo "SKIPPED: bwrap cannot start a sandbox on this machine, so the sandbox cannot be tested here: $why"
  exit 77
fi
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
export CUDAGRADE_COURSE_TOKEN="course-token-$RANDOM$RANDOM"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
leaks_in() { grep -rlE "LEAKED|$CUDAGRADE_COURSE_TOKEN" "$@" 2>/dev/null; }

mkdir -p "$scratch/json"
CUDAGRADE=$cudagrade "$root/scripts/grade-examples.sh" --examples "$root/submissions/escapes" \
  --cases-dir "$root/tests/data/class" --json-dir "$scratch/json" -- --backend sim --sandbox bwrap ||
  fail "a file above got another status than its header predicts"
leaks_in "$scratch/json" && fail "the reports above quote what a file read, or the grader's environment"

# The class, with every escape as one more student.
mkdir -p "$scratch/uploads"
cp "$root"/submissions/class/matmul/* "$scratch/uploads/"
id=2026009001
for file in "$root"/submissions/escapes/matmul/*.cu; do
  cp "$file" "$scratch/uploads/Lab3_${id}_attempt_2026-11-20-12-00-00_matmul.cu"
  echo "$id $(basename "$file")" >>"$scratch/escapes.txt"
  id=$((id + 1))
done
"$cudagrade" grade matmul "$scratch/uploads" --cases "$root/tests/data/class/matmul.yaml" --backend sim \
  --sandbox bwrap --jobs 2 --out "$scratch/class" >"$scratch/class.log" 2>&1 ||
  [[ $? == 1 ]] || { cat "$scratch/class.log"; fail "the class run did not finish"; }
while IFS=, read -r student status score; do
  [[ $student == student_id ]] && continue
  row=$(grep "^$student," "$scratch/class/grades.csv" 2>/dev/null) || { fail "$student is missing from grades.csv"; continue; }
  if [[ $(cut -d, -f5 <<<"$row") != "$status" || $(cut -d, -f3 <<<"$row") != "$score" ]]; then
    fail "$student expected $status $score among the escapes, got $(cut -d, -f5 <<<"$row") $(cut -d, -f3 <<<"$row")"
  fi
done <"$root/submissions/class/matmul.expected.csv"
while read -r student file; do
  status=$(grep "^$student," "$scratch/class/grades.csv" 2>/dev/null | cut -d, -f5)
  expected=$(sed -n '1s|^// cudagrade-expect: ||p' "$root/submissions/escapes/matmul/$file")
  [[ $status == "$expected" ]] || fail "$file in the class: expected $expected, got ${status:-no row}"
done <"$scratch/escapes.txt"
# report.html ends with the student's own file (submission.cu), whose code spells the marker: what is checked is
# everything the grade says, the page up to that section.
mkdir -p "$scratch/said"
for report in "$scratch"/class/students/*/; do
  student=$(basename "$report")
  mkdir -p "$scratch/said/$student"
  find "$report" -maxdepth 1 -type f ! -name submission.cu ! -name report.html -exec cp {} "$scratch/said/$student/" \;
  [[ -f $report/report.html ]] && sed '/<h2 id="source">/,$d' "$report/report.html" >"$scratch/said/$student/report.html"
done
leaks_in "$scratch/said" && fail "the reports above quote a classmate's file, the cases or the environment"

# The orphan's child sleeps for a minute; in its PID namespace it died with its runner.
sleep 0.5
# A zombie ("<defunct>", state Z) has ended and can do nothing: where PID 1 is slow to reap, or never reaps (a
# container whose first process is not an init), a killed runner lingers as one. Only a live process counts.
for pid in $(pgrep -f "$(dirname "$cudagrade")/(test-)?cache/.*/runner"); do
  [[ $(ps -o stat= -p "$pid" 2>/dev/null) == Z* ]] && continue
  [[ $(ps -o ppid= -p "$pid" 2>/dev/null | tr -d ' ') == 1 ]] && fail "process $pid outlived its runner: $(ps -o args= -p "$pid")"
done
echo "$failures failure(s)"
[[ $failures == 0 ]]
