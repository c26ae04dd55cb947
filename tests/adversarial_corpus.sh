#!/usr/bin/env bash
# CTest's hostile-submission test (issue #5), in the CPU simulator:
#   1. every file in submissions/adversarial/<lab>/ gets the status its header predicts (none passes);
#   2. every hostile archive made by scripts/make-adversarial-archives.py gets its expected intake status
#      from `cudagrade grade`;
#   3. nothing is left behind: no runner process, no new folder in /dev/shm or /tmp.
set -uo pipefail
cudagrade=${1:?usage: adversarial_corpus.sh path/to/cudagrade}
root=$(cd "$(dirname "$0")/.." && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# The grader's work folders are cudagrade-<pid>-<random> (core/temp_dir.h).
leftovers() { find /dev/shm /tmp -maxdepth 1 -regextype posix-extended -regex '.*/cudagrade-[0-9]+-[^/]*' 2>/dev/null | sort; }
leftovers >"$scratch/before.txt"
failures=0

CUDAGRADE=$cudagrade "$root/scripts/grade-examples.sh" --examples "$root/submissions/adversarial" \
  --cases-dir "$root/tests/data/class" -- --backend sim || failures=$((failures + 1))
if grep -l "cudagrade-expect: passed" "$root"/submissions/adversarial/*/*.cu; then
  echo "FAIL: a hostile file above is expected to pass"
  failures=$((failures + 1))
fi

python3 "$root/scripts/make-adversarial-archives.py" "$scratch/archives" >/dev/null
"$cudagrade" grade matmul "$scratch/archives/uploads" --out "$scratch/archives/out" \
  --cases "$root/tests/data/class/matmul.yaml" --backend sim >"$scratch/archives.log" 2>&1
while IFS=, read -r id status; do
  [[ $id == student_id ]] && continue
  got=$(grep "^$id," "$scratch/archives/out/grades.csv" | cut -d, -f5)
  if [[ $got == "$status" ]]; then
    echo "archive $id: $status ok"
  else
    echo "FAIL: archive $id expected $status, got ${got:-no row}"
    failures=$((failures + 1))
  fi
done <"$scratch/archives/expected.csv"

# The text report quotes what a submission printed as data: no byte a terminal acts on may reach it raw.
"$cudagrade" check matmul "$root/submissions/adversarial/matmul/terminal_escapes.cu" --backend sim \
  --cases "$root/tests/data/class/matmul.yaml" --format text >"$scratch/escapes.txt" 2>&1
if LC_ALL=C grep -q $'[\x01-\x08\x0b-\x1f\x7f]' "$scratch/escapes.txt" || ! grep -q 'x1b\[2J' "$scratch/escapes.txt"; then
  echo "FAIL: the text report passed a control character through, or did not quote the output:"
  cat -v "$scratch/escapes.txt"
  failures=$((failures + 1))
fi

# Orphaned runners (their grader gone, adopted by init); other tests' live runners are not leftovers.
for pid in $(pgrep -f "$(dirname "$cudagrade")/(test-)?cache/.*/runner"); do
  if [[ $(ps -o ppid= -p "$pid" 2>/dev/null | tr -d ' ') == 1 ]]; then
    echo "FAIL: runner $pid was left behind: $(ps -o args= -p "$pid")"
    failures=$((failures + 1))
  fi
done
# New work folders whose grader has exited (other tests may be running beside this one: theirs are alive).
leftovers >"$scratch/after.txt"
while read -r folder; do
  pid=$(basename "$folder" | cut -d- -f2)
  if ! kill -0 "$pid" 2>/dev/null; then
    echo "FAIL: $folder was left behind by process $pid, which has exited"
    failures=$((failures + 1))
  fi
done < <(comm -13 "$scratch/before.txt" "$scratch/after.txt")
[[ -e /tmp/planted ]] && { echo "FAIL: a submission wrote /tmp/planted"; failures=$((failures + 1)); }
echo "$failures failure(s)"
[[ $failures == 0 ]]
